import type { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import { runOrderImport } from "../sync/order-import"

/**
 * Imports the hub's new orders and follows the marketplace's changes. A job's schedule is fixed
 * when Medusa loads it, so it ticks every minute and runs when `importIntervalMinutes` is due.
 */
export default async function importHubOrdersJob(container: MedusaContainer) {
  const hub: HubModuleService = container.resolve(HUB_MODULE)
  if (await hub.isOrderImportDue(new Date())) await runOrderImport(container)
}

export const config = {
  name: "hub-import-orders",
  schedule: "* * * * *",
}
