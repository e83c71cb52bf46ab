import { useQuery } from "@tanstack/react-query"
import { useHubTranslation } from "./i18n"
import { sdk } from "./sdk"

/** Where a quote's calculated options were priced from (src/modules/hub/repositories/hub-freight.ts). */
export type FreightSource = "live" | "cache" | "zone_table" | "zone_cache"

/** A kept quote: the marketplace's (its contract, "partner" or "legacy") or the merchant's try ("try"). */
export type FreightQuoteLine = { contract: string; cepRange: string; options: number; ms: number; cacheHit: boolean; source: FreightSource; timedOut: boolean; unknownSkus: number; at: string }

/** GET /admin/hub/freight's answer (src/api/admin/hub/freight/admin-freight.ts). */
export type FreightSettings = {
  account: string
  enabled: boolean
  option_enabled: boolean
  token: string | null
  urls: { partner: string; legacy: string } | null
  allowlist: string[]
  handling_days: number
  default_transit_days: number
  budget_ms: number
  deadline_ms: number
  location: { id: string; name: string } | null
  shipping_options: Array<{ id: string; name: string; zone: string; price_type: string; delivery_days: number | null; fallback: { amount: string; days: number | null } | null }>
  activity: {
    last: FreightQuoteLine[]
    day: { quotes: number; misses: number; cacheHits: number; timedOut: number; p50: number | null; p95: number | null; p99: number | null }
  }
}

export type FreightShippingOption = FreightSettings["shipping_options"][number]

/** The account's freight settings, cached by account: each save answers with the whole settings, set in its place. */
export const freightKey = (account: string) => ["hub", "freight", account]
export function useFreight(account: string) {
  return useQuery({ queryKey: freightKey(account), queryFn: () => sdk.client.fetch<FreightSettings>(`/admin/hub/freight?account=${account}`) })
}

export const useFreightText = () => useHubTranslation("freight")
