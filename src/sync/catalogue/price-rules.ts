import type { MedusaContainer } from "@medusajs/framework/types"
import { driverLock, PRICE_RULES_LOCK } from "../../modules/hub/locks"
import type { HubAccount } from "../../modules/hub/hub-account"
import { recordCatalogueChangesWorkflow } from "../../workflows/catalogue/record-catalogue-changes"
import { LockLostError, whileHolding } from "../shared/lock"

/** SKUs recorded again per chunk of the walk: a catalogue of 50,000 is never read in one go, nor in one request. */
export const PRICE_RULES_CHUNK = 500

/** One chunk of the walk: how many SKUs it recorded again, and whether that queued any for the hub. */
export type PriceRulesChunk = { recorded: number; queued: boolean; done: boolean }

/**
 * One chunk of the walk that applies an account's saved price rules (docs/catalogue.md, Marketplace
 * prices): its next SKUs in SKU order recorded again in its outbox, Medusa read now under the new
 * rules, so exactly the SKUs whose hub price changes become due (the outbox's record leaves a SKU
 * whose reading is unchanged alone), then the walk's place moved on. The place is kept in PostgreSQL
 * and moved only after the chunk is recorded: a process killed at any line leaves it where the last
 * whole chunk ended, and the next walk (this flusher's, or the safety-net job's in any process) goes
 * on from there; recording a chunk twice sends nothing twice. A save made meanwhile starts the walk
 * over (its version fences the older walk's place). One chunk at a time per account across the
 * store's processes; null when another process holds the walk. `size`: SKUs per chunk.
 */
export async function applyPriceRulesChunk(container: MedusaContainer, account: HubAccount, size = PRICE_RULES_CHUNK): Promise<PriceRulesChunk | null> {
  const { id, records } = account
  // Most looks (the safety-net job's, every 15 s) find nothing to apply: no lock taken for those.
  if (!(await records.settings.priceRulesToApply(0))) return { recorded: 0, queued: false, done: true }
  const lock = driverLock(PRICE_RULES_LOCK, id)
  return whileHolding(container, lock, async (lease) => {
    const next = await records.settings.priceRulesToApply(size)
    if (!next) return { recorded: 0, queued: false, done: true }
    // Recorded directly, not through the batching recorder: a chunk that did not land must fail here,
    // and keep its place, rather than be given up at a shutdown and passed over.
    const queued = next.skus.length ? (await recordCatalogueChangesWorkflow(container).run({ input: { account: id, skus: next.skus } })).result.accounts.length > 0 : false
    if (!(await lease.confirm())) throw new LockLostError(lock)
    const last = next.skus.length < size ? null : next.skus[next.skus.length - 1]
    await records.settings.advancePriceRules(next.version, last)
    return { recorded: next.skus.length, queued, done: false }
  })
}
