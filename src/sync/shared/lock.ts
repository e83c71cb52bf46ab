import { randomUUID } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { renewEvery } from "../../modules/hub/leases"
import { DRIVER_LOCK_TTL_SECONDS } from "../../modules/hub/locks"

/** A driver's hold on its lock. Checked before each write, so a lost lock stops the work there. */
export type Lease = {
  /** True once a renewal found the lock gone or taken: the driver stops before its next write. */
  readonly lost: boolean
  /** Renews the lock unless it was renewed within the last `CONFIRM_EVERY_MS`; false once it is lost. */
  confirm(): Promise<boolean>
}

/** Thrown by a driver that found its lock lost; its run ends with this as its error. */
export class LockLostError extends Error {
  constructor(key: string) {
    super(`the lock ${key} was lost (expired or taken by another process): this run stopped before its next write`)
  }
}

/** How stale a confirmation may be: a driver writes at most this long after its lock was taken from it. */
const CONFIRM_EVERY_MS = 500

/**
 * The plugin's one idiom for "one at a time, across the store's processes": runs `work` while
 * holding `key` in Medusa's locking module (Redis when the store configures it), or returns null
 * at once when another holder has it; entry points answer that null with "already running" (409).
 * The lock expires unless renewed, and is renewed while `work` runs: a killed holder frees it soon.
 * A renewal that fails (Redis dropped the key and another process took it, a pause past the
 * expiry) marks the lease lost and says so in the log; `work` checks the lease before each write.
 * Workflows take their locks with the core `acquireLockStep`; this is for the long-running drivers.
 */
export async function whileHolding<T>(container: MedusaContainer, key: string, work: (lease: Lease) => Promise<T>): Promise<T | null> {
  const locking = container.resolve(Modules.LOCKING)
  const ownerId = randomUUID()
  try {
    await locking.acquire(key, { ownerId, expire: DRIVER_LOCK_TTL_SECONDS })
  } catch {
    return null
  }
  let lost = false
  let renewedAt = Date.now()
  // Acquiring again as the same owner moves the expiry on; it fails when another owner holds the key.
  const renew = async (): Promise<boolean> => {
    if (lost) return false
    try {
      await locking.acquire(key, { ownerId, expire: DRIVER_LOCK_TTL_SECONDS })
      renewedAt = Date.now()
    } catch {
      if (!lost) container.resolve(ContainerRegistrationKeys.LOGGER).warn(`hub: ${new LockLostError(key).message}`)
      lost = true
    }
    return !lost
  }
  const lease: Lease = {
    get lost() {
      return lost
    },
    confirm: () => (lost ? Promise.resolve(false) : Date.now() - renewedAt < CONFIRM_EVERY_MS ? Promise.resolve(true) : renew()),
  }
  const renewal = setInterval(() => void renew(), renewEvery(DRIVER_LOCK_TTL_SECONDS * 1000))
  renewal.unref()
  try {
    return await work(lease)
  } finally {
    clearInterval(renewal)
    // A lost lock may be another process's now: only our own is released.
    if (!lost) await locking.release(key, { ownerId })
  }
}
