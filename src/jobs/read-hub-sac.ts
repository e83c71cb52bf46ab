import { hubAccountsJob } from "../sync/shared/hub-job"
import { runScheduledSacRead } from "../sync/sac"

/**
 * Checks every minute, for each account, whether a read of the marketplace's customer service is due
 * (its `sacEveryMinutes` since the last, across the store's processes): src/sync/sac.ts.
 */
export default hubAccountsJob((container, account) => runScheduledSacRead(container, account))

export const config = {
  name: "hub-read-sac",
  schedule: "* * * * *",
}
