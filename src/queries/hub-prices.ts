import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, QueryContext } from "@medusajs/framework/utils"
import { hubPricesByRules, NO_PRICE_RULES, type HubPriceRules, type PriceContext } from "../mapping/hub-price-rules"
import type { VariantReading } from "../mapping/hub-product"
import { HUB_MODULE } from "../modules/hub"
import type { HubAccountOptions } from "../modules/hub/accounts"
import type HubModuleService from "../modules/hub/service"

/** A variant's price as Medusa computes it in the account's region, and what its price rules read of it. */
export type MedusaVariantPrice = { medusa: NonNullable<VariantReading["price"]>; context: PriceContext }

/**
 * Each variant's price in the account's region and currency as Medusa computes it (`calculated_price`
 * with a QueryContext): the original amount, the calculated one, and whether a sale price list set it;
 * with `withContext`, its product's categories (root to leaf, from their `mpath`) and its metadata.
 */
export async function medusaVariantPrices(container: MedusaContainer, variantIds: string[], options: HubAccountOptions, withContext: boolean): Promise<Map<string, MedusaVariantPrice>> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  let regionId = options.regionId
  if (!regionId) {
    const { data: stores } = await query.graph({ entity: "store", fields: ["default_region_id"] })
    regionId = stores[0]?.default_region_id ?? undefined
  }
  if (!regionId || !variantIds.length) return new Map()
  const { data: regions } = await query.graph({ entity: "region", fields: ["currency_code"], filters: { id: regionId } })
  if (!regions[0]) return new Map()
  const { data } = await query.graph({
    entity: "product_variant",
    fields: ["id", "calculated_price.*", ...(withContext ? ["metadata", "product.categories.mpath"] : [])],
    filters: { id: variantIds },
    context: { calculated_price: QueryContext({ region_id: regionId, currency_code: regions[0].currency_code }) },
  })
  const prices = new Map<string, MedusaVariantPrice>()
  for (const variant of data) {
    const calculated = variant.calculated_price
    if (calculated?.original_amount == null || calculated.calculated_amount == null) continue
    prices.set(variant.id, {
      medusa: { originalAmount: calculated.original_amount, calculatedAmount: calculated.calculated_amount, onSale: calculated.calculated_price?.price_list_type === "sale" },
      context: {
        categoryPaths: ((variant.product?.categories ?? []) as Array<{ mpath?: string | null } | null>).flatMap((category) => (category?.mpath ? [category.mpath.split(".")] : [])),
        metadata: (variant.metadata as Record<string, unknown> | null) ?? null,
      },
    })
  }
  return prices
}

/**
 * Each variant's price on the account's hub: Medusa's, made by the account's price rules
 * (src/mapping/hub-price-rules.ts). A price the rules hold (under its floor) is left out: not sent at
 * all; a sale they hold (not below the price) is not sent either.
 */
export async function hubPrices(container: MedusaContainer, variantIds: string[], options: HubAccountOptions, rulesGiven?: HubPriceRules): Promise<Map<string, VariantReading["price"]>> {
  const rules = rulesGiven ?? (await container.resolve<HubModuleService>(HUB_MODULE).priceRulesOf(options.id))
  const ruled = rules !== NO_PRICE_RULES
  const medusa = await medusaVariantPrices(container, variantIds, options, ruled)
  const prices = new Map<string, VariantReading["price"]>()
  for (const [variantId, { medusa: price, context }] of medusa) {
    if (!ruled) {
      prices.set(variantId, price)
      continue
    }
    const { price: hubPrice, sale } = hubPricesByRules(price, rules, context)
    if (!("amount" in hubPrice)) continue
    const saleAmount = sale && "amount" in sale ? sale.amount : null
    prices.set(variantId, { originalAmount: hubPrice.amount, calculatedAmount: saleAmount ?? hubPrice.amount, onSale: saleAmount !== null })
  }
  return prices
}
