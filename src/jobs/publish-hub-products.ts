import { hubJob } from "../sync/shared/hub-job"
import { productPublisher } from "../sync/catalogue/product-publisher"

/**
 * Option `publishProducts`: every quarter of an hour (and at a process's first run) marks the products
 * the hub should sell that have no row yet, so a whole catalogue's first publication starts, and
 * resumes after a crash; then pushes what is due (products a process that died left, or a missed event).
 */
export default hubJob(async (container, hub) => {
  if (!hub.hubOptions.publishProducts) return
  const publisher = productPublisher(container)
  await publisher.sweepWhenDue()
  await publisher.publish()
})

export const config = {
  name: "hub-publish-products",
  schedule: { interval: 15_000 },
}
