import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

/**
 * The reconciliation's record, written first so the admin page shows a walk in progress. If the
 * walk fails on something other than the hub (the database), the record says it ended.
 */
export const startStockReconciliationStep = createStep(
  "hub-start-stock-reconciliation",
  async (_: void, { container }) => {
    const hub: HubModuleService = container.resolve(HUB_MODULE)
    const reconciliation = await hub.createHubStockReconciliations({ started_at: new Date() })
    return new StepResponse({ id: reconciliation.id as string }, reconciliation.id as string)
  },
  async (id, { container }) => {
    if (!id) return
    const hub: HubModuleService = container.resolve(HUB_MODULE)
    await hub.updateHubStockReconciliations({ id, finished_at: new Date(), error: "ended by an internal error (see the server log)" })
  }
)
