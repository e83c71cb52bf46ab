import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { HubAccountQuery } from "../../account-query"
import { runDeliveryActionWorkflow } from "../../../../../workflows/delivery/run-delivery-action"
import { answerDeliveryAction } from "../answer"
import type { PostDeliveryOrders } from "../validators"

/** Requests Direct's collection of these orders' parcels on the account's hub. */
export async function POST(req: MedusaRequest<PostDeliveryOrders>, res: MedusaResponse) {
  const { account } = req.validatedQuery as HubAccountQuery
  const { result } = await runDeliveryActionWorkflow(req.scope).run({ input: { account, action: "request_collection", codes: req.validatedBody.order_codes } })
  answerDeliveryAction(res, result, true)
}
