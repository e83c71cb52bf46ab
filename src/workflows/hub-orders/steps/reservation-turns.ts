import type { ILockingModule } from "@medusajs/framework/types"
import { HUB_RESERVATION_LOCK, HUB_RESERVATION_LOCK_TTL_SECONDS } from "../../../modules/hub/locks"

/**
 * This process's reservations, in turn (a part of the hub module's process machinery, one per
 * application): the plugin's reservations share hot SKUs in a burst, so they take turns rather than
 * each holding some items while waiting for the others. Holding them in sorted order
 * (`holdingInOrder`) made a batch hold the first items through a dozen round trips while the waiters
 * polled them with a growing backoff: a backlog over 20 SKUs spent most of its time waiting on them
 * (bench/backlog). Within a process the turns are a queue (a promise chain: p-queue is not worth a
 * dependency for it), so only one import per process waits on the store's lock, and it gets it as
 * soon as it is free.
 */
export class ReservationTurns {
  private tail: Promise<unknown> = Promise.resolve()

  /**
   * Runs `job` in this process's turn, holding the plugin's reservation lock and the inventory items'
   * locks, taken as Medusa's own reservations take them (one `execute` of every key, the key being the
   * item's id), on short leases.
   */
  holdingInventoryItems<T>(locking: ILockingModule, inventoryItemIds: string[], timeoutSeconds: number, job: () => Promise<T>): Promise<T> {
    const keys = [...new Set(inventoryItemIds)]
    if (!keys.length) return job()
    const hold = { timeout: timeoutSeconds, expire: HUB_RESERVATION_LOCK_TTL_SECONDS }
    const turn = () => locking.execute(HUB_RESERVATION_LOCK, () => locking.execute(keys, job, hold), hold)
    const result = this.tail.then(turn, turn)
    this.tail = result.catch(() => undefined)
    return result
  }
}
