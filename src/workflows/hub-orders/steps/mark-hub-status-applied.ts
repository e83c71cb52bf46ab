import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import HubModuleService from "../../../modules/hub/service"

/** Records that the marketplace's status has been applied to the Medusa order. */
export const markHubStatusAppliedStep = createStep(
  "mark-hub-status-applied",
  async ({ hubOrderId, statusType }: { hubOrderId: string; statusType: string }, { container }) => {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const before = await hubModule.retrieveHubOrder(hubOrderId)
    await hubModule.updateHubOrders({ id: hubOrderId, applied_status_type: statusType })
    return new StepResponse(undefined, { id: hubOrderId, applied_status_type: before.applied_status_type })
  },
  async (previous, { container }) => {
    if (!previous) return
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    await hubModule.updateHubOrders(previous)
  }
)
