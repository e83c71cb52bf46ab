import { randomUUID } from "node:crypto"
import { setImmediate as afterPendingIo, setTimeout as sleep } from "node:timers/promises"
import { afterRefusal, effectiveLimit, LimitState, nextRampAt, rampedLimit } from "./adaptive-limit"
import { cappedPauseUntil, DEFAULT_MAX_PAUSE_MS, timerDelayMs } from "./bounds"
import { HubBudgetStore, MemoryBudgetStore, SharedBudgetState } from "./budget-store"
import { RateLimit, rateLimitOf } from "./endpoints"
import type { BucketLimitFigures } from "./figure-snapshot"

/**
 * Keeps the client under the hub's limits and honours its 429s (docs/hub-interface.md §7 rule 2, §8).
 *
 * - Each bucket (resource + method) counts a send as occupying its slot from when it leaves until
 *   its answer came back plus a window (occupancy.ts): however late it arrives, no counting window
 *   of the hub sees more than the limit.
 * - One budget per hub account: in this process, or in Redis for every process of the store
 *   (budget-store.ts). When Redis does not answer, this process's own budget stands in.
 * - One pause for the whole account after a 429; when it ends, each bucket ramps up over one
 *   window instead of sending a burst. 429s lower a bucket's effective limit, which recovers by
 *   one per `recoveryWindows` quiet windows (adaptive-limit.ts).
 */

export type HubRateLimiterOptions = {
  /** The shared budget; by default this process's own. */
  store?: HubBudgetStore
  /** Lower limits after 429s and ramp after a pause; false: fixed limits, every bucket resumes at full rate. */
  adaptive?: boolean
  recoveryWindows?: number
  /** The longest a send can wait for its answer: an unanswered send holds its slot that long, plus a window. */
  maxSendMs?: number
  /** The longest pause after a 429, however long its Retry-After or the shared store's pause (`rateLimitMaxPauseMs`). */
  maxPauseMs?: number
  logger?: Pick<Console, "warn" | "info">
  /** Where the limiter reads the time and waits; the real clock by default (a test passes a fake one). */
  clock?: HubLimiterClock
}

/** The limiter's time: reading it, sleeping, and yielding to the I/O already waiting. */
export type HubLimiterClock = {
  now(): number
  /** Resolves after `ms`; once `signal` aborts, it may settle early either way (the result is ignored). */
  sleep(ms: number, signal?: AbortSignal): Promise<unknown>
  /** Resolves once the I/O already waiting has been read (Node polls I/O before setImmediate). */
  afterPendingIo(): Promise<unknown>
}

/** A send that left: call `answered()` once its answer (or its failure) came back. */
export type HubSendSlot = { readonly bucket: string; readonly leftAt: number; answered(): void }

const REAL_CLOCK: HubLimiterClock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleep(ms, undefined, { signal }),
  afterPendingIo: () => afterPendingIo(),
}

export class HubRateLimiter {
  private readonly store: HubBudgetStore
  private readonly local: HubBudgetStore
  private readonly adaptive: boolean
  private readonly recoveryWindows: number
  private readonly maxSendMs: number
  private readonly maxPauseMs: number
  private readonly clock: HubLimiterClock
  private readonly queues = new Map<string, Promise<unknown>>()
  private readonly wakers = new Map<string, Set<() => void>>()
  /** The shared state as last read, for the figures and between reads. */
  private seen: SharedBudgetState = { pausedUntil: 0, limits: {} }
  /** A pause a store holds past the cap, and where it was cut: read again, it ends at that one moment. */
  private overlong: { stored: number; endsAt: number } | undefined
  private storeFailing = false
  private storeReady: Promise<void> | undefined

  constructor(private readonly limits: Record<string, RateLimit>, private readonly options: HubRateLimiterOptions = {}) {
    this.maxPauseMs = options.maxPauseMs ?? DEFAULT_MAX_PAUSE_MS
    this.local = new MemoryBudgetStore(this.maxPauseMs)
    this.store = options.store ?? this.local
    this.adaptive = options.adaptive ?? true
    this.recoveryWindows = options.recoveryWindows ?? 10
    this.maxSendMs = options.maxSendMs ?? 60_000
    this.clock = options.clock ?? REAL_CLOCK
  }

  get pausedUntil(): number {
    return this.seen.pausedUntil
  }

  /** "shared": every process draws from one store (Redis or PostgreSQL); "process": this one alone (or the shared one is unreachable). */
  get budget(): "shared" | "process" | "process (shared budget unreachable)" {
    if (!this.store.shared) return "process"
    return this.storeFailing ? "process (shared budget unreachable)" : "shared"
  }

  /** Stops every send until `untilMs` (never shortens a pause already in force; never longer than `maxPauseMs`). */
  pause(untilMs: number): Promise<void> {
    const now = this.clock.now()
    const until = cappedPauseUntil(untilMs, now, this.maxPauseMs)
    this.seen = { ...this.seen, pausedUntil: Math.max(cappedPauseUntil(this.seen.pausedUntil, now, this.maxPauseMs), until) }
    return this.guarded((store) => store.pause(until, now)).catch(() => undefined)
  }

  /** After a 429 to a send of `slot`: the account pauses until `untilMs`, and the bucket's limit is lowered. */
  async refused(slot: HubSendSlot, untilMs: number): Promise<void> {
    await this.pause(untilMs)
    if (!this.adaptive) return
    const { limit: configured, windowMs } = rateLimitOf(slot.bucket, this.limits)
    const recoverEveryMs = this.recoveryWindows * windowMs
    for (let attempt = 0; attempt < 3; attempt++) {
      const current: LimitState | undefined = (await this.read()).limits[slot.bucket]
      const next = afterRefusal(current, configured, slot.leftAt, this.clock.now(), recoverEveryMs)
      if (!next) return
      if (await this.guarded((store) => store.replaceLimit(slot.bucket, current, next))) {
        this.seen = { ...this.seen, limits: { ...this.seen.limits, [slot.bucket]: next } }
        this.options.logger?.warn(
          `hub: ${slot.bucket} lowered to ${next.base} requests per ${windowMs} ms after a 429 (configured ${configured}); ` +
            `it recovers by one every ${this.recoveryWindows} quiet windows`
        )
        return
      }
    }
  }

  /** Resolves when a request of `bucket` may leave; the slot it holds frees a window after `answered()`. */
  acquire(bucket: string): Promise<HubSendSlot> {
    // Callers of one bucket queue in order, so a burst cannot overtake itself.
    const previous = this.queues.get(bucket) ?? Promise.resolve()
    const turn = previous.then(() => this.waitForSlot(bucket))
    this.queues.set(
      bucket,
      turn.catch(() => undefined)
    )
    return turn
  }

  /** Configured and effective limit of every bucket configured or lowered, as last seen. */
  limitFigures(): Record<string, BucketLimitFigures> {
    const now = this.clock.now()
    const figures: Record<string, BucketLimitFigures> = {}
    for (const bucket of new Set([...Object.keys(this.limits), ...Object.keys(this.seen.limits)])) {
      const { limit, windowMs } = rateLimitOf(bucket, this.limits)
      const effective = this.adaptive ? effectiveLimit(this.seen.limits[bucket], limit, now, this.recoveryWindows * windowMs) : limit
      figures[bucket] = { windowMs, configured: limit, effective }
    }
    return figures
  }

  async close(): Promise<void> {
    if (this.store !== this.local) await this.store.close()
  }

  private async waitForSlot(bucket: string): Promise<HubSendSlot> {
    const { limit: configured, windowMs } = rateLimitOf(bucket, this.limits)
    const recoverEveryMs = this.recoveryWindows * windowMs
    for (;;) {
      // Answers already waiting on a socket are read first (Node polls I/O before setImmediate): a
      // 429 that came while this send waited for its turn pauses it, instead of being read after it left.
      await this.clock.afterPendingIo()
      const shared = await this.read()
      const now = this.clock.now()
      if (now < shared.pausedUntil) {
        await this.sleep(bucket, shared.pausedUntil - now, false)
        continue
      }
      const effective = this.adaptive ? effectiveLimit(shared.limits[bucket], configured, now, recoverEveryMs) : configured
      const allowed = this.adaptive ? rampedLimit(effective, now, shared.pausedUntil, windowMs) : effective
      const token = randomUUID()
      let takenBy: HubBudgetStore | undefined
      const result = await this.guarded(async (store) => {
        takenBy = store
        return store.take(bucket, token, now, allowed, now + this.maxSendMs + windowMs)
      })
      if (result.taken) return this.slot(bucket, token, now, windowMs, takenBy!)
      const rampAt = this.adaptive ? nextRampAt(effective, now, shared.pausedUntil, windowMs) : Infinity
      // Another process's send frees its slot without telling this one: look again now and then.
      const pollMs = this.store.shared && !this.storeFailing ? Math.max(5, Math.min(50, Math.floor(windowMs / allowed / 2))) : Infinity
      await this.sleep(bucket, Math.min(result.freeAt, rampAt, now + pollMs) - now, true)
    }
  }

  private slot(bucket: string, token: string, leftAt: number, windowMs: number, store: HubBudgetStore): HubSendSlot {
    let done = false
    return {
      bucket,
      leftAt,
      answered: () => {
        if (done) return
        done = true
        void store
          .settle(bucket, token, this.clock.now() + windowMs)
          .catch(() => undefined)
          .then(() => this.wake(bucket))
      },
    }
  }

  private async read(): Promise<SharedBudgetState> {
    const now = this.clock.now()
    const state = await this.guarded((store) => store.read(now))
    // A pause set here while the shared store was unreachable still holds.
    let pausedUntil = Math.max(state.pausedUntil, this.seen.pausedUntil)
    if (pausedUntil > now + this.maxPauseMs) {
      // The plugin's stores cut such a pause where they keep it; any other store's is cut here, once.
      if (this.overlong?.stored !== pausedUntil) this.overlong = { stored: pausedUntil, endsAt: cappedPauseUntil(pausedUntil, now, this.maxPauseMs) }
      pausedUntil = this.overlong.endsAt
    }
    this.seen = { ...state, pausedUntil }
    return this.seen
  }

  /** Runs `operation` on the shared store, or on this process's own when the shared one fails. */
  private async guarded<T>(operation: (store: HubBudgetStore) => Promise<T>): Promise<T> {
    if (this.store === this.local) return operation(this.local)
    try {
      this.storeReady ??= this.firstConnection()
      await this.storeReady
      const result = await operation(this.store)
      if (this.storeFailing) {
        this.storeFailing = false
        this.options.logger?.info("hub: the shared rate-limit budget answers again; every process draws from it")
      }
      return result
    } catch (error) {
      if (!this.storeFailing) {
        this.storeFailing = true
        this.options.logger?.warn(
          `hub: the shared rate-limit budget is unreachable (${(error as Error).message}); this process throttles on its own until it answers`
        )
      }
      return operation(this.local)
    }
  }

  /** The first sends wait (a little) for Redis to connect, rather than all falling back at start. */
  private firstConnection(): Promise<void> {
    const ready = (this.store as { ready?: () => Promise<void> }).ready?.() ?? Promise.resolve()
    return Promise.race([ready, sleep(3_000, undefined, { ref: false })]).catch(() => undefined)
  }

  /** Sleeps `ms` (at most a timer's longest: the caller's loop looks again); a slot freed in this process (`wakeOnSettle`) ends it early. */
  private async sleep(bucket: string, requestedMs: number, wakeOnSettle: boolean): Promise<void> {
    if (!(requestedMs > 0)) return
    const ms = timerDelayMs(requestedMs)
    if (!wakeOnSettle) {
      await this.clock.sleep(ms)
      return
    }
    const controller = new AbortController()
    let wake!: () => void
    const woken = new Promise<void>((resolve) => (wake = resolve))
    let wakers = this.wakers.get(bucket)
    if (!wakers) this.wakers.set(bucket, (wakers = new Set()))
    wakers.add(wake)
    try {
      await Promise.race([this.clock.sleep(ms, controller.signal).catch(() => undefined), woken])
    } finally {
      controller.abort()
      wakers.delete(wake)
    }
  }

  private wake(bucket: string): void {
    for (const wake of this.wakers.get(bucket) ?? []) wake()
  }
}
