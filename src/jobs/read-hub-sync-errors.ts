import { hubAccountsJob } from "../sync/shared/hub-job"
import { runScheduledSyncErrorsRead } from "../sync/sync-errors"

/**
 * Checks every minute, for each account, whether a read of what the marketplaces refused is due (its
 * `syncErrorsEveryMinutes` since the last, across the store's processes): src/sync/sync-errors.ts.
 */
export default hubAccountsJob((container, account) => runScheduledSyncErrorsRead(container, account))

export const config = {
  name: "hub-read-sync-errors",
  schedule: "* * * * *",
}
