import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

/** `attempt`: the import's claim token; the record is written only while the claim is still this import's. */
export type MarkHubOrderImportedInput = { hubOrderId: string; orderId: string; needsStock: boolean; attempt?: number }

const RESTORED_FIELDS = ["id", "order_id", "import_state", "set_aside_reason", "imported_at"] as const

/**
 * Records the import on each hub order, with the Medusa order it became: the last write of an
 * import, fenced by the claims (one statement, all or none): an import whose claim another taker
 * took over fails here, and its compensation undoes what it made.
 */
export const markHubOrdersImportedStep = createStep(
  "mark-hub-orders-imported",
  async (imports: MarkHubOrderImportedInput[], { container }) => {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const ids = imports.map((imported) => imported.hubOrderId)
    const before = await hubModule.listHubOrders({ id: ids }, { select: [...RESTORED_FIELDS], take: null })
    await hubModule.recordHubOrdersImported(imports)
    const after = await hubModule.listHubOrders({ id: ids }, { take: null })
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
