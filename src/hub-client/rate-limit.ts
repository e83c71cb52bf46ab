import { setTimeout as sleep } from "node:timers/promises"
import { RateLimit, rateLimitOf } from "./endpoints"

/**
 * Keeps the client under the hub's limits and honours its 429s (docs/hub-interface.md §7 rule 2).
 *
 * - Each bucket (resource + method) keeps a log of its last sends: a request leaves only while
 *   fewer than `limit` were sent in the last `windowMs` (+ a small margin for network jitter),
 *   so no counting window of the hub, wherever it starts, sees more than `limit`.
 * - One pause for the whole account: after a 429 nothing is sent, by any caller, on any
 *   bucket, until the pause ends. Every waiting caller wakes up at the same moment.
 */
export class HubRateLimiter {
  private readonly sends = new Map<string, number[]>()
  private readonly queues = new Map<string, Promise<void>>()
  private pausedUntilMs = 0

  constructor(
    private readonly limits: Record<string, RateLimit>,
    // Arrival jitter on a busy machine reaches tens of milliseconds: 4% of the window (at most 50 ms)
    // keeps a request from landing in the hub's next window early, at a cost of 4% of the rate.
    private readonly jitterMarginMs: (windowMs: number) => number = (windowMs) => Math.min(50, Math.ceil(windowMs * 0.04))
  ) {}

  get pausedUntil(): number {
    return this.pausedUntilMs
  }

  /** Stops every send until `untilMs` (never shortens a pause already in force). */
  pause(untilMs: number): void {
    this.pausedUntilMs = Math.max(this.pausedUntilMs, untilMs)
  }

  /** Resolves when a request of `bucket` may be sent, and counts it as sent. */
  acquire(bucket: string): Promise<void> {
    // Callers of one bucket queue in order, so a burst cannot overtake its own log.
    const previous = this.queues.get(bucket) ?? Promise.resolve()
    const turn = previous.then(() => this.waitForSlot(bucket))
    this.queues.set(
      bucket,
      turn.catch(() => undefined)
    )
    return turn
  }

  private async waitForSlot(bucket: string): Promise<void> {
    const { limit, windowMs } = rateLimitOf(bucket, this.limits)
    const span = windowMs + this.jitterMarginMs(windowMs)
    const log = this.sends.get(bucket) ?? []
    this.sends.set(bucket, log)
    for (;;) {
      const now = Date.now()
      if (now < this.pausedUntilMs) {
        await sleep(this.pausedUntilMs - now)
        continue
      }
      while (log.length && log[0] <= now - span) {
        log.shift()
      }
      if (log.length < limit) {
        log.push(now)
        return
      }
      await sleep(log[0] + span - now)
    }
  }
}
