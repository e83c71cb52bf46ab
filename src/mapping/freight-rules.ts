import { MathBN, type BigNumber } from "@medusajs/framework/utils"
import { z } from "zod"
import { partnerUnitsSchema } from "./freight-contracts"

/*
 * What a destination CEP matches among Medusa's geo zones, and the merchant's rules on top of a
 * price. Pure: no Medusa reads, no I/O.
 */

/** CEP ranges (first five digits) per state, from the Correios' table: Medusa's geo zones want a province. */
const CEP_STATES: Array<[number, number, string]> = [
  [1000, 19999, "SP"], [20000, 28999, "RJ"], [29000, 29999, "ES"], [30000, 39999, "MG"], [40000, 48999, "BA"],
  [49000, 49999, "SE"], [50000, 56999, "PE"], [57000, 57999, "AL"], [58000, 58999, "PB"], [59000, 59999, "RN"],
  [60000, 63999, "CE"], [64000, 64999, "PI"], [65000, 65999, "MA"], [66000, 68899, "PA"], [68900, 68999, "AP"],
  [69000, 69299, "AM"], [69300, 69399, "RR"], [69400, 69899, "AM"], [69900, 69999, "AC"], [70000, 72799, "DF"],
  [72800, 72999, "GO"], [73000, 73699, "DF"], [73700, 76799, "GO"], [76800, 76999, "RO"], [77000, 77999, "TO"],
  [78000, 78899, "MT"], [79000, 79999, "MS"], [80000, 87999, "PR"], [88000, 89999, "SC"], [90000, 99999, "RS"],
]

/** The state (UF) of an 8-digit CEP, or null when no range holds it. */
export function stateOfCep(cep: string): string | null {
  const prefix = Number(cep.slice(0, 5))
  return CEP_STATES.find(([from, to]) => prefix >= from && prefix <= to)?.[2] ?? null
}

export type GeoZone = { type: string; country_code: string; province_code?: string | null; city?: string | null; postal_expression?: Record<string, unknown> | string | null }

/** A province code as merchants and Medusa's admin write it: "SP", "sp", "BR-SP", "br-sp". */
const provinceOf = (code: string): string => code.trim().toUpperCase().replace(/^BR-/, "")

/**
 * Whether a zip zone's postal expression holds the CEP. Medusa compares it as written; a CEP range is
 * what a Brazilian merchant means, so three forms are read: an exact CEP ("01310-100"), a prefix
 * ("01310*") and a range ("01000-000..05999-999"). Stored as JSON by Medusa, a string or `{ value }`.
 */
export function postalExpressionHolds(expression: GeoZone["postal_expression"], cep: string): boolean {
  const text = typeof expression === "string" ? expression : typeof expression?.value === "string" ? (expression.value as string) : null
  if (!text) return false
  const digits = (value: string) => value.replace(/\D/g, "")
  if (text.includes("..")) {
    const [from, to] = text.split("..").map(digits)
    return !!from && !!to && cep >= from.padEnd(8, "0") && cep <= to.padEnd(8, "9")
  }
  if (text.trim().endsWith("*")) return cep.startsWith(digits(text))
  return digits(text) === cep
}

/**
 * Whether a geo zone of a service zone serves the CEP: BR as a country, the CEP's state as a
 * province, a zip zone holding it. A city zone needs the city's name, which a CEP does not carry
 * without a lookup: it does not match (docs/freight.md says so).
 */
export function geoZoneServes(zone: GeoZone, cep: string): boolean {
  if (zone.country_code?.toLowerCase() !== "br") return false
  const state = stateOfCep(cep)
  if (zone.type === "country") return true
  if (zone.type === "province") return !!state && !!zone.province_code && provinceOf(zone.province_code) === state
  if (zone.type === "zip") return postalExpressionHolds(zone.postal_expression, cep)
  return false
}

/** The CEP's range for the quote cache: its first five digits (a Correios sector), never the full CEP. */
export const cepRange = (cep: string): string => cep.slice(0, 5)

/** A value's band: the upper bound of its step (`steps`: [up to, step] in order), null past the last. */
function bandOf(value: number, steps: Array<[number, number]>, zero: string | null): string | null {
  if (!Number.isFinite(value) || value < 0) return null
  if (value === 0 && zero !== null) return zero
  const step = steps.find(([upTo]) => value <= upTo)?.[1]
  if (step === undefined) return null
  return `${Math.max(step, Math.round(Math.ceil(value / step - 1e-9) * step * 1000) / 1000)}`
}

/**
 * The weight band for the quote cache: 0.5 kg steps up to 5 kg, 1 kg to 30 kg, 5 kg to 100 kg, 50 kg
 * to 1,000 kg; null past it (not cached: a caller's weight would otherwise make a band per request).
 */
export const weightBand = (totalKg: number): string | null => bandOf(totalKg, [[5, 0.5], [30, 1], [100, 5], [1000, 50]], null)

/**
 * The volume band (litres) for the quote cache, since carriers price the cubed weight: 1 L steps up to
 * 5 L, 5 L to 50, 20 L to 200, 100 L to 1,000, 500 L to 5,000 (5 m³); "0" without measures; null past 5 m³.
 */
export const volumeBand = (litres: number): string | null => bandOf(litres, [[5, 1], [50, 5], [200, 20], [1000, 100], [5000, 500]], "0")

/** A quote's parcel: its total weight (kg) and volume (litres), from its lines' measures and quantities. */
export function parcelOf(lines: Array<{ quantity: number; weightKg: number; heightM: number; widthM: number; lengthM: number }>): { kg: number; litres: number } {
  return lines.reduce((sum, line) => ({ kg: sum.kg + line.weightKg * line.quantity, litres: sum.litres + line.heightM * line.widthM * line.lengthM * 1000 * line.quantity }), { kg: 0, litres: 0 })
}

/** The whole request's deadline when `freight.deadlineMs` is unset: 50 ms short of the hub's 800 for the network. */
export const FREIGHT_DEADLINE_MS = 750

/** The merchant's rules on top of Medusa's price, per account (docs/options.md, `freight`), and the option's fields kept beside them. */
export const freightRulesSchema = z.object({
  markupPercent: z.number({ error: "freight.markupPercent must be a number" }).min(-100, "freight.markupPercent must be at least -100").max(1000).default(0),
  fixedAmount: z.number({ error: "freight.fixedAmount must be a number" }).min(-100_000).max(100_000).default(0),
  /** Items' total at or above which every option is free; unset: never. */
  freeAbove: z.number({ error: "freight.freeAbove must be a number" }).min(0, "freight.freeAbove must not be negative").optional(),
  /**
   * The whole request's deadline from its arrival (the hub waits 800 ms, the network takes its part):
   * past it the quote answers with what it has priced. Unset: FREIGHT_DEADLINE_MS.
   */
  deadlineMs: z.number({ error: "freight.deadlineMs must be a whole number of milliseconds" }).int("freight.deadlineMs must be a whole number of milliseconds").min(100, "freight.deadlineMs must be at least 100").max(790, "freight.deadlineMs must be at most 790 (the hub waits 800 ms)").optional(),
  /**
   * How old a calculated option's cached price may be before a quote answered from it also asks the
   * provider again, behind the answer (one call at a time per cache key and process). 0: every time.
   */
  cacheRefreshSeconds: z.number({ error: "freight.cacheRefreshSeconds must be a whole number of seconds" }).int("freight.cacheRefreshSeconds must be a whole number of seconds").min(0).max(86_400).default(60),
  /** The partner contract's units; unset: the legacy's (freight-contracts.ts says why). */
  partnerUnits: partnerUnitsSchema.optional(),
})
export type FreightRules = z.infer<typeof freightRulesSchema>

/** Medusa's price with the rules applied, exact, rounded half up to cents, never below zero. */
export function applyFreightRules(amount: BigNumber | number | string, itemTotal: number | string, rules: Pick<FreightRules, "markupPercent" | "fixedAmount" | "freeAbove">): string {
  if (rules.freeAbove !== undefined && MathBN.gte(itemTotal, rules.freeAbove)) return "0.00"
  // No markup and no fixed amount (most stores): the price itself, rounded, with one BigNumber.
  if (!rules.markupPercent && !rules.fixedAmount) return MathBN.max(amount, 0).decimalPlaces(2, 4 /* ROUND_HALF_UP */).toFixed(2)
  const ruled = MathBN.add(MathBN.mult(amount, MathBN.add(1, MathBN.div(rules.markupPercent, 100))), rules.fixedAmount)
  return MathBN.max(ruled, 0).decimalPlaces(2, 4 /* ROUND_HALF_UP */).toFixed(2)
}

/** A flat option's price in the account's currency: its amount (a decimal string) and its rules (Medusa's price rules). */
export type FlatPrice = { amount: string; rules: Array<{ attribute: string; operator: string; value: string }> }

/** Whether a price rule holds for the quote's items' total, compared as Medusa's pricing compares it (eq as text, the others as numbers). */
function ruleHolds(rule: FlatPrice["rules"][number], itemTotal: string): boolean {
  if (rule.attribute !== "item_total") return false
  const total = Number(itemTotal)
  if (rule.operator === "eq") return rule.value === total.toString()
  if (!/^-?\d+(\.\d+)?$/.test(rule.value.trim())) return false
  if (rule.operator === "gt") return MathBN.gt(itemTotal, rule.value)
  if (rule.operator === "gte") return MathBN.gte(itemTotal, rule.value)
  if (rule.operator === "lt") return MathBN.lt(itemTotal, rule.value)
  if (rule.operator === "lte") return MathBN.lte(itemTotal, rule.value)
  return false
}

/**
 * A flat option's price for a quote, as Medusa's pricing picks it with the context `{ currency_code,
 * item_total }` (node_modules/@medusajs/pricing, PricingRepository.calculatePrices): among the prices
 * whose every rule holds (a rule on anything but item_total cannot), the one with the most rules, then
 * the lowest amount. Null: none holds.
 */
export function flatAmountOf(prices: FlatPrice[], itemTotal: string): string | null {
  let best: FlatPrice | null = null
  for (const price of prices) {
    if (!price.rules.every((rule) => ruleHolds(rule, itemTotal))) continue
    if (!best || price.rules.length > best.rules.length || (price.rules.length === best.rules.length && MathBN.lt(price.amount, best.amount))) best = price
  }
  return best?.amount ?? null
}

/** The items' total of a quote (unit price × quantity), exact: Medusa's `item_total` price rules read it. */
export function itemTotalOf(lines: Array<{ unitPrice: number; quantity: number }>): string {
  return MathBN.sum(0, ...lines.map((line) => MathBN.mult(line.unitPrice, line.quantity))).toFixed()
}

/** A shipping option's transit days, kept in its metadata (`hub_delivery_days`): Medusa has none. */
export function transitDaysOf(metadata: Record<string, unknown> | null | undefined): number | null {
  const kept = metadata?.hub_delivery_days
  // Cleared days are kept as null (Medusa merges metadata: a key cannot be left out), and Number(null) is 0.
  if (kept === null || kept === undefined || kept === "") return null
  const value = Number(kept)
  return Number.isInteger(value) && value >= 0 && value <= 365 ? value : null
}

/**
 * The merchant's zone table for a calculated option: a flat amount (Medusa's price before the
 * account's rules, in its currency) and days, per account, kept beside the delivery days in the
 * option's metadata (`hub_freight_fallback`, keyed by account). It answers a quote whose provider
 * is late and whose exact cache is empty.
 */
export type FreightFallback = { amount: string; days: number | null }
export const FALLBACK_KEY = "hub_freight_fallback"
export const fallbackAmountSchema = z.string({ error: "amount must be an amount such as 19.90" }).regex(/^\d{1,7}(\.\d{1,2})?$/, "amount must be an amount such as 19.90")

export function fallbackOf(metadata: Record<string, unknown> | null | undefined, account: string): FreightFallback | null {
  const entry = (metadata?.[FALLBACK_KEY] as Record<string, { amount?: unknown; days?: unknown }> | undefined)?.[account]
  if (!entry || !fallbackAmountSchema.safeParse(entry.amount).success) return null
  const days = Number(entry.days)
  return { amount: entry.amount as string, days: entry.days !== null && Number.isInteger(days) && days >= 0 && days <= 365 ? days : null }
}
