import type { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import { reconcileStock } from "../sync/stock-reconciliation"

/**
 * Checks every minute whether `stockReconcileEveryMinutes` have passed since the last
 * reconciliation started (a job's own schedule cannot come from the plugin options).
 */
export default async function reconcileStockJob(container: MedusaContainer) {
  const hub: HubModuleService = container.resolve(HUB_MODULE)
  if (hub.hubOptions.jobs && (await hub.isStockReconciliationDue())) await reconcileStock(container)
}

export const config = {
  name: "hub-reconcile-stock",
  schedule: "* * * * *",
}
