import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../../modules/hub"
import HubModuleService from "../../../modules/hub/service"

export type MarkHubOrderImportedInput = { hubOrderId: string; orderId: string; needsStock: boolean }

/** Records the import on the hub order and links it to the Medusa order: the last write of an import. */
export const markHubOrderImportedStep = createStep(
  "mark-hub-order-imported",
  async ({ hubOrderId, orderId, needsStock }: MarkHubOrderImportedInput, { container }) => {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const link = container.resolve(ContainerRegistrationKeys.LINK)
    const query = container.resolve(ContainerRegistrationKeys.QUERY)

    const before = await hubModule.retrieveHubOrder(hubOrderId)
    const { data: links } = await query.graph({ entity: "hub_order", fields: ["id", "order.id"], filters: { id: hubOrderId } })
    const linked = Boolean(links[0]?.order?.id)
    if (!linked) {
      await link.create({ [HUB_MODULE]: { hub_order_id: hubOrderId }, [Modules.ORDER]: { order_id: orderId } })
    }
    const after = await hubModule.updateHubOrders({
      id: hubOrderId,
      order_id: orderId,
      import_state: needsStock ? "needs_stock" : "imported",
      quarantine_reason: null,
      imported_at: before.imported_at ?? new Date(),
    })
    return new StepResponse(after, { before, orderId, linkCreated: !linked })
  },
  async (compensation, { container }) => {
    if (!compensation) return
    const { before, orderId, linkCreated } = compensation
    if (linkCreated) {
      await container
        .resolve(ContainerRegistrationKeys.LINK)
        .dismiss({ [HUB_MODULE]: { hub_order_id: before.id }, [Modules.ORDER]: { order_id: orderId } })
    }
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    await hubModule.updateHubOrders({
      id: before.id,
      order_id: before.order_id,
      import_state: before.import_state,
      quarantine_reason: before.quarantine_reason,
      imported_at: before.imported_at,
    })
  }
)
