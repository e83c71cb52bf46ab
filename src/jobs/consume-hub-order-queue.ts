import { hubAccountsJob } from "../sync/shared/hub-job"
import { QUEUE_JOB_INTERVAL_MS, runScheduledQueueIntake } from "../sync/orders/order-queue"

/** In `queue` intake: takes each hub account's queued orders (one consumer per account across the store's processes). */
export default hubAccountsJob(runScheduledQueueIntake)

export const config = {
  name: "hub-consume-order-queue",
  schedule: { interval: QUEUE_JOB_INTERVAL_MS },
}
