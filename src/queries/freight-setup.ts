import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { fallbackOf, transitDaysOf, type FlatPrice, type FreightFallback, type GeoZone } from "../mapping/freight-rules"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import { hubStockLocations } from "./hub-stock-locations"
import { keptPerAccount } from "./freight-kept"

/*
 * An account's shipping as freight quotes read it (docs/freight.md, *What is quoted*), kept in memory
 * per process (freight-kept.ts): its stock location, that location's shipping service zones with their
 * geo zones, their options offered to the store and, for the flat ones, their prices in the account's
 * currency with their rules. A quote is then a lookup and a little arithmetic; Medusa's events on
 * these (src/subscribers/freight-setup.ts) and a short expiry read it again behind the quotes.
 */

/** A shipping option as a quote answers it. */
export type FreightOption = {
  id: string
  /** The option type's code, else its name (the legacy contract's shippingMethodName). */
  name: string
  displayName: string
  priceType: "flat" | "calculated"
  providerId: string
  data: Record<string, unknown>
  serviceZoneId: string
  transitDays: number | null
  /** The account's zone table for a calculated option (null: none). */
  fallback: FreightFallback | null
  /** A flat option's prices in the account's currency (freight-rules.ts picks one as Medusa's pricing would). */
  prices: FlatPrice[]
}

export type FreightSetup = {
  /** The location's address and id, as a calculated option's provider reads `from_location`. */
  location: Record<string, unknown> | undefined
  zones: Array<{ id: string; geo_zones: GeoZone[] }>
  options: FreightOption[]
}

type ShippingOptionRow = {
  id: string
  name: string
  price_type: "flat" | "calculated"
  provider_id: string
  data: Record<string, unknown> | null
  metadata: Record<string, unknown> | null
  type?: { code?: string | null } | null
  rules?: Array<{ attribute: string; value: unknown }> | null
  service_zone_id: string
}

/** An option the marketplace may offer: not a return's, not one the store keeps out of its checkout. */
const offered = (option: ShippingOptionRow) =>
  !(option.rules ?? []).some((rule) => (rule.attribute === "is_return" && String(rule.value) === "true") || (rule.attribute === "enabled_in_store" && String(rule.value) === "false"))

type PriceRow = { price_set_id: string; amount: unknown; raw_amount?: { value?: string } | null; min_quantity?: unknown; price_list_id?: string | null; price_list?: { id?: string } | null; price_rules?: Array<{ attribute: string; operator?: string | null; value: string }> | null }

async function readFreightSetup(container: MedusaContainer, accountId: string): Promise<FreightSetup> {
  const account = container.resolve<HubModuleService>(HUB_MODULE).account(accountId).options
  const { reservationLocationId: locationId } = await hubStockLocations(container, account)
  if (!locationId) return { location: undefined, zones: [], options: [] }
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
  const { fulfillment_sets: _sets, ...fromLocation } = location ?? {}
  if (!zones.length) return { location: location && fromLocation, zones, options: [] }
  const { data: rows } = await query.graph({
    entity: "shipping_option",
    fields: ["id", "name", "price_type", "provider_id", "data", "metadata", "service_zone_id", "type.code", "rules.attribute", "rules.value"],
    filters: { service_zone_id: zones.map((zone) => zone.id) },
  })
  const options = (rows as ShippingOptionRow[]).filter(offered)
  const flat = options.filter((option) => option.price_type !== "calculated")
  const { data: links } = flat.length
    ? await query.graph({ entity: "shipping_option_price_set", fields: ["shipping_option_id", "price_set_id"], filters: { shipping_option_id: flat.map((option) => option.id) } })
    : { data: [] }
  const priceSetOf = new Map((links as Array<{ shipping_option_id: string; price_set_id: string }>).map((link) => [link.shipping_option_id, link.price_set_id]))
  const prices = priceSetOf.size
    ? ((await container.resolve(Modules.PRICING).listPrices({ price_set_id: [...priceSetOf.values()], currency_code: account.freight.currencyCode }, { relations: ["price_rules"], take: null })) as unknown as PriceRow[])
    : []
  const pricesBySet = new Map<string, FlatPrice[]>()
  for (const price of prices) {
    // As Medusa's pricing for one unit and no price list (a shipping option's prices are its own).
    if (price.price_list_id || price.price_list?.id) continue
    if (price.min_quantity !== null && price.min_quantity !== undefined && Number(price.min_quantity) > 1) continue
    const amount = price.raw_amount?.value ?? String(price.amount)
    const list = pricesBySet.get(price.price_set_id) ?? []
    list.push({ amount, rules: (price.price_rules ?? []).map((rule) => ({ attribute: rule.attribute, operator: rule.operator ?? "eq", value: String(rule.value) })) })
    pricesBySet.set(price.price_set_id, list)
  }
  return {
    location: fromLocation,
    zones,
    options: options.map((option) => ({
      id: option.id,
      name: option.type?.code || option.name,
      displayName: option.name,
      priceType: option.price_type === "calculated" ? "calculated" : "flat",
      providerId: option.provider_id,
      data: option.data ?? {},
      serviceZoneId: option.service_zone_id,
      transitDays: transitDaysOf(option.metadata),
      fallback: fallbackOf(option.metadata, accountId),
      prices: pricesBySet.get(priceSetOf.get(option.id) ?? "") ?? [],
    })),
  }
}

/** Each account's shipping setup, kept in memory per process. */
export const freightSetups = (container: MedusaContainer) => keptPerAccount<FreightSetup>(container, "freight-setups", readFreightSetup)
