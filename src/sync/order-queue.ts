import type { MedusaContainer } from "@medusajs/framework/types"
import { HubRejectedError } from "../hub-client"
import { HUB_MODULE } from "../modules/hub"
import { ORDER_QUEUE_LOCK } from "../modules/hub/locks"
import type HubModuleService from "../modules/hub/service"
import { ImportRun, type OrderImportSummary } from "./hub-order-intake"
import { whileHolding } from "./lock"

/** A queue run ends after this long, so it fits the job's one-minute tick. */
const QUEUE_RUN_MS = 50_000

/**
 * Consumes the hub's order queue (docs/hub-public-facts.md, Orders) for up to `maxDurationMs`, as
 * fast as its request budget allows: each order is handled like a listed one (imported, its
 * marketplace move followed, or set aside) and acknowledged only once that is committed. A process
 * that dies before the acknowledgement leaves the order to come back after the hub's visibility
 * timeout, when it is recognised as done. One consumer at a time across processes (null otherwise).
 */
export function consumeOrderQueue(container: MedusaContainer, { maxDurationMs = QUEUE_RUN_MS } = {}): Promise<OrderImportSummary | null> {
  return whileHolding(container, ORDER_QUEUE_LOCK, async () => {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const run = await ImportRun.begin(container, "queue")
    try {
      await run.prepare()
      const deadline = Date.now() + maxDurationMs
      while (Date.now() < deadline) {
        const queued = await hubModule.client.nextQueuedOrder()
        if (!queued) return run.finish(null, { drained: true })
        await run.handle([queued])
        await acknowledge(hubModule, queued.code)
      }
      return run.finish(null)
    } catch (caught) {
      return run.finish(caught)
    }
  })
}

/** An order no longer queued (another consumer acknowledged it after a redelivery) is done too. */
async function acknowledge(hubModule: HubModuleService, code: string): Promise<void> {
  try {
    await hubModule.client.acknowledgeQueuedOrder(code)
  } catch (error) {
    if (!(error instanceof HubRejectedError && error.status === 404)) throw error
  }
}
