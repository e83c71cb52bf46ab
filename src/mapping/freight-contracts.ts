import { MathBN } from "@medusajs/framework/utils"
import { z } from "zod"

/*
 * The two freight quote contracts of the hub (docs/hub-public-facts.md, *Freight quotes*), read into
 * one shape and written back in the caller's. Pure: no Medusa, no I/O.
 */

export const FREIGHT_CONTRACTS = ["legacy", "partner"] as const
export type FreightContract = (typeof FREIGHT_CONTRACTS)[number]

/** The most lines a quote may carry: a marketplace cart is a handful; the bound keeps a request cheap. */
export const FREIGHT_MAX_LINES = 100

/** A CEP as 8 digits; the legacy contract sends it as an integer, so its leading zero is lost. */
const cepOf = (digits: string): string => digits.padStart(8, "0")

const measure = (field: string, max = 100_000) => z.number({ error: `${field} must be a number` }).finite(`${field} must be a number`).min(0, `${field} must not be negative`).max(max, `${field} is too large`)
const quantity = z.number({ error: "quantity must be a whole number" }).int("quantity must be a whole number").min(1, "quantity must be at least 1").max(10_000, "quantity must be at most 10000")
const sku = (field: string) => z.string({ error: `${field} must be a text` }).trim().min(1, `${field} must not be empty`).max(100, `${field} must be at most 100 characters`)

/** The legacy request: measures in metres, weight in kg, the CEP as an integer. */
export const legacyQuoteRequestSchema = z.object({
  destinationZip: z
    .union([z.number().int().min(1).max(99_999_999), z.string().regex(/^\d{5}-?\d{3}$/)], { error: "destinationZip must be a CEP of 8 digits" })
    .transform((zip) => cepOf(String(zip).replace("-", ""))),
  volumes: z
    .array(
      z.object({
        sku: sku("sku"),
        quantity,
        price: measure("price"),
        height: measure("height").default(0),
        length: measure("length").default(0),
        width: measure("width").default(0),
        weight: measure("weight").default(0),
      }),
      { error: "volumes must be a list of items" }
    )
    .min(1, "volumes must hold at least one item")
    .max(FREIGHT_MAX_LINES, `volumes must hold at most ${FREIGHT_MAX_LINES} items`),
})

/**
 * The partner's units: the public record names its fields (each the legacy's under a new name) but no
 * units, so unset they are the legacy's (kg, metres, reais); an account whose partner says otherwise
 * sets `freight.partnerUnits` (docs/options.md).
 */
export const partnerUnitsSchema = z.object({
  weight: z.enum(["kg", "g"], { error: "freight.partnerUnits.weight must be kg or g" }).default("kg"),
  measures: z.enum(["m", "cm", "mm"], { error: "freight.partnerUnits.measures must be m, cm or mm" }).default("m"),
  /** The products' `cost` and the answer's `finalShippingCost`. */
  money: z.enum(["reais", "centavos"], { error: "freight.partnerUnits.money must be reais or centavos" }).default("reais"),
})
export type PartnerUnits = z.output<typeof partnerUnitsSchema>
export const LEGACY_UNITS: PartnerUnits = { weight: "kg", measures: "m", money: "reais" }

const KG_PER = { kg: "1", g: "0.001" } as const
const M_PER = { m: "1", cm: "0.01", mm: "0.001" } as const
/** A number times an exact factor (decimal strings), so 1250 g is 1.25 kg and not 1.2500000000000002. */
const scaled = (value: number, factor: string): number => (factor === "1" ? value : MathBN.convert(MathBN.mult(value, factor)).toNumber())

/** The partner's request: CEPs as strings; its measures in the account's `partnerUnits` (bounds wide enough for grams and centavos). */
export const partnerQuoteRequestSchema = z.object({
  originZipCode: z.string().max(20).optional(),
  destinationZipCode: z.string({ error: "destinationZipCode must be a CEP of 8 digits" }).regex(/^\d{5}-?\d{3}$/, "destinationZipCode must be a CEP of 8 digits").transform((zip) => zip.replace("-", "")),
  products: z
    .array(
      z.object({
        skuId: sku("skuId"),
        sellerTenant: z.string().max(200).optional(),
        category: z.string().max(200).optional(),
        weight: measure("weight", 100_000_000).default(0),
        width: measure("width", 100_000_000).default(0),
        height: measure("height", 100_000_000).default(0),
        length: measure("length", 100_000_000).default(0),
        quantity,
        cost: measure("cost", 100_000_000),
      }),
      { error: "products must be a list of items" }
    )
    .min(1, "products must hold at least one item")
    .max(FREIGHT_MAX_LINES, `products must hold at most ${FREIGHT_MAX_LINES} items`),
})

/** One line of a quote, whatever the contract: measures in metres, weight in kg, the unit price. */
export type FreightLine = { sku: string; quantity: number; unitPrice: number; weightKg: number; heightM: number; widthM: number; lengthM: number }
export type FreightRequest = { contract: FreightContract; cep: string; lines: FreightLine[]; sellerTenant?: string }

/** A cost in centavos is a whole number: a fraction means the partner sends reais, and the option is wrong. */
function wholeCentavos(data: z.output<typeof partnerQuoteRequestSchema>, ctx: z.core.$RefinementCtx) {
  data.products.forEach((p, index) => {
    if (!Number.isInteger(p.cost)) ctx.addIssue({ code: "custom", path: ["products", index, "cost"], message: "cost must be a whole number of centavos" })
  })
}

/**
 * A list of lines past FREIGHT_MAX_LINES refused by its length before any line is read: zod checks
 * every item before an array's bound, and a 64 KB body of `{}` is 21,000 items (0.4-0.7 s of the
 * event loop, the whole store frozen, issue 59).
 */
function tooManyLines(contract: FreightContract, body: unknown): z.core.$ZodIssue[] | null {
  const field = contract === "legacy" ? "volumes" : "products"
  const lines = (body as Record<string, unknown> | null)?.[field]
  if (!Array.isArray(lines) || lines.length <= FREIGHT_MAX_LINES) return null
  return [{ code: "custom", path: [field], message: `${field} must hold at most ${FREIGHT_MAX_LINES} items`, input: undefined } as z.core.$ZodIssue]
}

/** Reads a request; `units` are the partner's (the legacy's are on the record). */
export function readQuoteRequest(contract: FreightContract, body: unknown, units: PartnerUnits = LEGACY_UNITS): { ok: true; request: FreightRequest } | { ok: false; issues: z.core.$ZodIssue[] } {
  const tooMany = tooManyLines(contract, body)
  if (tooMany) return { ok: false, issues: tooMany }
  if (contract === "legacy") {
    const parsed = legacyQuoteRequestSchema.safeParse(body)
    if (!parsed.success) return { ok: false, issues: parsed.error.issues }
    return {
      ok: true,
      request: {
        contract,
        cep: parsed.data.destinationZip,
        lines: parsed.data.volumes.map((v) => ({ sku: v.sku, quantity: v.quantity, unitPrice: v.price, weightKg: v.weight, heightM: v.height, widthM: v.width, lengthM: v.length })),
      },
    }
  }
  const schema = units.money === "centavos" ? partnerQuoteRequestSchema.superRefine(wholeCentavos) : partnerQuoteRequestSchema
  const parsed = schema.safeParse(body)
  if (!parsed.success) return { ok: false, issues: parsed.error.issues }
  const kg = KG_PER[units.weight]
  const m = M_PER[units.measures]
  return {
    ok: true,
    request: {
      contract,
      cep: parsed.data.destinationZipCode,
      sellerTenant: parsed.data.products.find((p) => p.sellerTenant)?.sellerTenant,
      lines: parsed.data.products.map((p) => ({
        sku: p.skuId,
        quantity: p.quantity,
        unitPrice: units.money === "centavos" ? scaled(p.cost, "0.01") : p.cost,
        weightKg: scaled(p.weight, kg),
        heightM: scaled(p.height, m),
        widthM: scaled(p.width, m),
        lengthM: scaled(p.length, m),
      })),
    },
  }
}

/** One option quoted: its price in the account's currency (a decimal string, exact) and days. */
export type FreightQuote = { id: string; name: string; displayName: string; amount: string; transitDays: number; handlingDays: number }

export const NO_DELIVERY_TEXT = "Nenhuma opção de frete disponível para o CEP informado"
export const UNSERVED_LEGACY_TEXT = "Região de entrega não atendida"
export const UNAVAILABLE_TEXT = "Cotação de frete indisponível no momento"
export const UNAVAILABLE_KEY = "QUOTE_UNAVAILABLE"

/**
 * Why a quote has no option: no zone of the store serves the CEP (the contract's no-options 404), or
 * nothing is known in time for a CEP it may serve (a 503: the hub then uses the merchant's
 * contingency table, where a 404 would tell the marketplace the region is not served).
 */
export type NoOption = "unserved" | "unavailable"
export const UNKNOWN_SKU_KEY = "SKU_NOT_FOUND"

/** The cheapest first, the fastest among equals (as the marketplace chooses). */
export function sortQuotes(quotes: FreightQuote[]): FreightQuote[] {
  return [...quotes].sort((a, b) => Number(a.amount) - Number(b.amount) || a.transitDays + a.handlingDays - (b.transitDays + b.handlingDays))
}

/** The dates addBusinessDays answered today (UTC), by the days added: every quote asks the same few. */
const businessDates = { day: "", byDays: new Map<number, string>() }

/** Adds business days (Monday to Friday) to `from`, as the partner's estimated date. */
export function addBusinessDays(from: Date, days: number): string {
  const day = from.toISOString().slice(0, 10)
  if (businessDates.day !== day) Object.assign(businessDates, { day, byDays: new Map() })
  let answer = businessDates.byDays.get(days)
  if (answer === undefined) {
    answer = businessDateAfter(from, days)
    if (businessDates.byDays.size < 400) businessDates.byDays.set(days, answer)
  }
  return answer
}

function businessDateAfter(from: Date, days: number): string {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()))
  let left = days
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1)
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) left--
  }
  return date.toISOString().slice(0, 10)
}

export type FreightAnswer = { status: number; body: unknown }

/** The answer in the legacy contract: 404 with the hub's words when no zone serves the CEP, 503 when nothing is known in time. */
export function legacyAnswer(quotes: FreightQuote[], none: NoOption = "unserved"): FreightAnswer {
  if (!quotes.length) return none === "unserved" ? { status: 404, body: { message: UNSERVED_LEGACY_TEXT } } : { status: 503, body: { message: UNAVAILABLE_TEXT } }
  return {
    status: 200,
    body: {
      shippingQuotes: sortQuotes(quotes).map((q) => ({
        shippingCost: Number(q.amount),
        deliveryTime: { total: q.transitDays + q.handlingDays, transit: q.transitDays, expedition: q.handlingDays },
        shippingMethodId: q.id,
        shippingMethodName: q.name,
        shippingMethodDisplayName: q.displayName,
      })),
    },
  }
}

/** The answer in the partner's contract; unknown SKUs, an unserved CEP and a quote unavailable in time are said in `messages`. */
export function partnerAnswer(request: FreightRequest, quotes: FreightQuote[], unknownSkus: string[], now: Date, units: PartnerUnits = LEGACY_UNITS, none: NoOption = "unserved"): FreightAnswer {
  const sellerTenant = request.sellerTenant ?? ""
  const noOption = none === "unserved" ? { key: "NO_DELIVERY_OPTIONS", text: NO_DELIVERY_TEXT } : { key: UNAVAILABLE_KEY, text: UNAVAILABLE_TEXT }
  const messages = [
    ...unknownSkus.map((skuId) => ({ type: "WARNING", key: UNKNOWN_SKU_KEY, text: `SKU ${skuId} não encontrado`, sellerTenant })),
    ...(quotes.length ? [] : [{ type: "ERROR", ...noOption, sellerTenant }]),
  ]
  const status = quotes.length ? 200 : none === "unserved" ? 404 : 503
  return {
    status,
    body: {
      statusHttp: status,
      status: quotes.length ? "ok" : "error",
      ...(messages.length ? { messages } : {}),
      content: {
        sellerTenant,
        destinationZipCode: request.cep,
        platform: "medusa",
        deliveryOptions: sortQuotes(quotes).map((q) => ({
          deliveryMethodId: q.id,
          deliveryMethodName: q.displayName,
          deliveryTime: q.transitDays + q.handlingDays,
          deliveryTimeType: "bd",
          finalShippingCost: units.money === "centavos" ? Number(MathBN.mult(q.amount, 100).toFixed(0)) : Number(q.amount),
          deliveryEstimatedDateExactIso: addBusinessDays(now, q.transitDays + q.handlingDays),
          deliveryEstimateBusinessDays: q.transitDays + q.handlingDays,
        })),
        products: request.lines.map((line) => ({ skuId: line.sku, sellerTenant })),
      },
    },
  }
}
