import { hubAccountsJob } from "../sync/shared/hub-job"
import { flushCatalogueOutbox } from "../sync/catalogue/catalogue-outbox"

/**
 * Safety net of the in-process trigger: rows left by a process that died, or by a missed event, go
 * out within seconds; each account's with its own flusher.
 */
export default hubAccountsJob((container, account) => flushCatalogueOutbox(container, account))

export const config = {
  name: "hub-flush-catalogue-outbox",
  schedule: { interval: 15_000 },
}
