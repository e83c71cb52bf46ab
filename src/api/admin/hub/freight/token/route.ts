import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { rotateFreightTokenWorkflow } from "../../../../../workflows/freight"
import { freightAccount, freightSettings } from "../admin-freight"

/** A new token for the account's quote URLs (the first, or a rotation): the old URLs stop answering at once. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { id } = freightAccount(req)
  await rotateFreightTokenWorkflow(req.scope).run({ input: { account: id } })
  res.json(await freightSettings(req))
}
