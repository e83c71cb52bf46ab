/**
 * How long a holder's claims and per-order locks live unless renewed. A live holder renews them
 * every third of that (`renewEvery`), so they outlive slow work, while a killed holder frees them
 * within one lease. One object rather than constants so that a test can make them short, and can
 * stall the renewals to stand for a holder paused past its lease (an event loop blocked, a process
 * stopped): what the fences then must catch.
 */
export const hubLeases = {
  /** An import's claim of a hub order (`hub_order.claimed_at`). */
  importClaimMs: 60_000,
  /** A merchant move's claim (`hub_order_move.claimed_until`). */
  moveClaimMs: 2 * 60_000,
  /** The per-order lock `hub:order:<code>`. */
  orderLockSeconds: 60,
  /** Test switch: renewals are skipped while true. */
  renewalsStalled: false,
}

/** How often a live holder renews a lease of `leaseMs`. */
export const renewEvery = (leaseMs: number): number => Math.max(50, Math.floor(leaseMs / 3))

/** The words every "claim taken over" failure carries, so callers tell it from a bad order. */
const CLAIM_TAKEN_OVER = "was taken over by another taker"

/** The failure of work whose claim another taker holds now: it stops, and the taker finishes. */
export const claimTakenOverMessage = (what: string): string => `${what} ${CLAIM_TAKEN_OVER}: this run stopped and undid what it made`

/** Whether a failure (an Error, or a workflow's plain error object) is a claim taken over. */
export const isClaimTakenOver = (error: unknown): boolean => String((error as { message?: unknown } | null)?.message ?? error).includes(CLAIM_TAKEN_OVER)
