import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { freightSettings } from "./admin-freight"

/** An account's freight quotes in the admin (docs/freight.md): settings, URLs, options' days, last quotes and the day's figures. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await freightSettings(req))
}
