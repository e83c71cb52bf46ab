/*
 * A bucket's effective limit when the hub's real limit is lower than the configured one
 * (docs/hub-interface.md §8 publishes no number; docs/hub-public-facts.md gives one hub's). Pure:
 * the caller passes the clock, the configured limit and the state last stored.
 *
 * - A 429 on a send that left under the current limit lowers it: x0.75, at least by one, never
 *   below 1. 429s on sends that left before the last lowering are the same overshoot answered
 *   late, and lower nothing.
 * - It recovers by one request per `recoverEveryMs` (N quiet windows) since the last lowering, up
 *   to the configured limit. Computed from the stored state and the clock: nothing is written.
 * - After a pause, the first window ramps up from 1 to the limit evenly, so the callers that
 *   waited resume paced, not in one burst that the hub would refuse again.
 */

export type LimitState = {
  /** The limit set at the last lowering. */
  base: number
  /** When it was lowered. */
  changedAt: number
}

const DECREASE_FACTOR = 0.75

export function effectiveLimit(state: LimitState | undefined, configured: number, now: number, recoverEveryMs: number): number {
  if (!state) return configured
  const recovered = Math.floor(Math.max(0, now - state.changedAt) / recoverEveryMs)
  return Math.max(1, Math.min(configured, state.base + recovered))
}

/** The state after a 429 on a send that left at `leftAt`, or undefined when it changes nothing. */
export function afterRefusal(
  state: LimitState | undefined,
  configured: number,
  leftAt: number,
  now: number,
  recoverEveryMs: number
): LimitState | undefined {
  // Same millisecond: it may have left under the old limit; counting it once is the safe side.
  if (state && leftAt <= state.changedAt) return undefined
  const current = effectiveLimit(state, configured, now, recoverEveryMs)
  return { base: Math.max(1, Math.min(current - 1, Math.floor(current * DECREASE_FACTOR))), changedAt: now }
}

/** The limit in force `now`, in the window after a pause that ended at `pauseEnd`: 1, then +1 every windowMs / limit. */
export function rampedLimit(limit: number, now: number, pauseEnd: number, windowMs: number): number {
  const elapsed = now - pauseEnd
  if (elapsed >= windowMs || pauseEnd <= 0) return limit
  return Math.max(1, Math.min(limit, 1 + Math.floor((Math.max(0, elapsed) * limit) / windowMs)))
}

/** When the ramp next allows one more send (Infinity once it is over). */
export function nextRampAt(limit: number, now: number, pauseEnd: number, windowMs: number): number {
  const ramped = rampedLimit(limit, now, pauseEnd, windowMs)
  if (ramped >= limit) return Infinity
  return pauseEnd + Math.ceil((ramped * windowMs) / limit)
}
