import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../../../../modules/hub"
import type HubModuleService from "../../../../../modules/hub/service"
import { productsInAccountChannels } from "../../../../../queries/hub-product-publication"
import type { HubProductPublications } from "../../types"
import { hubProductView } from "../view"

/**
 * One product's publication on each hub account concerned, for its page's card: every account of a
 * store with one (its card reads as before accounts); else each account whose sales channel has the
 * product, or that has a publication of it (a product that left the channel, still on that hub).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse<HubProductPublications>) {
  const hub: HubModuleService = req.scope.resolve(HUB_MODULE)
  const productId = req.params.id
  const [product] = await req.scope.resolve(Modules.PRODUCT).listProducts({ id: productId }, { select: ["id", "title"] })
  if (!product) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Product ${productId} was not found`)
  const accounts = hub.accounts
  const [rows, inChannels] = await Promise.all([
    hub.listHubProductPublications({ product_id: productId }),
    accounts.length > 1 ? productsInAccountChannels(req.scope, accounts, [productId]) : null,
  ])
  const concerned = accounts.filter(({ id }) => !inChannels || inChannels.get(id)!.has(productId) || rows.some((row) => row.account === id))
  res.json({
    accounts: hub.accountIds,
    publications: concerned.map(({ id, options }) => {
      const row = rows.find((found) => found.account === id)
      return { account: id, publish_products: options.publishProducts, product: row ? hubProductView(row, product.title) : null }
    }),
  })
}
