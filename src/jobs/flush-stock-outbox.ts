import type { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import { flushStockOutbox } from "../sync/catalogue/stock-outbox"

/** Safety net of the in-process trigger: rows left by a process that died, or by a missed event, go out within seconds. */
export default async function flushStockOutboxJob(container: MedusaContainer) {
  const hub: HubModuleService = container.resolve(HUB_MODULE)
  if (hub.hubOptions.jobs) await flushStockOutbox(container)
}

export const config = {
  name: "hub-flush-stock-outbox",
  schedule: { interval: 15_000 },
}
