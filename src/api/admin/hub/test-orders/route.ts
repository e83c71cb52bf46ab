import { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../modules/hub"
import HubModuleService from "../../../../modules/hub/service"
import { placeHubTestOrderWorkflow } from "../../../../workflows/hub-orders/place-hub-test-order"
import type { HubAccountQuery } from "../account-query"
import { PostHubTestOrder } from "./validators"

/**
 * Creates a test order on an account's hub (`?account=`, `default` unless named), and approves it when
 * asked (docs/hub-interface.md §4 rules 1 and 3), so a merchant on a sandbox account can try the whole
 * flow. Refused on a production account.
 */
export async function POST(req: MedusaRequest<PostHubTestOrder>, res: MedusaResponse) {
  const { id: account } = req.scope.resolve<HubModuleService>(HUB_MODULE).account((req.validatedQuery as HubAccountQuery).account)
  const { result } = await placeHubTestOrderWorkflow(req.scope).run({ input: { account, ...req.validatedBody } })
  res.status(201).json({ hub_order: result })
}
