import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { setFreightDeliveryDaysWorkflow } from "../../../../../workflows/freight"
import { freightSettings, parseOr400 } from "../admin-freight"

const bodySchema = z.strictObject({
  shipping_option_id: z.string({ error: "shipping_option_id must be a shipping option's id" }).regex(/^so_[0-9A-Z]+$/, "shipping_option_id must be a shipping option's id"),
  days: z.number({ error: "days must be a whole number of days, or null" }).int("days must be a whole number of days").min(0, "days must not be negative").max(365, "days must be at most 365").nullable(),
})

/** A shipping option's transit days for freight quotes (kept in its metadata, hub_delivery_days). */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const input = parseOr400(bodySchema, req.body)
  await setFreightDeliveryDaysWorkflow(req.scope).run({ input })
  res.json(await freightSettings(req))
}
