import { randomUUID } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { glossaryKey, hubOutcome, type HubSyncError, type SyncErrorGlossary } from "../hub-client"
import { marketplaceText } from "../mapping/personal-data"
import { driverLock, SYNC_ERRORS_LOCK, SYNC_ERRORS_READ_RECENTLY_LOCK } from "../modules/hub/locks"
import type { ListedSyncError } from "../modules/hub/types"
import type { HubAccount } from "../modules/hub/hub-account"
import { recordMarketplaceRefusalsWorkflow } from "../workflows/marketplace-refusals/record-marketplace-refusals"
import { LockLostError, whileHolding } from "./shared/lock"

/*
 * What the marketplaces refused after the hub took it (docs/catalogue.md, Refused by the marketplace):
 * each account's `GET /sync_errors/products` and `/orders`, read whole a page at a time, kept in
 * `hub_sync_error` with the hub's words for each (`GET /sync_errors/categories`); the errors a whole
 * read no longer lists are dropped; each page recorded and its new errors told once by the workflow
 * record-hub-marketplace-refusals (HubEvents.MARKETPLACE_REFUSED, the admin feed's subscriber). A read that stops part way (the hub failing, the page bound) keeps every
 * error it had: what was not read is never taken for an error gone.
 */

export type SyncErrorsRead = {
  account: string
  /** Errors listed, per entity, and those new since the last read. */
  products: number
  orders: number
  added: number
  /** Entries the hub gave that did not fit the record (set aside, each with its reason in the log). */
  invalid: number
  /** False when a listing was not read to its end (`error` says why, when the hub failed). */
  complete: boolean
  error: string | null
}

/** Reads the account's sync errors now, unless another process is (null then). */
export async function readSyncErrors(container: MedusaContainer, account: HubAccount): Promise<SyncErrorsRead | null> {
  return whileHolding(container, driverLock(SYNC_ERRORS_LOCK, account.id), (lease) => read(container, account, () => lease.confirm()))
}

/**
 * The schedule's read: at most once per `syncErrorsEveryMinutes` across the store's processes. The
 * "read recently" lock is taken for that long and left to expire; a read that failed gives it back,
 * so the next minute's tick tries again.
 */
export async function runScheduledSyncErrorsRead(container: MedusaContainer, account: HubAccount): Promise<SyncErrorsRead | null> {
  const { id, options } = account
  if (options.syncErrorsEveryMinutes === 0) return null
  const locking = container.resolve(Modules.LOCKING)
  const key = driverLock(SYNC_ERRORS_READ_RECENTLY_LOCK, id)
  const ownerId = randomUUID()
  try {
    await locking.acquire(key, { ownerId, expire: options.syncErrorsEveryMinutes * 60 })
  } catch {
    return null
  }
  const result = await readSyncErrors(container, account).catch(async (error) => {
    await locking.release(key, { ownerId })
    throw error
  })
  if (!result?.complete) await locking.release(key, { ownerId })
  return result
}

async function read(container: MedusaContainer, { id: account, syncErrors, records }: HubAccount, confirm: () => Promise<boolean>): Promise<SyncErrorsRead> {
  const result: SyncErrorsRead = { account, products: 0, orders: 0, added: 0, invalid: 0, complete: true, error: null }
  // The hub's words, asked once a read finds an error (most reads find none). A help, not a need: a hub
  // without the glossary still has its errors read.
  let glossary: Promise<SyncErrorGlossary> | undefined
  const words = () => (glossary ??= syncErrors.glossary().catch(() => new Map()))
  try {
    for (const entity of ["products", "orders"] as const) {
      const startedAt = new Date()
      const walk = syncErrors.all(entity)
      for (;;) {
        const next = await walk.next()
        if (next.done) {
          if (next.value.complete) await records.marketplaceRefusals.forgetUnlisted(entity, startedAt)
          else result.complete = false
          break
        }
        if (!(await confirm())) throw new LockLostError(driverLock(SYNC_ERRORS_LOCK, account))
        const { errors, invalid } = next.value
        const worded = errors.length ? await words() : new Map()
        const page = { account, entity, errors: errors.map((error) => withWords(error, worded)), seenAt: startedAt.toISOString() }
        const { result: added } = await recordMarketplaceRefusalsWorkflow(container).run({ input: page })
        result[entity] += errors.length
        result.invalid += invalid.length
        if (invalid.length) container.resolve(ContainerRegistrationKeys.LOGGER).warn(`hub: account ${account}: ${invalid.length} ${entity} sync error(s) set aside: ${invalid.slice(0, 3).join(" | ")}`)
        result.added += added.length
      }
    }
  } catch (error) {
    const outcome = hubOutcome(error)
    if (!outcome) throw error
    result.complete = false
    result.error = outcome.message
  }
  return result
}

function withWords(error: HubSyncError, glossary: SyncErrorGlossary): ListedSyncError {
  const words = glossary.get(glossaryKey(error.errorCategoryCode, error.errorCode))
  // Masked and bounded before anything keeps, shows or notifies them.
  return { ...error, message: marketplaceText(error.message), name: marketplaceText(words?.name ?? null), solution: marketplaceText(words?.solution ?? null) }
}
