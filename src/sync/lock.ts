import { randomUUID } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/**
 * A driver's lock lives this long unless renewed: a holder killed mid-run (kill -9, a crashed
 * pod) frees it within a minute, while a live holder renews it every third of that.
 */
const DRIVER_LOCK_TTL_SECONDS = 60

/**
 * The plugin's one idiom for "one at a time, across the store's processes": runs `work` while
 * holding `key` in Medusa's locking module (Redis when the store configures it), or returns null
 * at once when another holder has it; entry points answer that null with "already running" (409).
 * Workflows take their locks with the core `acquireLockStep`; this is for the long-running drivers.
 */
export async function whileHolding<T>(container: MedusaContainer, key: string, work: () => Promise<T>): Promise<T | null> {
  const locking = container.resolve(Modules.LOCKING)
  const ownerId = randomUUID()
  try {
    await locking.acquire(key, { ownerId, expire: DRIVER_LOCK_TTL_SECONDS })
  } catch {
    return null
  }
  // Acquiring again as the same owner moves the expiry on.
  const renewal = setInterval(() => {
    locking.acquire(key, { ownerId, expire: DRIVER_LOCK_TTL_SECONDS }).catch(() => undefined)
  }, (DRIVER_LOCK_TTL_SECONDS * 1000) / 3)
  renewal.unref()
  try {
    return await work()
  } finally {
    clearInterval(renewal)
    await locking.release(key, { ownerId })
  }
}
