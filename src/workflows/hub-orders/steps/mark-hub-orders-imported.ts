import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

export type MarkHubOrderImportedInput = { hubOrderId: string; orderId: string; needsStock: boolean }

const RESTORED_FIELDS = ["id", "order_id", "import_state", "set_aside_reason", "imported_at"] as const

/** Records the import on each hub order, with the Medusa order it became: the last write of an import. */
export const markHubOrdersImportedStep = createStep(
  "mark-hub-orders-imported",
  async (imports: MarkHubOrderImportedInput[], { container }) => {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const before = await hubModule.listHubOrders({ id: imports.map((imported) => imported.hubOrderId) }, { select: [...RESTORED_FIELDS], take: null })
    const importedAt = new Map(before.map((record) => [record.id, record.imported_at]))
    const after = await hubModule.updateHubOrders(
      imports.map(({ hubOrderId, orderId, needsStock }) => ({
        id: hubOrderId,
        order_id: orderId,
        import_state: needsStock ? ("needs_stock" as const) : ("imported" as const),
        set_aside_reason: null,
        imported_at: importedAt.get(hubOrderId) ?? new Date(),
      }))
    )
    return new StepResponse(after, before)
  },
  async (before, { container }) => {
    if (!before?.length) return
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    await hubModule.updateHubOrders(
      before.map((record) => ({
        id: record.id,
        order_id: record.order_id,
        import_state: record.import_state,
        set_aside_reason: record.set_aside_reason,
        imported_at: record.imported_at,
      }))
    )
  }
)
