import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { errorText } from "../mapping/error-text"
import { providerErrorText } from "../mapping/freight-access"
import type { FreightQuote, FreightRequest } from "../mapping/freight-contracts"
import { applyFreightRules, cepRange, flatAmountOf, geoZoneServes, itemTotalOf, parcelOf, stateOfCep, volumeBand, weightBand } from "../mapping/freight-rules"
import type { HubAccountOptions } from "../modules/hub/accounts"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import type { CachedFreight, FreightCacheKey, FreightSource } from "../modules/hub/types"
import { freightSetups, type FreightOption } from "./freight-setup"
import { freightQuoteCache, knownSkus } from "./freight-memory"

/*
 * A freight quote from Medusa's own shipping (docs/freight.md): the account's shipping setup held in
 * memory (freight-setup.ts), its service zones serving the CEP, their options' prices (flat ones
 * picked from their prices as Medusa's pricing picks them, with the items' total; calculated ones
 * from the quote cache at once, refreshed behind by their fulfillment provider, else the provider
 * within the account's time budget, else the merchant's zone table or the zone's nearest cached
 * price), the account's rules on top. Never the hub; no database read but the first quote's.
 */

/**
 * What a quote has priced so far, filled as it goes: the route answers from it at the whole
 * request's deadline if the quote is still running then. `served`: whether a zone of the store
 * serves the CEP (unknown until the setup is read).
 */
export type FreightQuoteResult = { quotes: FreightQuote[]; unknownSkus: string[]; cacheHit: boolean; source: FreightSource; served: "unknown" | "served" | "unserved" }
export const emptyFreightResult = (): FreightQuoteResult => ({ quotes: [], unknownSkus: [], cacheHit: false, source: "live", served: "unknown" })

/** Past the provider's budget, the fallbacks in the order they are tried: the weaker the later. */
const SOURCE_RANK: Record<FreightSource, number> = { live: 0, cache: 1, zone_table: 2, zone_cache: 3 }

/** Resolves null at `at` (a timestamp) unless `work` settles first: waits bounded by the budget. */
function within<T>(work: Promise<T>, at: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), Math.max(0, at - Date.now()))
    timer.unref()
    work.then(
      (value) => (clearTimeout(timer), resolve(value)),
      () => (clearTimeout(timer), resolve(null))
    )
  })
}

export async function quoteFreight(container: MedusaContainer, account: HubAccountOptions, request: FreightRequest, startedAt: number, result = emptyFreightResult()): Promise<FreightQuoteResult> {
  const hubModule = container.resolve<HubModuleService>(HUB_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const { freight } = account
  const budget = startedAt + freight.budgetMs

  // SKUs Medusa does not have do not change the price (the request's own measures price it): looked up beside it, from memory when known.
  const skus = within(
    knownSkus(container)
      .unknownOf(hubModule, [...new Set(request.lines.map((line) => line.sku))])
      .then((unknown) => void (result.unknownSkus = unknown)),
    budget
  )
  const setups = freightSetups(container)
  const setup = setups.now(account.id) ?? (await setups.read(account.id))
  const options = stateOfCep(request.cep) ? servingOptions(setup, request.cep) : []
  result.served = options.length ? "served" : "unserved"
  if (!options.length) {
    await skus
    return result
  }

  const itemTotal = itemTotalOf(request.lines)
  const answer = (option: FreightOption, amount: string, source: FreightSource, days?: number | null) => {
    result.quotes.push({
      id: option.id,
      name: option.name,
      displayName: option.displayName,
      amount: applyFreightRules(amount, itemTotal, freight),
      transitDays: days ?? option.transitDays ?? freight.defaultTransitDays,
      handlingDays: freight.handlingDays,
    })
    if (source !== "live") result.cacheHit = true
    if (SOURCE_RANK[source] > SOURCE_RANK[result.source]) result.source = source
  }
  // Flat prices from memory, as Medusa's checkout picks them: the items' total is the item_total of price rules.
  for (const option of options) {
    if (option.priceType !== "flat") continue
    const amount = flatAmountOf(option.prices, itemTotal)
    if (amount !== null) answer(option, amount, "live")
  }
  const calculated = options.filter((option) => option.priceType === "calculated")
  if (calculated.length) await priceCalculatedOptions(container, account, request, setup.location, calculated, answer, budget)
  await skus
  // Answered in the options' order whatever finished first, so equal quotes keep one order.
  const order = new Map(options.map((option, index) => [option.id, index]))
  result.quotes.sort((a, b) => order.get(a.id)! - order.get(b.id)!)
  return result

  function servingOptions(kept: typeof setup, cep: string): FreightOption[] {
    const zoneIds = new Set(kept.zones.filter((zone) => zone.geo_zones.some((geo) => geoZoneServes(geo, cep))).map((zone) => zone.id))
    return kept.options.filter((option) => zoneIds.has(option.serviceZoneId))
  }

  /** Calculated options: the quote cache at once (refreshed behind), else the provider within the budget, else the fallbacks. */
  async function priceCalculatedOptions(
    scope: MedusaContainer,
    { id: accountId }: HubAccountOptions,
    quoted: FreightRequest,
    fromLocation: Record<string, unknown> | undefined,
    calculatedOptions: FreightOption[],
    answerWith: typeof answer,
    until: number
  ) {
    const parcel = parcelOf(quoted.lines)
    const bands = { weightBand: weightBand(parcel.kg), volumeBand: volumeBand(parcel.litres) }
    // A parcel past the bands is never cached: its key would be one a caller chooses per request.
    const key = bands.weightBand !== null && bands.volumeBand !== null ? { cepRange: cepRange(quoted.cep), weightBand: bands.weightBand, volumeBand: bands.volumeBand } : null
    const maxAgeMs = freight.cacheMaxAgeMinutes * 60_000
    const memory = freightQuoteCache(scope)
    let stored: Promise<Map<string, CachedFreight>> | null = null
    // The shared cache (PostgreSQL), read once for the options memory does not hold; a failed read leaves the zone table.
    const storedOf = (optionId: string) =>
      (stored ??= hubModule.account(accountId).records.freight.cached(calculatedOptions.map((option) => option.id), key ?? { cepRange: cepRange(quoted.cep), weightBand: "1000", volumeBand: "5000" }, maxAgeMs).catch((error: unknown) => {
        logger.warn(`hub (account ${accountId}): the freight quote cache was not read: ${errorText(error)}`)
        return new Map<string, CachedFreight>()
      })).then((rows) => rows.get(optionId))
    const context = {
      currency_code: freight.currencyCode,
      item_total: Number(itemTotal),
      shipping_address: { country_code: "br", postal_code: quoted.cep, province: stateOfCep(quoted.cep) },
      from_location: fromLocation,
      // Shaped as Medusa's cart items reach a provider: the measures on the variant, in grams and centimetres.
      items: quoted.lines.map((line) => ({
        quantity: line.quantity,
        unit_price: line.unitPrice,
        variant_sku: line.sku,
        variant: { sku: line.sku, weight: line.weightKg * 1000, height: line.heightM * 100, width: line.widthM * 100, length: line.lengthM * 100 },
      })),
    }
    /** The provider's price, one call at a time per cache key in this process; it keeps running past the budget and refreshes the cache. */
    const refresh = (option: FreightOption): Promise<string> => {
      const cacheKey: FreightCacheKey | null = key && { shippingOptionId: option.id, ...key }
      return memory.refresh(accountId, cacheKey, async () => {
        const [price] = await scope
          .resolve(Modules.FULFILLMENT)
          .calculateShippingOptionsPrices([{ id: option.id, provider_id: option.providerId, optionData: option.data, data: {}, context: context as never }])
        const amount = String(price.calculated_amount)
        if (cacheKey) await hubModule.account(accountId).records.freight.store(cacheKey, amount).catch((error: unknown) => logger.warn(`hub (account ${accountId}): shipping option ${option.id}'s price was not cached: ${errorText(error)}`))
        return amount
      })
    }
    const refreshBehind = (option: FreightOption) =>
      void refresh(option).catch((error: unknown) => logger.warn(`hub (account ${accountId}): shipping option ${option.id}'s price was not refreshed: ${providerErrorText(error)}`))

    await Promise.all(
      calculatedOptions.map(async (option) => {
        const held = key ? memory.get(accountId, { shippingOptionId: option.id, ...key }, maxAgeMs) : null
        if (held) {
          answerWith(option, held.amount, "cache")
          if (Date.now() - held.at >= freight.cacheRefreshSeconds * 1000) refreshBehind(option)
          return
        }
        const fresh = refresh(option)
        fresh.catch((error: unknown) => logger.warn(`hub (account ${accountId}): shipping option ${option.id}'s price was not refreshed: ${providerErrorText(error)}`))
        // The provider within the budget, or the shared cache's exact row if it comes first (another process priced it).
        const exact = storedOf(option.id).then((row) => (row?.sameKey && key ? row : new Promise<never>(() => undefined)))
        const first = await within(Promise.race([fresh.then((amount) => ({ amount, source: "live" as const })), exact.then((row) => ({ amount: row.amount, source: "cache" as const }))]), until)
        if (first) {
          if (first.source === "cache" && key) memory.set(accountId, { shippingOptionId: option.id, ...key }, first.amount)
          return answerWith(option, first.amount, first.source)
        }
        const kept = await storedOf(option.id)
        if (kept?.sameKey && key) answerWith(option, kept.amount, "cache")
        else if (option.fallback) answerWith(option, option.fallback.amount, "zone_table", option.fallback.days)
        else if (kept) answerWith(option, kept.amount, "zone_cache")
        // Never priced for this zone nor given a zone table: left out rather than waited for.
      })
    )
  }
}
