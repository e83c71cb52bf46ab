import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

/** Records that the marketplace's status has been applied to the Medusa order; undone to the one applied before. */
export const markHubStatusAppliedStep = createStep(
  "mark-hub-status-applied",
  async ({ account, hubOrderId, statusType }: { account: string; hubOrderId: string; statusType: string }, { container }) => {
    const { records } = container.resolve<HubModuleService>(HUB_MODULE).account(account)
    const before = await records.orders.set(hubOrderId, { applied_status_type: statusType })
    return new StepResponse(undefined, before ? { account, hubOrderId, before } : null)
  },
  async (undo, { container }) => {
    if (!undo) return
    await container.resolve<HubModuleService>(HUB_MODULE).account(undo.account).records.orders.set(undo.hubOrderId, undo.before)
  }
)
