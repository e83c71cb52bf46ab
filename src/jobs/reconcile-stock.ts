import { hubJob } from "../sync/shared/hub-job"
import { runScheduledReconciliation } from "../sync/catalogue/stock-reconciliation"

/**
 * Checks every minute whether a reconciliation is due: `stockReconcileEveryMinutes` after the last
 * one (a job's own schedule cannot come from the plugin options), or the first after this process started.
 */
export default hubJob(runScheduledReconciliation)

export const config = {
  name: "hub-reconcile-stock",
  schedule: "* * * * *",
}
