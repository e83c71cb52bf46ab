import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { z } from "zod"
import { addBusinessDays, legacyAnswer, partnerAnswer, sortQuotes, type FreightRequest } from "../../../../../mapping/freight-contracts"
import { cepRange } from "../../../../../mapping/freight-rules"
import { quoteFreight } from "../../../../../queries/freight-quote"
import { freightRecorder } from "../../../../../queries/freight-recorder"
import { FREIGHT_TRY } from "../../../../../modules/hub/types"
import { freightAccount, parseOr400 } from "../admin-freight"

const bodySchema = z.strictObject({
  cep: z.string({ error: "cep must be a CEP of 8 digits" }).regex(/^\d{5}-?\d{3}$/, "cep must be a CEP of 8 digits"),
  items: z
    .array(z.strictObject({ variant_id: z.string().regex(/^variant_[0-9A-Z]+$/, "items.variant_id must be a variant's id"), quantity: z.number().int().min(1).max(1000).default(1) }), { error: "items must be a list of variants" })
    .min(1, "items must hold at least one variant")
    .max(20),
})

/**
 * *Try a quote*: the quote the hub would get for these variants (their price, weight and measures as
 * Medusa keeps them, in grams and centimetres) and CEP. `options` as the marketplace shows them to a
 * buyer (cheapest first: the price with the account's rules, exact, its business days and date);
 * `none` why there is none; `technical` the two contracts' answers as the hub reads them. Kept among
 * the last quotes as a try (docs/freight.md).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const startedAt = Date.now()
  const account = freightAccount(req)
  const { cep, items } = parseOr400(bodySchema, req.body)
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data: variants } = await query.graph({
    entity: "product_variant",
    fields: ["id", "sku", "weight", "height", "width", "length", "product.weight", "prices.amount", "prices.currency_code"],
    filters: { id: items.map((item) => item.variant_id) },
  })
  type Variant = { id: string; sku: string | null; weight: number | null; height: number | null; width: number | null; length: number | null; product?: { weight?: number | null }; prices?: Array<{ amount: number; currency_code: string }> }
  const byId = new Map((variants as Variant[]).map((variant) => [variant.id, variant]))
  const { currencyCode, partnerUnits } = account.options.freight
  const request: FreightRequest = {
    contract: "partner",
    cep: cep.replace("-", ""),
    sellerTenant: account.id,
    lines: items.map(({ variant_id, quantity }) => {
      const variant = byId.get(variant_id)
      const price = variant?.prices?.find((p) => p.currency_code === currencyCode)?.amount ?? 0
      return {
        sku: variant?.sku ?? variant_id,
        quantity,
        unitPrice: Number(price),
        weightKg: Number(variant?.weight ?? variant?.product?.weight ?? 0) / 1000,
        heightM: Number(variant?.height ?? 0) / 100,
        widthM: Number(variant?.width ?? 0) / 100,
        lengthM: Number(variant?.length ?? 0) / 100,
      }
    }),
  }
  const result = await quoteFreight(req.scope, account.options, request, startedAt)
  const ms = Date.now() - startedAt
  const now = new Date()
  const none = result.quotes.length ? null : result.served === "unserved" ? "unserved" : "unavailable"
  freightRecorder(req.scope).record({
    account: account.id,
    contract: FREIGHT_TRY,
    cepRange: cepRange(request.cep),
    options: result.quotes.length,
    ms,
    cacheHit: result.cacheHit,
    unknownSkus: result.unknownSkus.length,
    source: result.source,
    timedOut: false,
    answeredAt: now,
  })
  res.json({
    options: sortQuotes(result.quotes).map((quote) => {
      const days = quote.transitDays + quote.handlingDays
      return { shipping_option_id: quote.id, name: quote.displayName, amount: quote.amount, currency_code: currencyCode, business_days: days, delivery_date: addBusinessDays(now, days) }
    }),
    none,
    unknown_skus: result.unknownSkus,
    source: result.source,
    cache_hit: result.cacheHit,
    ms,
    technical: {
      partner: partnerAnswer(request, result.quotes, result.unknownSkus, now, partnerUnits, none ?? "unserved"),
      legacy: legacyAnswer(result.quotes, none ?? "unserved"),
    },
  })
}
