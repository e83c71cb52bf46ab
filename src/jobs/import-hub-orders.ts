import type { MedusaContainer } from "@medusajs/framework/types"
import { runScheduledOrderListing } from "../sync/order-import"

/**
 * Reads the hub's order listing when its interval is due (in `queue` intake, as the safety net; the
 * queue has its own job). A job's schedule is fixed when Medusa loads it, so it ticks every minute.
 */
export default async function importHubOrdersJob(container: MedusaContainer) {
  await runScheduledOrderListing(container)
}

export const config = {
  name: "hub-import-orders",
  schedule: "* * * * *",
}
