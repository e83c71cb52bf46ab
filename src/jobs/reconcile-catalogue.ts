import { hubAccountsJob } from "../sync/shared/hub-job"
import { runScheduledReconciliation } from "../sync/catalogue/catalogue-reconciliation"

/**
 * Checks every minute, for each account, whether a reconciliation of its hub is due: its
 * `catalogueReconcileEveryMinutes` after its last one (a job's own schedule cannot come from the plugin
 * options), or the first after this process started. Accounts run at once, each under its own lock.
 */
export default hubAccountsJob((container, account) => runScheduledReconciliation(container, account))

export const config = {
  name: "hub-reconcile-catalogue",
  schedule: "* * * * *",
}
