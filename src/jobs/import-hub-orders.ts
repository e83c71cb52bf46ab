import type { MedusaContainer } from "@medusajs/framework/types"
import { runScheduledOrderIntake } from "../sync/order-import"

/**
 * Brings in the hub's orders: the order queue every tick in `queue` intake, the listing when its
 * interval is due. A job's schedule is fixed when Medusa loads it, so it ticks every minute.
 */
export default async function importHubOrdersJob(container: MedusaContainer) {
  await runScheduledOrderIntake(container)
}

export const config = {
  name: "hub-import-orders",
  schedule: "* * * * *",
}
