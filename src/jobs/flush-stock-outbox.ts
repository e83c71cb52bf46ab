import { hubJob } from "../sync/shared/hub-job"
import { flushStockOutbox } from "../sync/catalogue/stock-outbox"

/** Safety net of the in-process trigger: rows left by a process that died, or by a missed event, go out within seconds. */
export default hubJob(flushStockOutbox)

export const config = {
  name: "hub-flush-stock-outbox",
  schedule: { interval: 15_000 },
}
