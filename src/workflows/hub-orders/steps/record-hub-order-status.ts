import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

/** Keeps the hub status last seen on the hub order record. */
export const recordHubOrderStatusStep = createStep(
  "record-hub-order-status",
  async ({ hubOrderId, statusCode, statusType }: { hubOrderId: string; statusCode: string; statusType: string }, { container }) => {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const before = await hubModule.retrieveHubOrder(hubOrderId)
    await hubModule.updateHubOrders({ id: hubOrderId, status_code: statusCode, status_type: statusType })
    return new StepResponse(undefined, { id: hubOrderId, status_code: before.status_code, status_type: before.status_type })
  },
  async (previous, { container }) => {
    if (!previous) return
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    await hubModule.updateHubOrders(previous)
  }
)
