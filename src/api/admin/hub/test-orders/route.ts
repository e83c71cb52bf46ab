import { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { HubRefusedError, HubRejectedError } from "../../../../hub-client"
import { HUB_MODULE } from "../../../../modules/hub"
import HubModuleService from "../../../../modules/hub/service"
import type { HubAccountQuery } from "../account-query"
import { PostHubTestOrder } from "./validators"

/**
 * Creates a test order on an account's hub (`?account=`, `default` unless named), and approves it when
 * asked (docs/hub-interface.md §4 rules 1 and 3), so a merchant on a sandbox account can try the whole
 * flow. Refused on a production account.
 */
export async function POST(req: MedusaRequest<PostHubTestOrder>, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { id: account, hub } = hubModule.account((req.validatedQuery as HubAccountQuery).account)
  try {
    const created = await hub.createTestOrder(req.validatedBody.order)
    const hubOrder = req.validatedBody.approve ? await hub.approveTestOrder(created.code) : created
    res.status(201).json({ hub_order: { account, code: hubOrder.code, status: hubOrder.status } })
  } catch (error) {
    if (error instanceof HubRefusedError || error instanceof HubRejectedError) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, error.message)
    }
    throw error
  }
}
