import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { receiveSacReturnWorkflow } from "../../../../../../../../workflows/after-sale/receive-sac-return"
import type { SacReturnToReceive } from "../../../../../../../../workflows/after-sale/steps/sac-return-to-receive"
import type { HubAccountQuery } from "../../../../../account-query"

/** The goods of a ticket's return arrived (workflow receive-hub-sac-return): back in stock, the refund recorded. */
export async function POST(req: MedusaRequest, res: MedusaResponse<{ received: SacReturnToReceive }>) {
  const { account } = req.validatedQuery as HubAccountQuery
  const { result } = await receiveSacReturnWorkflow(req.scope).run({ input: { account, code: req.params.code } })
  res.json({ received: result })
}
