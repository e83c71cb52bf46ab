import type { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import { productPublisher } from "../sync/catalogue/product-publisher"

/**
 * Option `publishProducts`: every quarter of an hour (and at a process's first run) marks the products
 * the hub should sell that have no row yet, so a whole catalogue's first publication starts, and
 * resumes after a crash; then pushes what is due (products a process that died left, or a missed event).
 */
export default async function publishHubProductsJob(container: MedusaContainer) {
  const hub: HubModuleService = container.resolve(HUB_MODULE)
  if (!hub.hubOptions.jobs || !hub.hubOptions.publishProducts) return
  const publisher = productPublisher(container)
  await publisher.sweepWhenDue()
  await publisher.publish()
}

export const config = {
  name: "hub-publish-products",
  schedule: { interval: 15_000 },
}
