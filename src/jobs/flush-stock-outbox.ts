import { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import { stockFlusher } from "../workflows/stock/stock-flusher"

/** Safety net of the in-process trigger: rows left by a process that died, or by a missed event, go out within seconds. */
export default async function flushStockOutboxJob(container: MedusaContainer) {
  const hub: HubModuleService = container.resolve(HUB_MODULE)
  if (!hub.hubOptions.jobs) return
  await stockFlusher(container).flush()
}

export const config = {
  name: "hub-flush-stock-outbox",
  schedule: { interval: 15_000 },
}
