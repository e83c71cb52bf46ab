import { setTimeout as sleep } from "node:timers/promises"
import type { MedusaContainer } from "@medusajs/framework/types"
import { HUB_DAY_MS, HUB_PAGE_SIZE, type ListedHubOrder } from "../../hub-client"
import { listedStatusCodes } from "../../mapping/hub-status"
import { HUB_MODULE } from "../../modules/hub"
import type { HubAccount } from "../../modules/hub/hub-account"
import { driverLock, ORDER_IMPORT_LOCK } from "../../modules/hub/locks"
import type HubModuleService from "../../modules/hub/service"
import { HubOrderIntake, type OrderImportSummary } from "./hub-order-intake"
import { type Lease, LockLostError, whileHolding } from "../shared/lock"

export type { OrderImportSummary }

/** A scheduled listing run ends after this long, so the lock changes hands and a shutdown never waits long. */
const LISTING_RUN_MS = 50_000

/**
 * The listing's job (`hub-import-orders`) ticks this often: a tick finding the listing running
 * elsewhere returns at once, so a run that ends is followed within seconds.
 */
export const LISTING_JOB_INTERVAL_MS = 5_000

/** When this process last read an account's whole look-back window, and last without a status filter. */
function listingCadence(container: MedusaContainer, account: HubAccount): { fullAt: number; unfilteredAt: number } {
  return container
    .resolve<HubModuleService>(HUB_MODULE)
    .processPart(`listing-cadence:${account.id}`, () => ({ fullAt: Number.NEGATIVE_INFINITY, unfilteredAt: Number.NEGATIVE_INFINITY }))
}

/** A listing run's clock (a test's runs may be given one). */
export type ListingRunOptions = { now?: Date }

type Pass = { days: number; statusFilter: boolean; marks: Array<"fullAt" | "unfilteredAt"> }

/**
 * One pass of an account's order import over its listing (docs/hub-interface.md §4.1), as *Import now* asks:
 * reads the hub's NEW, APPROVED and CANCELED orders of the last `importRecentDays` and hands each to
 * the run's intake (`HubOrderIntake`), so a pass costs what the last days hold, not the whole week. Every
 * `importFullWindowEveryMinutes` it reads the whole look-back window instead, and every
 * `importUnfilteredEveryMinutes` without a status filter, so an order in a status the catalogue
 * does not know is set aside with the reason, visible to the merchant, instead of never being read
 * (both first in each process). One run at a time across the store's processes: null when another
 * holds the lock.
 */
export function runOrderImport(container: MedusaContainer, account: HubAccount, { now = new Date() }: ListingRunOptions = {}): Promise<OrderImportSummary | null> {
  const key = driverLock(ORDER_IMPORT_LOCK, account.id)
  return whileHolding(container, key, (lease) => listOrders(container, account, key, lease, now.getTime(), null))
}

/**
 * One pass over the recent orders only (100 a request), whatever the cadence: the queue consumer's
 * catch-up when the queue keeps handing out orders (a burst), which it would otherwise take one a
 * second. Null when a listing runs elsewhere (it reads them anyway).
 */
export function catchUpFromListing(container: MedusaContainer, account: HubAccount): Promise<OrderImportSummary | null> {
  const key = driverLock(ORDER_IMPORT_LOCK, account.id)
  return whileHolding(container, key, (lease) => listOrders(container, account, key, lease, Date.now(), null, { recentOnly: true }))
}

/**
 * Listing intake's scheduled run (job `hub-import-orders`): passes back to back for up to 50 s, one
 * every `importPollSeconds`, so a new order is reserved, and its stock off the hub, within seconds
 * instead of at the next minute. A whole-window pass (minutes of pages at 50,000 orders) makes room
 * for a recent pass between its pages whenever one is due, so it never holds new orders up.
 */
export function followOrderListing(
  container: MedusaContainer,
  account: HubAccount,
  { maxDurationMs = LISTING_RUN_MS }: { maxDurationMs?: number } = {}
): Promise<OrderImportSummary | null> {
  const key = driverLock(ORDER_IMPORT_LOCK, account.id)
  return whileHolding(container, key, (lease) => listOrders(container, account, key, lease, Date.now(), Date.now() + maxDurationMs))
}

/**
 * The scheduled entry of one account (job `hub-import-orders`): in `listing` intake, the listing
 * followed continuously; in `queue` intake, the safety-net listing every `queueListingEveryMinutes`
 * (the queue has its own job, so a long listing never holds it up).
 */
export async function runScheduledOrderListing(container: MedusaContainer, account: HubAccount): Promise<void> {
  if (account.options.orderIntake === "listing") {
    await followOrderListing(container, account)
  } else if (await account.records.runs.isQueueListingDue(new Date())) {
    await runOrderImport(container, account)
  }
}

/** Passes until `until` (or one pass when null); what each pass reads follows the process's cadence. */
async function listOrders(
  container: MedusaContainer,
  account: HubAccount,
  lock: string,
  lease: Lease,
  startedAt: number,
  until: number | null,
  { recentOnly = false } = {}
): Promise<OrderImportSummary> {
  const { options, orders } = account
  const pollMs = options.importPollSeconds * 1000
  const run = await HubOrderIntake.begin(container, account, "listing", lease)
  const stopIfLost = () => {
    if (lease.lost) throw new LockLostError(lock)
  }
  const read: ListedHubOrder[] = []
  let recentAt = Number.NEGATIVE_INFINITY
  try {
    const catalogue = await run.prepare()
    const statusCodes = listedStatusCodes(catalogue)
    const cadence = listingCadence(container, account)

    /** `now`: the run's clock (a test's runs may be given one), for the dates read and the cadence. */
    const listPass = async ({ days, statusFilter, marks }: Pass, now: number, between?: () => Promise<void>) => {
      // Every pass reads the recent orders as they are when it starts (a longer one reads more besides).
      recentAt = Date.now()
      const startDate = new Date(now - days * HUB_DAY_MS)
      for await (const listed of orders.all({ statuses: statusFilter ? statusCodes : undefined, startDate })) {
        read.push(listed)
        if (read.length < HUB_PAGE_SIZE) continue
        await run.handle(read.splice(0))
        stopIfLost()
        await between?.()
      }
      await run.handle(read.splice(0))
      stopIfLost()
      for (const mark of marks) cadence[mark] = now
    }
    const recentPass: Pass = { days: Math.min(options.importRecentDays, options.importLookbackDays), statusFilter: true, marks: [] }
    // Between the pages of a long pass: the recent orders, when they are due.
    const recentWhenDue = async () => {
      if (until !== null && Date.now() - recentAt >= pollMs) await listPass(recentPass, Date.now())
    }

    for (let now = startedAt; ; now = Date.now()) {
      const since = (at: number) => now - at
      const unfiltered = options.importUnfilteredEveryMinutes > 0 && since(cadence.unfilteredAt) >= options.importUnfilteredEveryMinutes * 60_000
      const fullWindow = unfiltered || since(cadence.fullAt) >= options.importFullWindowEveryMinutes * 60_000
      if (fullWindow && !recentOnly) {
        const marks: Pass["marks"] = unfiltered ? ["fullAt", "unfilteredAt"] : ["fullAt"]
        await listPass({ days: options.importLookbackDays, statusFilter: !unfiltered, marks }, now, recentWhenDue)
      } else {
        await listPass(recentPass, now)
      }
      if (until === null) break
      const next = Math.max(Date.now(), recentAt + pollMs)
      if (next >= until) break
      await sleep(next - Date.now())
    }
    await run.settle()
    return run.finish(null)
  } catch (caught) {
    // The listing stopped (hub unreachable, cut short): what was read is done, the rest waits
    // (a lost lock's run handles nothing more: `handle` checks the lease).
    await run.handle(read.splice(0))
    await run.settle()
    return run.finish(caught)
  }
}
