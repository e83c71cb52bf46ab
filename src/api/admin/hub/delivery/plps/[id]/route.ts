import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { HubAccountQuery } from "../../../account-query"
import { HUB_MODULE } from "../../../../../../modules/hub"
import type HubModuleService from "../../../../../../modules/hub/service"
import { runDeliveryActionWorkflow } from "../../../../../../workflows/delivery/run-delivery-action"
import { answerDeliveryAction, answerHubRead, streamPdf } from "../../answer"

/** A PLP to print: its PDF streamed from the hub (`format=pdf`), or its data (`format=json`). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { account, format } = req.validatedQuery as { account: string; format: "pdf" | "json" }
  const { delivery } = hubModule.account(account)
  const plpId = req.params.id
  if (format === "json") return answerHubRead(res, () => delivery.plpData(plpId))
  await streamPdf(res, `plp-${plpId}.pdf`, () => delivery.plpDocument(plpId), `PLP ${plpId} has no document on the hub`)
}

/** Ungroups a PLP on the account's hub (for Direct, its requested collection is undone with it). */
export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  const { account } = req.validatedQuery as HubAccountQuery
  const { result } = await runDeliveryActionWorkflow(req.scope).run({ input: { account, action: "ungroup", plpId: req.params.id } })
  answerDeliveryAction(res, result)
}
