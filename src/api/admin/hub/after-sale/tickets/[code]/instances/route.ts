import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { cancelSacOrderWorkflow } from "../../../../../../../workflows/after-sale/cancel-sac-order"
import { exchangeSacOrderWorkflow } from "../../../../../../../workflows/after-sale/exchange-sac-order"
import { returnSacOrderWorkflow } from "../../../../../../../workflows/after-sale/return-sac-order"
import type { SacInstanceOutcome } from "../../../../../../../workflows/after-sale/steps/send-sac-instance"
import type { HubAccountQuery } from "../../../../account-query"
import type { PostHubSacInstance } from "../../../validators"

const STATUS: Record<SacInstanceOutcome["state"], number> = { sent: 200, refused: 422, unknown: 502, not_sent: 503, busy: 409 }
const WORKFLOWS = { CANCEL: cancelSacOrderWorkflow, RETURN: returnSacOrderWorkflow, EXCHANGE: exchangeSacOrderWorkflow }

/** The merchant acts on a SAC ticket (workflows cancel-, return-, exchange-hub-sac-order): the hub's instance sent once, Medusa's part done. */
export async function POST(req: MedusaRequest<PostHubSacInstance>, res: MedusaResponse<{ instance: SacInstanceOutcome }>) {
  const { account } = req.validatedQuery as HubAccountQuery
  const { action, note, new_items: newItems, refund_reason_id: refundReasonId } = req.validatedBody
  const { result } = await WORKFLOWS[action](req.scope).run({ input: { account, code: req.params.code, note, newItems, refundReasonId } })
  res.status(STATUS[result.state]).json({ instance: result })
}
