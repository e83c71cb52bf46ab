import type { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import { runScheduledReconciliation } from "../sync/catalogue/stock-reconciliation"

/**
 * Checks every minute whether a reconciliation is due: `stockReconcileEveryMinutes` after the last
 * one (a job's own schedule cannot come from the plugin options), or the first after this process started.
 */
export default async function reconcileStockJob(container: MedusaContainer) {
  const hub: HubModuleService = container.resolve(HUB_MODULE)
  if (hub.hubOptions.jobs) await runScheduledReconciliation(container)
}

export const config = {
  name: "hub-reconcile-stock",
  schedule: "* * * * *",
}
