import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { HubAccountQuery } from "../../account-query"
import { HUB_MODULE } from "../../../../../modules/hub"
import type HubModuleService from "../../../../../modules/hub/service"
import { runDeliveryActionWorkflow } from "../../../../../workflows/delivery/run-delivery-action"
import { answerDeliveryAction, answerHubRead } from "../answer"
import type { PostDeliveryOrders } from "../validators"

/** The account's PLPs as the hub lists them, each with its orders. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { delivery } = hubModule.account((req.validatedQuery as HubAccountQuery).account)
  await answerHubRead(res, async () => ({ plps: (await delivery.plps()).map((plp) => ({ id: plp.id, type: plp.type ?? null, order_codes: plp.orders.map((order) => order.code) })) }))
}

/** Groups orders into a PLP on the account's hub (docs/delivery.md): 201 with the PLP's id, or how it ended. */
export async function POST(req: MedusaRequest<PostDeliveryOrders>, res: MedusaResponse) {
  const { account } = req.validatedQuery as HubAccountQuery
  const { result } = await runDeliveryActionWorkflow(req.scope).run({ input: { account, action: "group", codes: req.validatedBody.order_codes } })
  answerDeliveryAction(res, result, true)
}
