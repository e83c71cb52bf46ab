import { hubAccountsJob } from "../sync/shared/hub-job"
import { catalogueFlusher } from "../sync/catalogue/catalogue-flusher"

/**
 * Option `publishProducts`, for each account that has it on, at once: every quarter of an hour (and
 * at a process's first run) marks the products its hub should sell that have no row yet, so a whole
 * catalogue's first publication starts, and resumes after a crash; then pushes what is due (products
 * a process that died left, or a missed event).
 */
export default hubAccountsJob(async (container, account) => {
  if (!account.options.publishProducts) return
  const flusher = catalogueFlusher(container, account)
  await flusher.sweepWhenDue()
  await flusher.flush()
})

export const config = {
  name: "hub-publish-products",
  schedule: { interval: 15_000 },
}
