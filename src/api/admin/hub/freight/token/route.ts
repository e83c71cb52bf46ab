import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { rotateFreightTokenWorkflow, turnOffFreightWorkflow } from "../../../../../workflows/freight"
import { freightAccount, freightSettings } from "../admin-freight"

/** A new token for the account's quote URLs (the first, or a rotation): the old URLs stop answering at once. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { id } = freightAccount(req)
  await rotateFreightTokenWorkflow(req.scope).run({ input: { account: id } })
  res.json(await freightSettings(req))
}

/** Turns the account's quote routes off from the admin: the token removed, the URLs answer as missing routes. */
export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  const { id } = freightAccount(req)
  await turnOffFreightWorkflow(req.scope).run({ input: { account: id } })
  res.json(await freightSettings(req))
}
