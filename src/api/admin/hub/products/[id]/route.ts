import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../../../../modules/hub"
import type { HubAccountOptions } from "../../../../../modules/hub/accounts"
import type HubModuleService from "../../../../../modules/hub/service"
import { ruledVariantPrices } from "../../../../../queries/hub-prices"
import { productsInAccountChannels } from "../../../../../queries/hub-product-publication"
import type { HubProductPublications } from "../../types"
import { MARKETPLACE_REFUSAL_FIELDS, marketplaceRefusalView } from "../../marketplace-refusals/fields"
import { categoryNamesOf, hubPricesView } from "../prices"
import { hubProductView } from "../view"

/**
 * One product's publication on each hub account concerned, for its page's card: every account of a
 * store with one (its card reads as before accounts); else each account whose sales channel has the
 * product, or that has a publication of it (a product that left the channel, still on that hub); with
 * each SKU's price on that hub, the steps a large cut still has to go and what made it, in the
 * account's currency (`prices`, `currency_code`); and what a marketplace refused of its SKUs after the
 * hub took them (`marketplace_refusals`, in the hub's words, until the hub is told it is fixed); and
 * each hub SKU's variant with the code Medusa holds for its EAN (`variants`: what a refusal of an EAN is
 * fixed on, and whether there is one to correct).
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
    // The default warehouse's rows: another warehouse's carry its qty alone (docs/catalogue.md, Warehouses).
    hub.listHubCatalogueChanges({ product_id: productId, warehouse: "98" }, { select: ["account", "sku", "variant_id", "wanted", "accepted", "sent_at"] }),
  ])
  const concerned = accounts.filter(({ id }) => !inChannels || inChannels.get(id)!.has(productId) || rows.some((row) => row.account === id))
  const variantIds = [...new Set(skuRows.flatMap((row) => (row.variant_id ? [row.variant_id] : [])))]
  const ruled = await Promise.all(concerned.map(({ options }) => (keepsPrices(options) ? ruledVariantPrices(req.scope, variantIds, options) : null)))
  const skus = [...new Set([...skuRows.map((row) => row.sku), ...rows.flatMap((row) => (row.sku ? [row.sku] : []))])]
  const [categoryNames, refusals, codes] = await Promise.all([
    categoryNamesOf(req.scope, ruled.flatMap((account) => [...(account?.prices.values() ?? [])].map(({ price }) => ("amount" in price ? price.rule : null)))),
    skus.length ? hub.listHubSyncErrors({ entity: "products", entity_id: skus, cleared_at: null }, { select: ["account", ...MARKETPLACE_REFUSAL_FIELDS] }) : [],
    variantIds.length ? req.scope.resolve(Modules.PRODUCT).listProductVariants({ id: variantIds }, { select: ["id", "ean", "upc", "barcode"] }) : [],
  ])
  // The code the hub's `ean` is read from, as src/mapping/hub-ean.ts reads it first: the variant's ean, else upc, else barcode.
  const eanOf = new Map(codes.map((variant) => [variant.id, [variant.ean, variant.upc, variant.barcode].map((code) => code?.trim()).find(Boolean) ?? null]))
  res.json({
    accounts: hub.accountIds,
    publications: concerned.map(({ id, options }, index) => {
      const row = rows.find((found) => found.account === id)
      const prices = hubPricesView(skuRows.filter((skuRow) => skuRow.account === id), options, ruled[index]?.prices, categoryNames)
      const marketplace_refusals = refusals.filter((refusal) => refusal.account === id).map(marketplaceRefusalView)
      const skusSentAt = skuRows.filter((skuRow) => skuRow.account === id).reduce<Date | null>((last, skuRow) => (skuRow.sent_at && (!last || skuRow.sent_at > last) ? skuRow.sent_at : last), null)
      const variants = skuRows.flatMap((skuRow) => (skuRow.account === id && skuRow.variant_id ? [{ sku: skuRow.sku, variant_id: skuRow.variant_id, ean: eanOf.get(skuRow.variant_id) ?? null }] : []))
      return {
        account: id,
        publish_products: options.publishProducts,
        product: row ? hubProductView(row, product.title, skusSentAt) : null,
        currency_code: ruled[index]?.currencyCode ?? null,
        prices,
        marketplace_refusals,
        variants,
      }
    }),
  })
}

const keepsPrices = (options: HubAccountOptions) => options.catalogueFields.some((field) => field === "price" || field === "promotional_price")
