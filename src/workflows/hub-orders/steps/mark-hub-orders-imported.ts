import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

/** `attempt`: the import's claim token; the record is written only while the claim is still this import's. */
export type MarkHubOrderImportedInput = { hubOrderId: string; orderId: string; needsStock: boolean; attempt?: number }

/**
 * Records the import on each hub order of the account, with the Medusa order it became: the last
 * write of an import, fenced by the claims (one statement, all or none): an import whose claim another
 * taker took over fails here, and its compensation undoes what it made.
 */
export const markHubOrdersImportedStep = createStep(
  "mark-hub-orders-imported",
  async ({ account, imports }: { account: string; imports: MarkHubOrderImportedInput[] }, { container }) => {
    const hubModule = container.resolve<HubModuleService>(HUB_MODULE)
    const { records } = hubModule.account(account)
    const ids = imports.map((imported) => imported.hubOrderId)
    const before = await records.orders.byIds(ids)
    await hubModule.recordHubOrdersImported(imports)
    const after = await records.orders.byIds(ids)
    return new StepResponse(after, { account, before })
  },
  async (undo, { container }) => {
    if (!undo?.before.length) return
    const { records } = container.resolve<HubModuleService>(HUB_MODULE).account(undo.account)
    for (const { id, order_id, import_state, set_aside_reason, imported_at } of undo.before) {
      await records.orders.set(id, { order_id, import_state, set_aside_reason, imported_at })
    }
  }
)
