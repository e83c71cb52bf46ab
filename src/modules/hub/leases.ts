/** How long a holder's claims and per-order locks live unless renewed. */
export type HubLeaseTimes = {
  /** An import's claim of a hub order (`hub_order.claimed_at`). */
  importClaimMs: number
  /** A merchant move's claim (`hub_order_move.claimed_until`). */
  moveClaimMs: number
  /** The per-order lock `hub:order:<account:>code`. */
  orderLockSeconds: number
}

/** The store's lease times: a live holder renews every third of each (`renewEvery`), so they outlive slow work, while a killed holder frees them within one lease. */
export const HUB_LEASE_TIMES: Readonly<HubLeaseTimes> = Object.freeze({ importClaimMs: 60_000, moveClaimMs: 2 * 60_000, orderLockSeconds: 60 })

/**
 * The leases of one application, kept by the hub module (`hub.leases`, registered by its loader), not
 * by a module of code: a test makes them short on the store it booted, and stands for a holder paused
 * past its lease (an event loop blocked, a process stopped) by having `renewing` answer false, which
 * is what the fences must then catch. Production code reads `renewing()` before each renewal: the
 * lease heartbeat (an order's lock with its import claims or move claim, lease-heartbeat.ts) and a
 * move's own claim timer (send-hub-order-move.ts); in a store it always answers true. The catalogue's
 * claims renew without asking it.
 */
export class HubLeases implements HubLeaseTimes {
  importClaimMs = HUB_LEASE_TIMES.importClaimMs
  moveClaimMs = HUB_LEASE_TIMES.moveClaimMs
  orderLockSeconds = HUB_LEASE_TIMES.orderLockSeconds

  /** Whether a live holder renews its leases now: in a store, always. */
  renewing(): boolean {
    return true
  }
}

/** How often a live holder renews a lease of `leaseMs`: the one interval of every lease and claim the plugin renews. */
export const renewEvery = (leaseMs: number): number => Math.max(50, Math.floor(leaseMs / 3))

/** The words every "claim taken over" failure carries, so callers tell it from a bad order. */
const CLAIM_TAKEN_OVER = "was taken over by another taker"

/** The failure of work whose claim another taker holds now: it stops, and the taker finishes. */
export const claimTakenOverMessage = (what: string): string => `${what} ${CLAIM_TAKEN_OVER}: this run stopped and undid what it made`

/** Whether a failure (an Error, or a workflow's plain error object) is a claim taken over. */
export const isClaimTakenOver = (error: unknown): boolean => String((error as { message?: unknown } | null)?.message ?? error).includes(CLAIM_TAKEN_OVER)
