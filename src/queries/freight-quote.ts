import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, QueryContext } from "@medusajs/framework/utils"
import type { FreightQuote, FreightRequest } from "../mapping/freight-contracts"
import { applyFreightRules, cepRange, geoZoneServes, itemTotalOf, stateOfCep, transitDaysOf, weightBand, type GeoZone } from "../mapping/freight-rules"
import type { HubAccountOptions } from "../modules/hub/accounts"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import { hubStockLocations } from "./hub-stock-locations"

/*
 * A freight quote from Medusa's own shipping (docs/freight.md): the account's stock location, its
 * shipping fulfillment sets' service zones serving the CEP, their options' prices (flat through
 * Medusa's pricing with the items' total, calculated through the option's fulfillment provider inside
 * the account's time budget, else the quote cache), the account's rules on top. Never the hub.
 */

export type FreightQuoteResult = { quotes: FreightQuote[]; unknownSkus: string[]; cacheHit: boolean }

type ShippingOptionRow = {
  id: string
  name: string
  price_type: "flat" | "calculated"
  provider_id: string
  data: Record<string, unknown> | null
  metadata: Record<string, unknown> | null
  type?: { code?: string | null; label?: string | null } | null
  rules?: Array<{ attribute: string; value: unknown }> | null
  calculated_price?: { calculated_amount?: number | string | null } | null
}

/** An option the marketplace may offer: not a return's, not one the store keeps out of its checkout. */
const offered = (option: ShippingOptionRow) =>
  !(option.rules ?? []).some((rule) => (rule.attribute === "is_return" && String(rule.value) === "true") || (rule.attribute === "enabled_in_store" && String(rule.value) === "false"))

export async function quoteFreight(container: MedusaContainer, account: HubAccountOptions, request: FreightRequest, startedAt: number): Promise<FreightQuoteResult> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const hub = container.resolve<HubModuleService>(HUB_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const { freight } = account
  const deadline = startedAt + freight.budgetMs

  const skus = [...new Set(request.lines.map((line) => line.sku))]
  const [locations, { data: variants }] = await Promise.all([
    hubStockLocations(container, account),
    query.graph({ entity: "product_variant", fields: ["id", "sku"], filters: { sku: skus } }),
  ])
  const known = new Set(variants.map((variant: { sku?: string | null }) => variant.sku))
  const unknownSkus = skus.filter((sku) => !known.has(sku))
  const locationId = locations.reservationLocationId
  if (!locationId || !stateOfCep(request.cep)) return { quotes: [], unknownSkus, cacheHit: false }

  const { data: stockLocations } = await query.graph({
    entity: "stock_location",
    fields: ["id", "address.*", "fulfillment_sets.type", "fulfillment_sets.service_zones.id", "fulfillment_sets.service_zones.geo_zones.*"],
    filters: { id: locationId },
  })
  const location = stockLocations[0] as { fulfillment_sets?: Array<{ type: string; service_zones?: Array<{ id: string; geo_zones?: GeoZone[] }> }> } | undefined
  const zoneIds = (location?.fulfillment_sets ?? [])
    .filter((set) => set?.type === "shipping")
    .flatMap((set) => set.service_zones ?? [])
    .filter((zone) => (zone.geo_zones ?? []).some((geo) => geoZoneServes(geo, request.cep)))
    .map((zone) => zone.id)
  if (!zoneIds.length) return { quotes: [], unknownSkus, cacheHit: false }

  const itemTotal = itemTotalOf(request.lines)
  const { data: rows } = await query.graph({
    entity: "shipping_option",
    fields: ["id", "name", "price_type", "provider_id", "data", "metadata", "type.code", "type.label", "rules.attribute", "rules.value", "calculated_price.*"],
    filters: { service_zone_id: zoneIds },
    context: { calculated_price: QueryContext({ currency_code: freight.currencyCode, item_total: Number(itemTotal) }) },
  })
  const options = (rows as ShippingOptionRow[]).filter(offered)

  const totalKg = request.lines.reduce((sum, line) => sum + line.weightKg * line.quantity, 0)
  const cacheKey = (id: string) => ({ shippingOptionId: id, cepRange: cepRange(request.cep), weightBand: weightBand(totalKg) })
  const calculated = options.filter((option) => option.price_type === "calculated")
  const cached = calculated.length ? await hub.cachedFreight(account.id, calculated.map((option) => cacheKey(option.id)), freight.cacheMaxAgeMinutes * 60_000) : new Map<string, string>()

  let cacheHit = false
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const context = {
    currency_code: freight.currencyCode,
    item_total: Number(itemTotal),
    shipping_address: { country_code: "br", postal_code: request.cep, province: stateOfCep(request.cep) },
    from_location: stockLocations[0],
    // Shaped as Medusa's cart items reach a provider: the measures on the variant, in grams and centimetres.
    items: request.lines.map((line) => ({
      quantity: line.quantity,
      unit_price: line.unitPrice,
      variant_sku: line.sku,
      variant: { sku: line.sku, weight: line.weightKg * 1000, height: line.heightM * 100, width: line.widthM * 100, length: line.lengthM * 100 },
    })),
  }

  const priced = await Promise.all(
    options.map(async (option): Promise<{ option: ShippingOptionRow; amount: string | null }> => {
      if (option.price_type !== "calculated") {
        const amount = option.calculated_price?.calculated_amount
        return { option, amount: amount === null || amount === undefined ? null : String(amount) }
      }
      // The provider keeps running past the budget: its answer refreshes the cache for the next quote.
      const fresh = fulfillment
        .calculateShippingOptionsPrices([{ id: option.id, provider_id: option.provider_id, optionData: option.data ?? {}, data: {}, context: context as never }])
        .then(([price]) => String(price.calculated_amount))
      fresh
        .then((amount) => hub.storeFreight(account.id, cacheKey(option.id), amount))
        .catch((error: Error) => logger.warn(`hub (account ${account.id}): shipping option ${option.id}'s price was not refreshed: ${error.message}`))
      const late = new Promise<null>((resolve) => {
        const timer = setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()))
        timer.unref()
        void fresh.finally(() => clearTimeout(timer)).catch(() => undefined)
      })
      const amount = await Promise.race([fresh.catch(() => null), late])
      if (amount !== null) return { option, amount }
      const fromCache = cached.get(option.id) ?? null
      if (fromCache !== null) cacheHit = true
      return { option, amount: fromCache }
    })
  )

  const quotes = priced
    .filter((entry): entry is { option: ShippingOptionRow; amount: string } => entry.amount !== null)
    .map(({ option, amount }) => ({
      id: option.id,
      name: option.type?.code || option.name,
      displayName: option.name,
      amount: applyFreightRules(amount, itemTotal, freight),
      transitDays: transitDaysOf(option.metadata) ?? freight.defaultTransitDays,
      handlingDays: freight.handlingDays,
    }))
  return { quotes, unknownSkus, cacheHit }
}
