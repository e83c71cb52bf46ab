import type { MedusaContainer } from "@medusajs/framework/types"
import { HUB_DAY_MS, HUB_PAGE_SIZE, type ListedHubOrder } from "../hub-client"
import { IMPORTED_STATUS_TYPES } from "../mapping/hub-status"
import { HUB_MODULE } from "../modules/hub"
import { ORDER_IMPORT_LOCK } from "../modules/hub/locks"
import type HubModuleService from "../modules/hub/service"
import { ImportRun, type OrderImportSummary } from "./hub-order-intake"
import { whileHolding } from "./lock"
import { perApplication } from "./per-application"

export type { OrderImportSummary }

/** When this process last read the whole look-back window, and last without a status filter. */
const listingCadence = perApplication(() => ({ fullAt: Number.NEGATIVE_INFINITY, unfilteredAt: Number.NEGATIVE_INFINITY }))

/**
 * One run of the order import over the listing (docs/hub-interface.md §4.1): reads the hub's NEW,
 * APPROVED and CANCELED orders of the last `importRecentDays` and hands each to the run
 * (`ImportRun`), so a run costs what the last days hold, not the whole week. Every
 * `importFullWindowEveryMinutes` it reads the whole look-back window instead, and every
 * `importUnfilteredEveryMinutes` without a status filter, so an order in a status the catalogue
 * does not know is set aside with the reason, visible to the merchant, instead of never being read
 * (both first in each process). One run at a time across the store's processes: null when another
 * holds the lock.
 */
export function runOrderImport(container: MedusaContainer, now = new Date()): Promise<OrderImportSummary | null> {
  return whileHolding(container, ORDER_IMPORT_LOCK, () => listOrders(container, now))
}

/**
 * The scheduled entry (job `hub-import-orders`, every minute): the listing runs when its interval is
 * due (`importIntervalMinutes`, or `queueListingEveryMinutes` as the queue's safety net). The queue
 * has its own job (`runScheduledQueueIntake`), so a long listing never holds the queue up.
 */
export async function runScheduledOrderListing(container: MedusaContainer): Promise<void> {
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  if (!hubModule.hubOptions.jobs) return
  if (await hubModule.isOrderImportDue(new Date())) await runOrderImport(container)
}

async function listOrders(container: MedusaContainer, now: Date): Promise<OrderImportSummary> {
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  const options = hubModule.hubOptions
  const run = await ImportRun.begin(container, "listing")
  const read: ListedHubOrder[] = []
  try {
    const catalogue = await run.prepare()
    const statusCodes = [...catalogue].filter(([, type]) => (IMPORTED_STATUS_TYPES as readonly string[]).includes(type)).map(([code]) => code)
    const cadence = listingCadence(container)
    const since = (at: number) => now.getTime() - at
    const unfiltered = options.importUnfilteredEveryMinutes > 0 && since(cadence.unfilteredAt) >= options.importUnfilteredEveryMinutes * 60_000
    const fullWindow = unfiltered || since(cadence.fullAt) >= options.importFullWindowEveryMinutes * 60_000
    const days = fullWindow ? options.importLookbackDays : Math.min(options.importRecentDays, options.importLookbackDays)
    const startDate = new Date(now.getTime() - days * HUB_DAY_MS)
    for await (const listed of hubModule.client.allOrders({ statuses: unfiltered ? undefined : statusCodes, startDate })) {
      read.push(listed)
      if (read.length === HUB_PAGE_SIZE) await run.handle(read.splice(0))
    }
    await run.handle(read.splice(0))
    if (fullWindow) cadence.fullAt = now.getTime()
    if (unfiltered) cadence.unfilteredAt = now.getTime()
    return run.finish(null)
  } catch (caught) {
    // The listing stopped (hub unreachable, cut short): what was read is done, the rest waits.
    await run.handle(read.splice(0))
    return run.finish(caught)
  }
}
