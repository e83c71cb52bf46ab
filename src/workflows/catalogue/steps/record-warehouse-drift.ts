import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type { WantedSkuFields } from "../../../modules/hub/types"
import type HubModuleService from "../../../modules/hub/service"

/** SKUs a reconciliation found drifted at one of the account's other warehouses, credited to it. */
export type WarehouseDrift = { account: string; reconciliationId: string; code: string; drifted: WantedSkuFields[] }

/**
 * Records the drifted SKUs as that warehouse's outbox rows, their qty forgotten as accepted so the
 * account's flusher sends them (workflow `push-hub-warehouse-stock`, the one path a change takes too).
 * No compensation: a row only says what the CD should hold now. Answers how many were queued.
 */
export const recordWarehouseDriftStep = createStep("record-hub-warehouse-drift", async ({ account, reconciliationId, code, drifted }: WarehouseDrift, { container }) => {
  const { records } = container.resolve<HubModuleService>(HUB_MODULE).account(account)
  return new StepResponse(drifted.length ? await records.recordWarehouseStock(code, drifted, { reconciliationId }) : 0)
})
