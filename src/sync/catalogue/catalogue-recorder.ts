import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../modules/hub"
import type HubModuleService from "../../modules/hub/service"
import { errorText } from "../../mapping/error-text"
import { recordCatalogueChangesWorkflow, type CatalogueChanges } from "../../workflows/catalogue/record-catalogue-changes"

/** Enough for one set of queries to stay quick. */
const MAX_BATCH = 500
/**
 * A batch starts at least this long after the one before it. A reading costs little more CPU for
 * twenty SKUs than for one (22 ms against 11), so under a steady flow of events the ones of the next
 * 100 ms join one batch instead of each running its own; the first change after a quiet spell
 * starts at once.
 */
const BATCH_SPACING_MS = 100
/**
 * A batch that failed (the database cut or restarting, a step's error) is tried again after this,
 * doubling up to RETRY_MAX_MS, for as long as it takes: an event is delivered once, so a change
 * given up here would wait for the next reconciliation (hours) while the marketplaces sell units
 * that are gone.
 */
const RETRY_FIRST_MS = 200
const RETRY_MAX_MS = 10_000

/** Records one batch of changes in the outbox; resolves with the hub accounts it queued SKUs for. */
export type RecordBatch = (changes: CatalogueChanges) => Promise<string[]>

type Entry = { changes: CatalogueChanges; resolve: (queuedFor: string[]) => void }

/**
 * Global timers (not node:timers/promises), so a unit test's fake clock drives them; never what
 * keeps a process alive.
 */
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.())

/**
 * Records catalogue changes (stock, prices, product edits) (from events, or found by a reconciliation) in batches, one batch at a
 * time per process. The events that arrive while a batch is recorded join the next one, so a burst
 * costs a few workflow runs instead of one per event. Each caller's promise settles when the batch
 * holding its change is in the outbox, so an event is never acknowledged before its change is
 * durable; a batch that fails is kept and tried again (RETRY_FIRST_MS), never dropped.
 */
export class CatalogueChangeRecorder {
  private queue: Entry[] = []
  private busy = false
  private lastBatchAt = 0
  private failures = 0

  /**
   * `stopped`: true once the application shuts down. The changes still waiting are given up then
   * (their callers resolve with nothing queued): the next process's reconciliation after it starts
   * verifies every SKU.
   */
  constructor(
    private readonly recordBatch: RecordBatch,
    private readonly warn: (message: string) => void,
    private readonly stopped: () => boolean = () => false
  ) {}

  /**
   * Resolves once the changes are in the outbox, with the accounts their batch queued anything for:
   * an unchanged quantity queues nothing and needs no flush. A recording that fails is tried again
   * until it lands, so this never rejects.
   */
  record(changes: CatalogueChanges): Promise<string[]> {
    const settled = new Promise<string[]>((resolve) => this.queue.push({ changes, resolve }))
    if (!this.busy) {
      this.busy = true
      void this.drain()
    }
    return settled
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length) {
        if (this.stopped()) {
          this.queue.splice(0).forEach((entry) => entry.resolve([]))
          break
        }
        // Handlers of events emitted together join before the batch starts.
        const spacingLeft = this.lastBatchAt + BATCH_SPACING_MS - Date.now()
        await delay(Math.max(0, spacingLeft))
        this.lastBatchAt = Date.now()
        const batch = this.takeBatch()
        try {
          const queued = await this.recordBatch(merge(batch))
          if (this.failures) this.warn(`hub: catalogue changes are being recorded again after ${this.failures} failed attempt(s)`)
          this.failures = 0
          batch.forEach((entry) => entry.resolve(queued))
        } catch (error) {
          // Back at the head of the queue, in their order: the next batch retries them first.
          this.queue.unshift(...batch)
          const waitMs = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(this.failures, 10))
          if (this.failures++ === 0) {
            this.warn(`hub: recording catalogue changes failed (${errorText(error)}); retrying every ${RETRY_FIRST_MS}-${RETRY_MAX_MS} ms until they are recorded`)
          }
          await delay(waitMs)
        }
      }
    } finally {
      this.busy = false
    }
  }

  /** The oldest changes, up to MAX_BATCH ids, all from one source (events, or one reconciliation, of one account). */
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

function merge(entries: Entry[]): CatalogueChanges {
  const { reconciliationId, account } = entries[0].changes
  const merged: CatalogueChanges = { reconciliationId, ...(account ? { account } : {}) }
  const drifted = entries.flatMap((entry) => Object.entries(entry.changes.drifted ?? {}))
  if (drifted.length) merged.drifted = Object.fromEntries(drifted)
  for (const key of SELECTOR_KEYS) {
    merged[key] = [...new Set(entries.flatMap((entry) => entry.changes[key] ?? []))]
  }
  return merged
}

/** The process's recorder (a part of the hub module's process machinery). */
export function catalogueChangeRecorder(container: MedusaContainer): CatalogueChangeRecorder {
  const hubModule = container.resolve<HubModuleService>(HUB_MODULE)
  return hubModule.processPart(
    "catalogue-recorder",
    () =>
      new CatalogueChangeRecorder(
        async (changes) => (await recordCatalogueChangesWorkflow(container).run({ input: changes })).result.accounts,
        (message) => container.resolve(ContainerRegistrationKeys.LOGGER).warn(message),
        () => hubModule.shuttingDown
      )
  )
}
