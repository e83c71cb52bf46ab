import { randomUUID } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { DRIVER_LOCK_TTL_SECONDS } from "../modules/hub/locks"


/**
 * The plugin's one idiom for "one at a time, across the store's processes": runs `work` while
 * holding `key` in Medusa's locking module (Redis when the store configures it), or returns null
 * at once when another holder has it; entry points answer that null with "already running" (409).
 * The lock expires unless renewed, and is renewed while `work` runs: a killed holder frees it soon.
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
