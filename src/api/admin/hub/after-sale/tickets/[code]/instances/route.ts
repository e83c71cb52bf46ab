import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { readReturnNfe } from "../../../../../../../mapping/return-nfe"
import { HUB_MODULE } from "../../../../../../../modules/hub"
import type HubModuleService from "../../../../../../../modules/hub/service"
import { cancelSacOrderWorkflow } from "../../../../../../../workflows/after-sale/cancel-sac-order"
import { exchangeSacOrderWorkflow } from "../../../../../../../workflows/after-sale/exchange-sac-order"
import { returnSacOrderWorkflow } from "../../../../../../../workflows/after-sale/return-sac-order"
import type { SacInstanceOutcome } from "../../../../../../../workflows/after-sale/steps/send-sac-instance"
import type { HubAccountQuery } from "../../../../account-query"
import type { PostHubSacInstance } from "../../../validators"

const STATUS: Record<SacInstanceOutcome["state"], number> = { sent: 200, refused: 422, unknown: 502, not_sent: 503, busy: 409 }
const WORKFLOWS = { CANCEL: cancelSacOrderWorkflow, RETURN: returnSacOrderWorkflow, EXCHANGE: exchangeSacOrderWorkflow }

/**
 * The merchant acts on a SAC ticket (workflows cancel-, return-, exchange-hub-sac-order): the hub's
 * instance sent once, Medusa's part done. A return NF-e is read here (src/mapping/return-nfe.ts; a 400
 * naming its problem, nothing sent), and only its key and date go on: the XML is held until this answers.
 * An instance not sent says why in `message` too (the hub's words when it refused), as Medusa's errors do.
 */
export async function POST(req: MedusaRequest<PostHubSacInstance>, res: MedusaResponse<{ instance: SacInstanceOutcome; message?: string }>) {
  const { account } = req.validatedQuery as HubAccountQuery
  const { action, note, new_items: newItems, refund_reason_id: refundReasonId, return_invoice: given } = req.validatedBody
  let returnInvoice: { key: string; issue_date?: string } | undefined
  if (given) {
    const nfe = readReturnNfe(given, req.scope.resolve<HubModuleService>(HUB_MODULE).account(account).options.invoiceXmlMaxBytes)
    // Answered here: Medusa's error handler would drop `problem`, which the Drawer turns into the admin's language.
    if (!nfe.ok) return void res.status(400).json({ type: MedusaError.Types.INVALID_DATA, message: nfe.message, problem: nfe.problem } as never)
    returnInvoice = { key: nfe.key, ...(nfe.issueDate ? { issue_date: nfe.issueDate } : {}) }
  }
  const { result } = await WORKFLOWS[action](req.scope).run({ input: { account, code: req.params.code, note, newItems, refundReasonId, returnInvoice } })
  res.status(STATUS[result.state]).json({ instance: result, ...(result.state !== "sent" && result.error ? { message: result.error } : {}) })
}
