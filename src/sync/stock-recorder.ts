import { MedusaContainer } from "@medusajs/framework/types"
import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises"
import { perApplication } from "./per-application"
import { recordAvailableQuantitiesWorkflow, type StockChanges } from "../workflows/stock/record-available-quantities"

/** Enough for one set of queries to stay quick. */
const MAX_BATCH = 500
/**
 * A batch starts at least this long after the one before it. A reading costs little more CPU for
 * twenty SKUs than for one (22 ms against 11), so under a steady flow of events the ones of the next
 * 100 ms join one batch instead of each running its own; the first change after a quiet spell
 * starts at once.
 */
const BATCH_SPACING_MS = 100

type Entry = { changes: StockChanges; resolve: (queued: boolean) => void; reject: (error: unknown) => void }

/**
 * Records stock changes (from events, or found by a reconciliation) in batches, one batch at a
 * time per process. The events that arrive
 * while a batch is recorded join the next one, so a burst costs a few workflow runs instead of
 * one per event. One at a time also keeps the outbox right: a batch reads Medusa's stock only
 * after the previous batch wrote what it read, so an older reading never overwrites a newer one.
 * Each caller's promise settles when the batch holding its change is in the outbox, so an event
 * is never acknowledged before its change is durable.
 */
class StockChangeRecorder {
  private queue: Entry[] = []
  private busy = false
  private lastBatchAt = 0

  constructor(private readonly container: MedusaContainer) {}

  /**
   * Resolves once the changes are in the outbox (rejects if recording them failed), with whether
   * their batch queued anything: an unchanged quantity queues nothing and needs no flush.
   */
  record(changes: StockChanges): Promise<boolean> {
    const settled = new Promise<boolean>((resolve, reject) => this.queue.push({ changes, resolve, reject }))
    if (!this.busy) {
      this.busy = true
      void this.drain()
    }
    return settled
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length) {
        // Handlers of events emitted together join before the batch starts.
        const spacingLeft = this.lastBatchAt + BATCH_SPACING_MS - Date.now()
        await (spacingLeft > 0 ? sleep(spacingLeft) : nextTurn())
        this.lastBatchAt = Date.now()
        const batch = this.takeBatch()
        try {
          const { result } = await recordAvailableQuantitiesWorkflow(this.container).run({ input: merge(batch) })
          batch.forEach((entry) => entry.resolve(result.queued > 0))
        } catch (error) {
          batch.forEach((entry) => entry.reject(error))
        }
      }
    } finally {
      this.busy = false
    }
  }

  /** The oldest changes, up to MAX_BATCH ids, all from one source (events, or one reconciliation). */
  private takeBatch(): Entry[] {
    const reconciliationId = this.queue[0].changes.reconciliationId
    let ids = 0
    let count = 0
    while (count < this.queue.length) {
      const { changes } = this.queue[count]
      const size = SELECTOR_KEYS.reduce((sum, key) => sum + (changes[key]?.length ?? 0), 0)
      if (count > 0 && (ids + size > MAX_BATCH || changes.reconciliationId !== reconciliationId)) break
      ids += size
      count++
    }
    return this.queue.splice(0, count)
  }
}

const SELECTOR_KEYS = ["inventoryLevelIds", "inventoryItemIds", "variantIds", "productIds", "priceIds", "priceListIds", "skus"] as const

function merge(entries: Entry[]): StockChanges {
  const merged: StockChanges = { reconciliationId: entries[0].changes.reconciliationId }
  const drifted = entries.flatMap((entry) => Object.entries(entry.changes.drifted ?? {}))
  if (drifted.length) merged.drifted = Object.fromEntries(drifted)
  for (const key of SELECTOR_KEYS) {
    merged[key] = [...new Set(entries.flatMap((entry) => entry.changes[key] ?? []))]
  }
  return merged
}

export const stockChangeRecorder = perApplication((container) => new StockChangeRecorder(container))
