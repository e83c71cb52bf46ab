import type { ILockingModule } from "@medusajs/framework/types"

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
