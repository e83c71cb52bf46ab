import { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import { reconcileStockWorkflow } from "../workflows/stock/reconcile-stock"

/**
 * Checks every minute whether `stockReconcileEveryMinutes` have passed since the last
 * reconciliation started (a job's own schedule cannot come from the plugin options).
 */
export default async function reconcileStockJob(container: MedusaContainer) {
  const hub: HubModuleService = container.resolve(HUB_MODULE)
  if (!hub.hubOptions.jobs || !(await hub.isStockReconciliationDue())) return
  await reconcileStockWorkflow(container).run({ throwOnError: false })
}

export const config = {
  name: "hub-reconcile-stock",
  schedule: "* * * * *",
}
