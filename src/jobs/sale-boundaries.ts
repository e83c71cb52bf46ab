import type { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import { scheduleSaleBoundaries } from "../sync/catalogue/sale-boundaries"

/** Each minute, the price lists starting or ending within the next one get a timer at that second. */
export default async function saleBoundariesJob(container: MedusaContainer) {
  const hub: HubModuleService = container.resolve(HUB_MODULE)
  if (hub.hubOptions.jobs) await scheduleSaleBoundaries(container)
}

export const config = {
  name: "hub-sale-boundaries",
  schedule: "* * * * *",
}
