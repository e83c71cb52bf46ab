/*
 * The throttle's rule, kept pure (the caller passes the clock): a send occupies its bucket's slot
 * from the moment it leaves until its answer came back plus one window. A new send may leave at
 * `t` only while fewer than `limit` slots are occupied at `t`.
 *
 * Why this holds whatever the delay between leaving and arriving: say `limit + 1` sends arrived
 * at the hub within one counting window [s, s + W) (docs/hub-interface.md §8). Take X, the last
 * of them to leave, at t < s + W. Every other one, Y, left at or before t and arrived at or after
 * s, so it was answered after s > t - W: at t, Y still occupied its slot (in flight, or answered
 * less than W ago). So `limit` slots were occupied at t and X could not leave. The hub's window
 * being fixed on the clock or sliding makes no difference.
 */

export type TakeResult = { taken: true } | { taken: false; freeAt: number }

/** One bucket's occupied slots: token -> the moment its slot frees. */
export class OccupancyLog {
  private readonly held = new Map<string, number>()

  /**
   * Takes a slot for `token` when fewer than `limit` are occupied at `now`, holding it until
   * `holdUntil` (the latest the answer can come, plus a window) unless settled earlier.
   * Otherwise says when the first occupied slot frees, as far as is known now.
   */
  take(token: string, now: number, limit: number, holdUntil: number): TakeResult {
    this.purge(now)
    if (this.held.size < limit) {
      this.held.set(token, holdUntil)
      return { taken: true }
    }
    return { taken: false, freeAt: Math.min(...this.held.values()) }
  }

  /** The send's answer came back: its slot frees at `until` (answered at + the window). */
  settle(token: string, until: number): void {
    if (this.held.has(token)) this.held.set(token, until)
  }

  occupied(now: number): number {
    this.purge(now)
    return this.held.size
  }

  private purge(now: number): void {
    for (const [token, until] of this.held) {
      if (until <= now) this.held.delete(token)
    }
  }
}
