import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { FreightQuote, FreightRequest } from "../mapping/freight-contracts"
import { applyFreightRules, cepRange, fallbackOf, geoZoneServes, itemTotalOf, stateOfCep, transitDaysOf, weightBand, type GeoZone } from "../mapping/freight-rules"
import type { HubAccountOptions } from "../modules/hub/accounts"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import type { CachedFreight, FreightSource } from "../modules/hub/services/hub-freight-records"
import { hubStockLocations } from "./hub-stock-locations"

/*
 * A freight quote from Medusa's own shipping (docs/freight.md): the account's stock location, its
 * shipping fulfillment sets' service zones serving the CEP, their options' prices (flat through
 * Medusa's pricing with the items' total, calculated through the option's fulfillment provider inside
 * the account's time budget, else the quote cache, the merchant's zone table or the zone's nearest
 * cached price), the account's rules on top. Never the hub.
 */

/**
 * What a quote has priced so far, filled as it goes: the route answers from it at the whole
 * request's deadline if the quote is still running then (a slow database, say).
 */
export type FreightQuoteResult = { quotes: FreightQuote[]; unknownSkus: string[]; cacheHit: boolean; source: FreightSource }
export const emptyFreightResult = (): FreightQuoteResult => ({ quotes: [], unknownSkus: [], cacheHit: false, source: "live" })

/** Past the provider's budget, the fallbacks in the order they are tried: the weaker the later. */
const SOURCE_RANK: Record<FreightSource, number> = { live: 0, cache: 1, zone_table: 2, zone_cache: 3 }

type ShippingOptionRow = {
  id: string
  name: string
  price_type: "flat" | "calculated"
  provider_id: string
  data: Record<string, unknown> | null
  metadata: Record<string, unknown> | null
  type?: { code?: string | null; label?: string | null } | null
  rules?: Array<{ attribute: string; value: unknown }> | null
  service_zone_id: string
}

/** An option the marketplace may offer: not a return's, not one the store keeps out of its checkout. */
const offered = (option: ShippingOptionRow) =>
  !(option.rules ?? []).some((rule) => (rule.attribute === "is_return" && String(rule.value) === "true") || (rule.attribute === "enabled_in_store" && String(rule.value) === "false"))

/** What a quote reads of a location's shipping besides prices: its zones, their options and each option's price set. */
type ShippingSetup = {
  location: Record<string, unknown> | undefined
  zones: Array<{ id: string; geo_zones: GeoZone[] }>
  options: ShippingOptionRow[]
  priceSetByOption: Map<string, string>
}

/**
 * How long a process reuses a location's shipping setup: a quote then costs Medusa's pricing and no
 * more (bench/freight). A merchant's change reaches quotes within this; the admin's delivery days
 * forget it at once in the process that saved them (`forgetShippingSetups`).
 */
const SETUP_TTL_MS = 5_000
const SETUPS = "freight-shipping-setups"
type Setups = Map<string, { at: number; setup: Promise<ShippingSetup> }>

export function forgetShippingSetups(container: MedusaContainer): void {
  container.resolve<HubModuleService>(HUB_MODULE).processPart<Setups>(SETUPS, () => new Map()).clear()
}

function shippingSetup(container: MedusaContainer, locationId: string): Promise<ShippingSetup> {
  const setups = container.resolve<HubModuleService>(HUB_MODULE).processPart<Setups>(SETUPS, () => new Map())
  const kept = setups.get(locationId)
  if (kept && Date.now() - kept.at < SETUP_TTL_MS) return kept.setup
  const setup = readShippingSetup(container, locationId)
  setups.set(locationId, { at: Date.now(), setup })
  setup.catch(() => setups.delete(locationId))
  return setup
}

async function readShippingSetup(container: MedusaContainer, locationId: string): Promise<ShippingSetup> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: locations } = await query.graph({
    entity: "stock_location",
    fields: ["id", "address.*", "fulfillment_sets.type", "fulfillment_sets.service_zones.id", "fulfillment_sets.service_zones.geo_zones.*"],
    filters: { id: locationId },
  })
  type Location = { fulfillment_sets?: Array<{ type: string; service_zones?: Array<{ id: string; geo_zones?: GeoZone[] }> } | null> }
  const location = locations[0] as (Location & Record<string, unknown>) | undefined
  // A set deleted without its link reads as null.
  const zones = (location?.fulfillment_sets ?? [])
    .filter((set) => set?.type === "shipping")
    .flatMap((set) => set!.service_zones ?? [])
    .map((zone) => ({ id: zone.id, geo_zones: zone.geo_zones ?? [] }))
  if (!zones.length) return { location, zones, options: [], priceSetByOption: new Map() }
  const { data: rows } = await query.graph({
    entity: "shipping_option",
    fields: ["id", "name", "price_type", "provider_id", "data", "metadata", "service_zone_id", "type.code", "type.label", "rules.attribute", "rules.value"],
    filters: { service_zone_id: zones.map((zone) => zone.id) },
  })
  const options = (rows as ShippingOptionRow[]).filter(offered)
  const { data: links } = options.length
    ? await query.graph({ entity: "shipping_option_price_set", fields: ["shipping_option_id", "price_set_id"], filters: { shipping_option_id: options.map((option) => option.id) } })
    : { data: [] }
  return { location, zones, options, priceSetByOption: new Map((links as Array<{ shipping_option_id: string; price_set_id: string }>).map((link) => [link.shipping_option_id, link.price_set_id])) }
}

export async function quoteFreight(container: MedusaContainer, account: HubAccountOptions, request: FreightRequest, startedAt: number, result = emptyFreightResult()): Promise<FreightQuoteResult> {
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
  result.unknownSkus = skus.filter((sku) => !known.has(sku))
  const locationId = locations.reservationLocationId
  if (!locationId || !stateOfCep(request.cep)) return result

  const setup = await shippingSetup(container, locationId)
  const zoneIds = new Set(setup.zones.filter((zone) => zone.geo_zones.some((geo) => geoZoneServes(geo, request.cep))).map((zone) => zone.id))
  const options = setup.options.filter((option) => zoneIds.has(option.service_zone_id))
  if (!options.length) return result

  const itemTotal = itemTotalOf(request.lines)
  const answer = (option: ShippingOptionRow, amount: string, source: FreightSource, days?: number | null) => {
    result.quotes.push({
      id: option.id,
      name: option.type?.code || option.name,
      displayName: option.name,
      amount: applyFreightRules(amount, itemTotal, freight),
      transitDays: days ?? transitDaysOf(option.metadata) ?? freight.defaultTransitDays,
      handlingDays: freight.handlingDays,
    })
    if (source !== "live") result.cacheHit = true
    if (SOURCE_RANK[source] > SOURCE_RANK[result.source]) result.source = source
  }

  const totalKg = request.lines.reduce((sum, line) => sum + line.weightKg * line.quantity, 0)
  const cacheKey = { cepRange: cepRange(request.cep), weightBand: weightBand(totalKg) }
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const context = {
    currency_code: freight.currencyCode,
    item_total: Number(itemTotal),
    shipping_address: { country_code: "br", postal_code: request.cep, province: stateOfCep(request.cep) },
    from_location: setup.location,
    // Shaped as Medusa's cart items reach a provider: the measures on the variant, in grams and centimetres.
    items: request.lines.map((line) => ({
      quantity: line.quantity,
      unit_price: line.unitPrice,
      variant_sku: line.sku,
      variant: { sku: line.sku, weight: line.weightKg * 1000, height: line.heightM * 100, width: line.widthM * 100, length: line.lengthM * 100 },
    })),
  }
  const calculated = options.filter((option) => option.price_type === "calculated")
  // Read beside the providers' calls, not before them: a slow read delays only a late option's fallback; a failed one leaves the zone table.
  const cached = calculated.length
    ? hub.cachedFreight(account.id, calculated.map((option) => option.id), cacheKey, freight.cacheMaxAgeMinutes * 60_000).catch((error: Error) => {
        logger.warn(`hub (account ${account.id}): the freight quote cache was not read: ${error.message}`)
        return new Map<string, CachedFreight>()
      })
    : Promise.resolve(new Map<string, CachedFreight>())
  const flat = options.filter((option) => option.price_type !== "calculated")
  await Promise.all([priceFlat(), ...calculated.map(priceCalculated)])
  // Answered in the options' order whatever finished first, so equal quotes keep one order.
  const order = new Map(options.map((option, index) => [option.id, index]))
  result.quotes.sort((a, b) => order.get(a.id)! - order.get(b.id)!)
  return result

  /** Flat prices through Medusa's pricing, as its checkout prices them: the items' total is the item_total of price rules. */
  async function priceFlat() {
    const priceSetIds = flat.map((option) => setup.priceSetByOption.get(option.id)).filter((id): id is string => !!id)
    if (!priceSetIds.length) return
    const prices = await container.resolve(Modules.PRICING).calculatePrices({ id: priceSetIds }, { context: { currency_code: freight.currencyCode, item_total: Number(itemTotal) } })
    const amountBySet = new Map(prices.map((price) => [price.id, price.calculated_amount]))
    for (const option of flat) {
      const amount = amountBySet.get(setup.priceSetByOption.get(option.id) ?? "")
      if (amount !== null && amount !== undefined) answer(option, String(amount), "live")
    }
  }

  async function priceCalculated(option: ShippingOptionRow) {
    // The provider keeps running past the budget: its answer refreshes the cache for the next quote.
    const fresh = fulfillment
      .calculateShippingOptionsPrices([{ id: option.id, provider_id: option.provider_id, optionData: option.data ?? {}, data: {}, context: context as never }])
      .then(([price]) => String(price.calculated_amount))
    fresh
      .then((amount) => hub.storeFreight(account.id, { shippingOptionId: option.id, ...cacheKey }, amount))
      .catch((error: Error) => logger.warn(`hub (account ${account.id}): shipping option ${option.id}'s price was not refreshed: ${error.message}`))
    const late = new Promise<null>((resolve) => {
      const timer = setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()))
      timer.unref()
      void fresh.finally(() => clearTimeout(timer)).catch(() => undefined)
    })
    const amount = await Promise.race([fresh.catch(() => null), late])
    if (amount !== null) return answer(option, amount, "live")
    const kept = (await cached).get(option.id)
    const table = fallbackOf(option.metadata, account.id)
    if (kept?.sameKey) answer(option, kept.amount, "cache")
    else if (table) answer(option, table.amount, "zone_table", table.days)
    else if (kept) answer(option, kept.amount, "zone_cache")
    // Never priced for this zone nor given a zone table: left out rather than waited for.
  }
}
