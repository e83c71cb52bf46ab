import type { ILockingModule } from "@medusajs/framework/types"
import { HUB_RESERVATION_LOCK, HUB_RESERVATION_LOCK_TTL_SECONDS } from "../../../modules/hub/locks"

/**
 * Runs `job` holding every key's lock, taken one at a time in sorted order, each waiting up to
 * `timeoutSeconds`. Not one `execute` of them all: the Redis provider takes an array's keys at once,
 * each holding its own while it waits for the others, so two writers of the same two keys could each
 * hold one and wait out the timeout (seen: a 1,500-order backlog over 20 SKUs). In one order, the
 * second writer waits for the first's whole set instead.
 */
export function holdingInOrder<T>(locking: ILockingModule, keys: string[], timeoutSeconds: number, job: () => Promise<T>): Promise<T> {
  const [first, ...rest] = [...new Set(keys)].sort()
  if (!first) return job()
  return locking.execute(first, () => holdingInOrder(locking, rest, timeoutSeconds, job), { timeout: timeoutSeconds })
}

/** This process's reservations, in turn: the tail of the queue. */
let reservationsInProcess: Promise<unknown> = Promise.resolve()

/**
 * Runs `job` holding the inventory items' locks, taken as Medusa's own reservations take them (one
 * `execute` of every key, the key being the item's id), inside the plugin's reservation lock: the
 * plugin's reservations, which share hot SKUs in a burst, take turns rather than each holding some
 * items while waiting for the others. Holding them in sorted order (`holdingInOrder`) made a batch
 * hold the first items through a dozen round trips while the waiters polled them with a growing
 * backoff: a backlog over 20 SKUs spent most of its time waiting on them (bench/backlog).
 * Within a process the turns are a queue (a promise chain: p-queue is not worth a dependency for
 * it), so only one import per process waits on the store's lock, and it gets it as soon as it is free.
 */
export function holdingInventoryItems<T>(locking: ILockingModule, inventoryItemIds: string[], timeoutSeconds: number, job: () => Promise<T>): Promise<T> {
  const keys = [...new Set(inventoryItemIds)]
  if (!keys.length) return job()
  const hold = { timeout: timeoutSeconds, expire: HUB_RESERVATION_LOCK_TTL_SECONDS }
  const turn = () => locking.execute(HUB_RESERVATION_LOCK, () => locking.execute(keys, job, hold), hold)
  const result = reservationsInProcess.then(turn, turn)
  reservationsInProcess = result.catch(() => undefined)
  return result
}
