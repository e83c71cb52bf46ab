import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../modules/hub"
import { errorText } from "../../mapping/error-text"
import type HubModuleService from "../../modules/hub/service"
import type { ProcessPart } from "../../modules/hub/process-parts"
import { queueCatalogueChange } from "./catalogue-outbox"

/** How far ahead each look schedules (the job looks every minute), and how far back it catches a boundary a restart missed. */
const AHEAD_MS = 70_000
const BEHIND_MS = 120_000
/** After the boundary, so Medusa's price calculation (which compares with its own clock) already sees the list's new state. */
const AFTER_BOUNDARY_MS = 1_000

/**
 * A price list that starts or ends at a date changes prices with no event at that moment. Each look
 * (job `hub-sale-boundaries`, every minute) finds the lists whose `starts_at` or `ends_at` falls
 * within the next minute or so and queues their SKUs at that second, so a sale starts and ends on the
 * hub on time. A boundary that passed while no process looked (the last two minutes) is queued at
 * once; an older one is left to the reconciliation. Queuing twice is harmless: an unchanged reading
 * queues nothing.
 */
export async function scheduleSaleBoundaries(container: MedusaContainer, now = new Date()): Promise<number> {
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  if (!hubModule.syncsPrices) return 0
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const from = new Date(now.getTime() - BEHIND_MS)
  const to = new Date(now.getTime() + AHEAD_MS)
  const { data: lists } = await query.graph({
    entity: "price_list",
    fields: ["id", "starts_at", "ends_at"],
    filters: { $or: [{ starts_at: { $gte: from, $lte: to } }, { ends_at: { $gte: from, $lte: to } }] },
  })
  const timers = hubModule.processPart("sale-boundary-timers", () => new SaleBoundaryTimers()).timers
  let count = 0
  for (const list of lists as Array<{ id: string; starts_at: string | Date | null; ends_at: string | Date | null }>) {
    for (const boundary of [list.starts_at, list.ends_at]) {
      if (!boundary) continue
      const at = new Date(boundary).getTime()
      if (at < from.getTime() || at > to.getTime()) continue
      const key = `${list.id}@${at}`
      if (timers.has(key)) continue
      const timer = setTimeout(() => {
        void queueCatalogueChange(container, { priceListIds: [list.id] })
          .catch((error) => container.resolve(ContainerRegistrationKeys.LOGGER).warn(`hub: a sale's start or end was not queued (${errorText(error)}); the reconciliation repairs it`))
          .finally(() => setTimeout(() => timers.delete(key), BEHIND_MS).unref())
      }, Math.max(0, at + AFTER_BOUNDARY_MS - Date.now()))
      // Never what keeps a process alive; another process's look, or the reconciliation, covers it.
      timer.unref()
      timers.set(key, timer)
      count++
    }
  }
  return count
}

/** The boundaries this process has a timer for, so each minute's look does not set another; cleared at shutdown. */
class SaleBoundaryTimers implements ProcessPart {
  readonly timers = new Map<string, NodeJS.Timeout>()

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer)
    this.timers.clear()
  }
}
