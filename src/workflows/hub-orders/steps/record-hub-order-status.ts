import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

/** Keeps the hub status last seen on the hub order record of its account; undone to the status it held. */
export const recordHubOrderStatusStep = createStep(
  "record-hub-order-status",
  async ({ account, hubOrderId, statusCode, statusType }: { account: string; hubOrderId: string; statusCode: string; statusType: string }, { container }) => {
    const { records } = container.resolve<HubModuleService>(HUB_MODULE).account(account)
    const before = await records.orders.set(hubOrderId, { status_code: statusCode, status_type: statusType })
    return new StepResponse(undefined, before ? { account, hubOrderId, before } : null)
  },
  async (undo, { container }) => {
    if (!undo) return
    await container.resolve<HubModuleService>(HUB_MODULE).account(undo.account).records.orders.set(undo.hubOrderId, undo.before)
  }
)
