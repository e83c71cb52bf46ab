import { setTimeout as sleep } from "node:timers/promises"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { ListedHubOrder } from "../../hub-client"
import type { HubAccount } from "../../modules/hub/hub-account"
import { driverLock, ORDER_QUEUE_LOCK } from "../../modules/hub/locks"
import { HubOrderIntake, type OrderImportSummary } from "./hub-order-intake"
import { catchUpFromListing } from "./order-listing"
import { type Lease, LockLostError, whileHolding } from "../shared/lock"

/** A queue run ends after this long, so the lock changes hands and a shutdown never waits long. */
const QUEUE_RUN_MS = 50_000

/**
 * The consumer's job (`hub-consume-order-queue`) ticks this often: a tick finding the consumer
 * running elsewhere returns at once, so a run that ends is followed within seconds, not at the
 * next minute (an order placed in that gap would wait for it).
 */
export const QUEUE_JOB_INTERVAL_MS = 5_000

/**
 * Orders handed out in a row (the queue never empty between them) that make a burst: the consumer then
 * catches up from the listing, at most every CATCH_UP_EVERY_MS; the queue still hands each order out,
 * and it is recognised as done and acknowledged.
 */
const QUEUE_BURST_ORDERS = 5
const CATCH_UP_EVERY_MS = 10_000

/** How long a run that ends waits for orders another run is importing, so it can acknowledge them, and how often it looks. */
const SETTLE_WAIT_MS = 10_000
const SETTLE_POLL_MS = 250

/** How long a scheduled run waits after finding the queue empty before it asks again (the bucket's limiter paces it too). */
const EMPTY_QUEUE_POLL_MS = 1_000

/**
 * Consumes one hub account's order queue (docs/hub-public-facts.md, Orders) for up to `maxDurationMs`, as
 * fast as its request budget allows (the scheduled run keeps asking while the queue is empty, so a
 * new order waits seconds; `stopWhenEmpty` ends a run at the first empty answer): each order is handled like a listed one (imported, its
 * marketplace move followed, or set aside) and acknowledged only once that is committed. A process
 * that dies before the acknowledgement leaves the order to come back after the hub's visibility
 * timeout, when it is recognised as done. One consumer at a time across processes (null otherwise).
 */
export function consumeOrderQueue(
  container: MedusaContainer,
  account: HubAccount,
  { maxDurationMs = QUEUE_RUN_MS, stopWhenEmpty = true }: { maxDurationMs?: number; stopWhenEmpty?: boolean } = {}
): Promise<OrderImportSummary | null> {
  const lock = driverLock(ORDER_QUEUE_LOCK, account.id)
  const { orders } = account
  return whileHolding(container, lock, async (lease) => {
    const run = await HubOrderIntake.begin(container, account, "queue", lease)
    let drained = false
    let inARow = 0
    let caughtUpAt = Number.NEGATIVE_INFINITY
    let catchingUp: Promise<unknown> | undefined
    // Orders handed out while another run was importing them, by code.
    const waiting = new Map<string, ListedHubOrder>()
    let lookedAt = 0
    const settleWaiting = async (until = 0) => {
      if (!waiting.size || (!until && Date.now() - lookedAt < SETTLE_POLL_MS)) return
      lookedAt = Date.now()
      await acknowledgeSettled(orders, run, waiting, lease, until)
    }
    try {
      await run.prepare()
      const deadline = Date.now() + maxDurationMs
      while (Date.now() < deadline) {
        const queued = await orders.nextQueued()
        if (!queued) {
          inARow = 0
          drained = true
          await settleWaiting()
          if (stopWhenEmpty) break
          // Keep asking until the tick ends, paced by the queue's request budget: a new order is
          // reserved within seconds, not at the next tick.
          await sleep(EMPTY_QUEUE_POLL_MS)
          continue
        }
        await run.handle([queued])
        // Not acknowledged: the queue hands it out again to whoever holds the lock now.
        if (lease.lost) throw new LockLostError(lock)
        const outcome = run.outcomeOf(queued.code)
        // Another run still importing it: acknowledged once that run has committed it (below).
        if (outcome === "unsettled") waiting.set(queued.code, queued)
        // Its marketplace move not applied: left queued, handed out again after the visibility timeout.
        else if (outcome !== "failed") {
          await orders.acknowledgeQueued(queued.code)
          // Handed out again while it waited: acknowledged once.
          waiting.delete(queued.code)
        }
        await settleWaiting()
        // A burst: the queue gives one order a second, the listing a hundred a request.
        if (++inARow >= QUEUE_BURST_ORDERS && !catchingUp && Date.now() - caughtUpAt >= CATCH_UP_EVERY_MS) {
          caughtUpAt = Date.now()
          catchingUp = catchUpFromListing(container, account)
            .catch(() => null)
            .finally(() => (catchingUp = undefined))
        }
      }
      await catchingUp
      await settleWaiting(Date.now() + SETTLE_WAIT_MS)
      return run.finish(null, { drained })
    } catch (caught) {
      await catchingUp
      return run.finish(caught)
    }
  })
}

/** The scheduled entry of one account (job `hub-consume-order-queue`): consumes its queue in `queue` intake. */
export async function runScheduledQueueIntake(container: MedusaContainer, account: HubAccount): Promise<void> {
  if (account.options.orderIntake !== "queue") return
  await consumeOrderQueue(container, account, { stopWhenEmpty: false })
}

/**
 * Acknowledges the waiting orders whose import another run has committed meanwhile (a claim whose
 * taker died is taken over and imported here); with `until`, keeps looking until then for those
 * still waiting. One whose run outlasts this one stays queued, and comes back after the visibility timeout.
 */
async function acknowledgeSettled(orders: HubAccount["orders"], run: HubOrderIntake, waiting: Map<string, ListedHubOrder>, lease: Lease, until = 0): Promise<void> {
  for (;;) {
    for (const [code, listed] of waiting) {
      if (lease.lost) return
      const outcome = await run.handleAgain(listed)
      if (outcome === "unsettled") continue
      waiting.delete(code)
      if (outcome !== "failed") await orders.acknowledgeQueued(code)
    }
    if (!waiting.size || Date.now() >= until) return
    await sleep(SETTLE_POLL_MS)
  }
}
