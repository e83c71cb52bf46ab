import { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../modules/hub"
import HubModuleService from "../modules/hub/service"
import { syncHubOrders } from "../workflows/hub-orders/sync-hub-orders"

/**
 * Imports the hub's new orders and follows the marketplace's changes. A job's schedule is fixed
 * when Medusa loads it, so it ticks every minute and runs when `importIntervalMinutes` is due.
 */
export default async function importHubOrdersJob(container: MedusaContainer) {
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  if (await hubModule.isOrderImportDue(new Date())) {
    await syncHubOrders(container)
  }
}

export const config = {
  name: "hub-import-orders",
  schedule: "* * * * *",
}
