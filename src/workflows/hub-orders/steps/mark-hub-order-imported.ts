import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

export type MarkHubOrderImportedInput = { hubOrderId: string; orderId: string; needsStock: boolean }

/** Records the import on the hub order, with the Medusa order it became: the last write of an import. */
export const markHubOrderImportedStep = createStep(
  "mark-hub-order-imported",
  async ({ hubOrderId, orderId, needsStock }: MarkHubOrderImportedInput, { container }) => {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const before = await hubModule.retrieveHubOrder(hubOrderId)
    const after = await hubModule.updateHubOrders({
      id: hubOrderId,
      order_id: orderId,
      import_state: needsStock ? "needs_stock" : "imported",
      set_aside_reason: null,
      imported_at: before.imported_at ?? new Date(),
    })
    return new StepResponse(after, before)
  },
  async (before, { container }) => {
    if (!before) return
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    await hubModule.updateHubOrders({
      id: before.id,
      order_id: before.order_id,
      import_state: before.import_state,
      set_aside_reason: before.set_aside_reason,
      imported_at: before.imported_at,
    })
  }
)
