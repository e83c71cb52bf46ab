import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { fallbackAmountSchema } from "../../../../../mapping/freight-rules"
import { setFreightFallbackWorkflow } from "../../../../../workflows/freight"
import { freightAccount, freightSettings, parseOr400 } from "../admin-freight"

const bodySchema = z.strictObject({
  shipping_option_id: z.string({ error: "shipping_option_id must be a shipping option's id" }).regex(/^so_[0-9A-Z]+$/, "shipping_option_id must be a shipping option's id"),
  /** Medusa's price before the account's rules, as a decimal text (exact): null clears the zone table. */
  amount: fallbackAmountSchema.nullable(),
  days: z.number({ error: "days must be a whole number of days, or null" }).int("days must be a whole number of days").min(0, "days must not be negative").max(365, "days must be at most 365").nullable().default(null),
})

/** An account's zone table for a calculated option: what a quote answers when its provider is late and nothing is cached. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { id } = freightAccount(req)
  const { shipping_option_id, amount, days } = parseOr400(bodySchema, req.body)
  await setFreightFallbackWorkflow(req.scope).run({ input: { shipping_option_id, account: id, fallback: amount === null ? null : { amount, days } } })
  res.json(await freightSettings(req))
}
