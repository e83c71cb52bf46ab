import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

/**
 * An ended hub order (canceled, on the hub or in Medusa, or delivered) asks for no stock: a record
 * left `needs_stock` by its import becomes `imported`, so the card's badge, the overview and the
 * orders that need the merchant no longer ask to add stock or cancel it. Nothing for any other state.
 * Undone only if this step changed it.
 */
export const leaveNeedsStockStep = createStep(
  "leave-hub-order-needs-stock",
  async ({ hubOrderId }: { hubOrderId: string }, { container }) => {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const left = await hubModule.updateHubOrders({ selector: { id: hubOrderId, import_state: "needs_stock" }, data: { import_state: "imported" } })
    return new StepResponse(left.length > 0, left.length > 0 ? hubOrderId : null)
  },
  async (hubOrderId, { container }) => {
    if (!hubOrderId) return
    await container.resolve<HubModuleService>(HUB_MODULE).updateHubOrders({ id: hubOrderId, import_state: "needs_stock" })
  }
)
