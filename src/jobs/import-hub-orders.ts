import { hubAccountsJob } from "../sync/shared/hub-job"
import { LISTING_JOB_INTERVAL_MS, runScheduledOrderListing } from "../sync/orders/order-listing"

/**
 * For each hub account at once: in `listing` intake, follows its orders listing continuously (a run
 * of passes every few seconds, one run per account at a time across the store's processes); in
 * `queue` intake, the safety-net listing when due (the queue has its own job).
 */
export default hubAccountsJob(runScheduledOrderListing)

export const config = {
  name: "hub-import-orders",
  schedule: { interval: LISTING_JOB_INTERVAL_MS },
}
