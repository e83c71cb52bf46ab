import { hubJob } from "../sync/shared/hub-job"
import { QUEUE_JOB_INTERVAL_MS, runScheduledQueueIntake } from "../sync/orders/order-queue"

/** In `queue` intake: takes the hub's queued orders (one consumer across the store's processes). */
export default hubJob(runScheduledQueueIntake)

export const config = {
  name: "hub-consume-order-queue",
  schedule: { interval: QUEUE_JOB_INTERVAL_MS },
}
