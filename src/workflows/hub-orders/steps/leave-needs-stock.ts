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
  async ({ account, hubOrderId }: { account: string; hubOrderId: string }, { container }) => {
    const { records } = container.resolve<HubModuleService>(HUB_MODULE).account(account)
    const left = (await records.orders.set(hubOrderId, { import_state: "imported" }, { import_state: "needs_stock" })) !== null
    return new StepResponse(left, left ? { account, hubOrderId } : null)
  },
  async (undo, { container }) => {
    if (!undo) return
    await container.resolve<HubModuleService>(HUB_MODULE).account(undo.account).records.orders.set(undo.hubOrderId, { import_state: "needs_stock" }, { import_state: "imported" })
  }
)
