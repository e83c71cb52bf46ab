import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../../../../modules/hub"
import type HubModuleService from "../../../../../modules/hub/service"
import { productsInAccountChannels } from "../../../../../queries/hub-product-publication"
import type { HubProductPublications } from "../../types"
import { hubPricesView } from "../prices"
import { hubProductView } from "../view"

/**
 * One product's publication on each hub account concerned, for its page's card: every account of a
 * store with one (its card reads as before accounts); else each account whose sales channel has the
 * product, or that has a publication of it (a product that left the channel, still on that hub); with
 * each SKU's price on that hub, and the steps a large cut still has to go (`prices`).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse<HubProductPublications>) {
  const hub: HubModuleService = req.scope.resolve(HUB_MODULE)
  const productId = req.params.id
  const [product] = await req.scope.resolve(Modules.PRODUCT).listProducts({ id: productId }, { select: ["id", "title"] })
  if (!product) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Product ${productId} was not found`)
  const accounts = hub.accounts
  const [rows, inChannels, skuRows] = await Promise.all([
    hub.listHubProductPublications({ product_id: productId }),
    accounts.length > 1 ? productsInAccountChannels(req.scope, accounts, [productId]) : null,
    hub.listHubCatalogueChanges({ product_id: productId }, { select: ["account", "sku", "wanted", "accepted"] }),
  ])
  const concerned = accounts.filter(({ id }) => !inChannels || inChannels.get(id)!.has(productId) || rows.some((row) => row.account === id))
  res.json({
    accounts: hub.accountIds,
    publications: concerned.map(({ id, options }) => {
      const row = rows.find((found) => found.account === id)
      const prices = hubPricesView(skuRows.filter((skuRow) => skuRow.account === id), options)
      return { account: id, publish_products: options.publishProducts, product: row ? hubProductView(row, product.title) : null, prices }
    }),
  })
}
