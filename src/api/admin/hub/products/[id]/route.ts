import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../../../../modules/hub"
import type { HubAccountOptions } from "../../../../../modules/hub/accounts"
import type HubModuleService from "../../../../../modules/hub/service"
import { ruledVariantPrices } from "../../../../../queries/hub-prices"
import { productsInAccountChannels } from "../../../../../queries/hub-product-publication"
import type { HubProductPublications } from "../../types"
import { marketplaceRefusalView } from "../../marketplace-refusals/fields"
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
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const productId = req.params.id
  const [product] = await req.scope.resolve(Modules.PRODUCT).listProducts({ id: productId }, { select: ["id", "title"] })
  if (!product) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Product ${productId} was not found`)
  const accounts = hubModule.accounts
  // Each account's row and SKUs (the default warehouse's: another warehouse's carry its qty alone, docs/catalogue.md, Warehouses).
  const [inChannels, ofAccounts] = await Promise.all([
    accounts.length > 1 ? productsInAccountChannels(req.scope, accounts, [productId]) : null,
    Promise.all(accounts.map(async ({ records }) => ({ row: await records.publications.of(productId), skuRows: await records.skusOfProduct(productId) }))),
  ])
  const concerned = accounts.flatMap((account, index) => (!inChannels || inChannels.get(account.id)!.has(productId) || ofAccounts[index].row ? [{ account, ...ofAccounts[index] }] : []))
  const variantIds = [...new Set(concerned.flatMap(({ skuRows }) => skuRows.flatMap((row) => (row.variant_id ? [row.variant_id] : []))))]
  const ruled = await Promise.all(concerned.map(({ account }) => (keepsPrices(account.options) ? ruledVariantPrices(req.scope, variantIds, account.options) : null)))
  const [categoryNames, refusals, codes] = await Promise.all([
    categoryNamesOf(req.scope, ruled.flatMap((account) => [...(account?.prices.values() ?? [])].map(({ price }) => ("amount" in price ? price.rule : null)))),
    Promise.all(
      concerned.map(({ account, row, skuRows }) => {
        const skus = [...new Set([...skuRows.map((skuRow) => skuRow.sku), ...(row?.sku ? [row.sku] : [])])]
        return skus.length ? account.records.marketplaceRefusals.open("products", skus) : []
      })
    ),
    variantIds.length ? req.scope.resolve(Modules.PRODUCT).listProductVariants({ id: variantIds }, { select: ["id", "ean", "upc", "barcode"] }) : [],
  ])
  // The code the hub's `ean` is read from, as src/mapping/hub-ean.ts reads it first: the variant's ean, else upc, else barcode.
  const eanOf = new Map(codes.map((variant) => [variant.id, [variant.ean, variant.upc, variant.barcode].map((code) => code?.trim()).find(Boolean) ?? null]))
  res.json({
    accounts: hubModule.accountIds,
    publications: concerned.map(({ account: { id, options }, row, skuRows }, index) => {
      const prices = hubPricesView(skuRows, options, ruled[index]?.prices, categoryNames)
      const marketplace_refusals = refusals[index].map(marketplaceRefusalView)
      const skusSentAt = skuRows.reduce<Date | null>((last, skuRow) => (skuRow.sent_at && (!last || skuRow.sent_at > last) ? skuRow.sent_at : last), null)
      const variants = skuRows.flatMap((skuRow) => (skuRow.variant_id ? [{ sku: skuRow.sku, variant_id: skuRow.variant_id, ean: eanOf.get(skuRow.variant_id) ?? null }] : []))
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
