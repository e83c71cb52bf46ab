import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, QueryContext } from "@medusajs/framework/utils"
import { hubPricesByRules, NO_PRICE_RULES, type HubPriceRules, type PriceContext, type RuledPrice } from "../mapping/hub-price-rules"
import { hubAmount, type VariantReading } from "../mapping/hub-product"
import { HUB_MODULE } from "../modules/hub"
import type { HubAccountOptions } from "../modules/hub/accounts"
import type HubModuleService from "../modules/hub/service"

/**
 * A variant's price as its account's rules start from it (`source`: Medusa's price in the region, or
 * the rules' price list's amount), and what the rules read besides it.
 */
export type MedusaVariantPrice = { medusa: NonNullable<VariantReading["price"]>; context: PriceContext; source: "region" | "price_list" }

/** The prices of some variants in an account's currency (null: the account has no region to price in). */
export type MedusaPrices = { currencyCode: string | null; prices: Map<string, MedusaVariantPrice> }

/**
 * Each variant's price in the account's region and currency as Medusa computes it (`calculated_price`
 * with a QueryContext): the original amount, the calculated one, and whether a sale price list set it.
 * With rules: its product's categories (root to leaf, from their `mpath`) and its metadata; and when
 * they start from a price list, that list's own amount as the price (whatever the list's status, dates
 * and customer groups: a draft list the shop never applies can price the marketplace).
 */
export async function medusaVariantPrices(container: MedusaContainer, variantIds: string[], options: HubAccountOptions, rules: HubPriceRules): Promise<MedusaPrices> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const withContext = rules !== NO_PRICE_RULES
  const { regionId, currencyCode } = await accountRegion(container, options)
  if (!regionId || !currencyCode || !variantIds.length) return { currencyCode, prices: new Map() }
  const fromList = rules.source.kind === "price_list"
  const { data } = await query.graph({
    entity: "product_variant",
    fields: ["id", "calculated_price.*", ...(withContext ? ["metadata", "product.categories.mpath"] : []), ...(fromList ? ["price_set.id"] : [])],
    filters: { id: variantIds },
    context: { calculated_price: QueryContext({ region_id: regionId, currency_code: currencyCode }) },
  })
  const listed = rules.source.kind === "price_list" ? await priceListAmounts(container, data, rules.source.price_list_id, currencyCode) : new Map<string, number | string>()
  const prices = new Map<string, MedusaVariantPrice>()
  for (const variant of data) {
    const categories = (variant.product?.categories ?? []) as Array<{ mpath?: string | null } | null>
    const price = variantPriceOf({
      calculated: variant.calculated_price,
      categoryMpaths: categories.map((category) => category?.mpath),
      metadata: variant.metadata as Record<string, unknown> | null,
      listAmount: listed.get(variant.id),
    })
    if (price) prices.set(variant.id, price)
  }
  return { currencyCode, prices }
}

/** What the rules read of Medusa's calculated price in a region: `calculated_price` through Query, or the pricing module's `calculatePrices`. */
export type CalculatedPriceReading = {
  original_amount?: number | string | null
  calculated_amount?: number | string | null
  calculated_price?: { price_list_type?: string | null } | null
}

/**
 * A variant's price as the rules start from it, from what was read of it: its calculated price, its
 * categories' `mpath`s, its metadata, and the rules' price list's amount; null when it has none.
 */
export function variantPriceOf(read: {
  calculated: CalculatedPriceReading | null | undefined
  categoryMpaths: Array<string | null | undefined>
  metadata: Record<string, unknown> | null | undefined
  listAmount: number | string | null | undefined
}): MedusaVariantPrice | null {
  const { calculated, listAmount } = read
  const context: PriceContext = { categoryPaths: read.categoryMpaths.flatMap((mpath) => (mpath ? [mpath.split(".")] : [])), metadata: read.metadata ?? null }
  const onSale = calculated?.calculated_price?.price_list_type === "sale" && calculated.calculated_amount != null
  if (listAmount != null) {
    // The list's amount is the price; a sale in the region is the sale price (the rules keep it only below).
    const medusa = { originalAmount: listAmount, calculatedAmount: onSale ? calculated!.calculated_amount! : listAmount, onSale }
    return { medusa, context, source: "price_list" }
  }
  if (calculated?.original_amount == null || calculated.calculated_amount == null) return null
  return { medusa: { originalAmount: calculated.original_amount, calculatedAmount: calculated.calculated_amount, onSale }, context, source: "region" }
}

/** The region an account prices in (its `regionId`, else the store's default region) and that region's currency. */
export async function accountRegion(container: MedusaContainer, options: HubAccountOptions): Promise<{ regionId: string | null; currencyCode: string | null }> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  let regionId = options.regionId ?? null
  if (!regionId) {
    const { data: stores } = await query.graph({ entity: "store", fields: ["default_region_id"] })
    regionId = stores[0]?.default_region_id ?? null
  }
  if (!regionId) return { regionId: null, currencyCode: null }
  const { data: regions } = await query.graph({ entity: "region", fields: ["currency_code"], filters: { id: regionId } })
  return { regionId, currencyCode: regions[0]?.currency_code ?? null }
}

/** Each variant's amount in the price list, in the currency (its price for one unit: no quantity tiers). */
async function priceListAmounts(container: MedusaContainer, variants: Array<{ id: string; price_set?: { id: string } | null }>, priceListId: string, currencyCode: string): Promise<Map<string, number | string>> {
  const variantOf = new Map(variants.flatMap((variant) => (variant.price_set?.id ? [[variant.price_set.id, variant.id] as const] : [])))
  if (!variantOf.size) return new Map()
  const prices = await container.resolve(Modules.PRICING).listPrices(
    { price_set_id: [...variantOf.keys()], price_list_id: [priceListId], currency_code: currencyCode },
    { select: ["price_set_id", "amount", "raw_amount", "min_quantity"] }
  )
  const amounts = new Map<string, number | string>()
  for (const price of prices as Array<{ price_set_id?: string; amount: number; raw_amount?: { value?: string } | null; min_quantity?: number | string | null }>) {
    if (price.min_quantity != null && Number(price.min_quantity) > 1) continue
    const variantId = price.price_set_id ? variantOf.get(price.price_set_id) : undefined
    if (variantId) amounts.set(variantId, price.raw_amount?.value ?? price.amount)
  }
  return amounts
}

/** A variant's price under its account's rules: where it starts, and the price and sale price they make (or why held). */
export type RuledVariantPrice = MedusaVariantPrice & { price: RuledPrice; sale: RuledPrice | null }

/**
 * Each variant's price and sale price on the account's hub, with what made them: Medusa's price made by
 * the account's price rules (src/mapping/hub-price-rules.ts); without rules Medusa's as it is (`rule`:
 * `none`).
 */
export async function ruledVariantPrices(
  container: MedusaContainer,
  variantIds: string[],
  options: HubAccountOptions,
  rulesGiven?: HubPriceRules
): Promise<{ currencyCode: string | null; prices: Map<string, RuledVariantPrice> }> {
  const rules = rulesGiven ?? (await container.resolve<HubModuleService>(HUB_MODULE).account(options.id).records.settings.priceRules())
  const { currencyCode, prices: medusa } = await medusaVariantPrices(container, variantIds, options, rules)
  const prices = new Map<string, RuledVariantPrice>()
  for (const [variantId, reading] of medusa) prices.set(variantId, ruledPriceOf(reading, rules))
  return { currencyCode, prices }
}

/** A variant's price and sale price under `rules`; without rules, Medusa's as they are (`rule`: `none`). */
export function ruledPriceOf(reading: MedusaVariantPrice, rules: HubPriceRules): RuledVariantPrice {
  if (rules !== NO_PRICE_RULES) return { ...reading, ...hubPricesByRules(reading.medusa, rules, reading.context) }
  const { originalAmount, calculatedAmount, onSale } = reading.medusa
  return { ...reading, price: { amount: hubAmount(originalAmount), rule: "none" }, sale: onSale ? { amount: hubAmount(calculatedAmount), rule: "none" } : null }
}

/** A variant's price on an account's hub: the price and sale price to send, or the floor the rules hold it under, or the floor value they could not read. */
export type HubPriceReading = { price: NonNullable<VariantReading["price"]> } | { heldUnder: number } | { floorUnreadable: string }

/**
 * Each variant's price on the account's hub. Without rules, Medusa's amounts as they are (the
 * mapping rounds them); with rules, the amounts they make: a price they hold under its floor is not
 * sent at all (`heldUnder`: that floor), nor one whose floor they cannot read (`floorUnreadable`: the
 * value as written); a sale they hold (not below the price) is not sent either.
 */
export async function hubPrices(
  container: MedusaContainer,
  variantIds: string[],
  options: HubAccountOptions,
  rulesGiven?: HubPriceRules
): Promise<Map<string, HubPriceReading>> {
  const rules = rulesGiven ?? (await container.resolve<HubModuleService>(HUB_MODULE).account(options.id).records.settings.priceRules())
  if (rules === NO_PRICE_RULES) {
    const { prices: medusa } = await medusaVariantPrices(container, variantIds, options, rules)
    return new Map([...medusa].map(([variantId, { medusa: price }]) => [variantId, { price }]))
  }
  const { prices: ruled } = await ruledVariantPrices(container, variantIds, options, rules)
  const prices = new Map<string, HubPriceReading>()
  for (const [variantId, { price, sale }] of ruled) {
    if (!("amount" in price)) {
      if (price.held === "under_floor") prices.set(variantId, { heldUnder: price.floor })
      else if (price.held === "floor_unreadable") prices.set(variantId, { floorUnreadable: price.value })
      continue
    }
    const saleAmount = sale && "amount" in sale ? sale.amount : null
    prices.set(variantId, { price: { originalAmount: price.amount, calculatedAmount: saleAmount ?? price.amount, onSale: saleAmount !== null } })
  }
  return prices
}
