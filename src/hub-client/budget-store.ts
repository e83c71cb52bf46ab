/*
 * Where the hub account's budget lives: the occupied slots of each bucket (occupancy.ts), the
 * account-wide pause after a 429 (docs/hub-interface.md §7 rule 2) and each bucket's lowered
 * limit (adaptive-limit.ts). In this process (MemoryBudgetStore), or in Redis so that every
 * process of the store draws from one budget (redis-budget-store.ts). The limiter (rate-limit.ts)
 * holds the rules; a store only keeps the state and makes each step atomic.
 */
import type { LimitState } from "./adaptive-limit"
import { cappedPauseUntil, DEFAULT_MAX_PAUSE_MS } from "./bounds"
import { OccupancyLog, TakeResult } from "./occupancy"

export type SharedBudgetState = {
  /** Nothing is sent before this moment (ms); kept after it passed, for the ramp after a pause. */
  pausedUntil: number
  /** Buckets whose limit was lowered; a bucket not listed runs at its configured limit. */
  limits: Record<string, LimitState>
}

export interface HubBudgetStore {
  /** True when other processes draw from the same budget. */
  readonly shared: boolean
  /** Takes a slot of `bucket` for `token` when fewer than `limit` are occupied at `now` (see OccupancyLog). */
  take(bucket: string, token: string, now: number, limit: number, holdUntil: number): Promise<TakeResult>
  /** The send's answer came back: its slot frees at `until`. */
  settle(bucket: string, token: string, until: number): Promise<void>
  /**
   * Stops every send of the account until `until`; never shortens a pause in force, but none ends
   * later than the store's longest pause after `now` (`rateLimitMaxPauseMs`).
   */
  pause(until: number, now: number): Promise<void>
  /**
   * The state at `now`. A pause stored longer than the longest one (an older version, another cap)
   * is cut to `now` + the longest, where it is kept: it then ends at that one moment for every process.
   */
  read(now: number): Promise<SharedBudgetState>
  /** Replaces a bucket's limit state only if it is still `expected` (another process may have lowered it first). */
  replaceLimit(bucket: string, expected: LimitState | undefined, next: LimitState): Promise<boolean>
  close(): Promise<void>
}

/** The budget of this process alone. */
export class MemoryBudgetStore implements HubBudgetStore {
  readonly shared = false
  private readonly logs = new Map<string, OccupancyLog>()
  private state: SharedBudgetState = { pausedUntil: 0, limits: {} }

  constructor(private readonly maxPauseMs = DEFAULT_MAX_PAUSE_MS) {}

  async take(bucket: string, token: string, now: number, limit: number, holdUntil: number): Promise<TakeResult> {
    let log = this.logs.get(bucket)
    if (!log) {
      log = new OccupancyLog()
      this.logs.set(bucket, log)
    }
    return log.take(token, now, limit, holdUntil)
  }

  async settle(bucket: string, token: string, until: number): Promise<void> {
    this.logs.get(bucket)?.settle(token, until)
  }

  async pause(until: number, now: number): Promise<void> {
    const ceiling = now + this.maxPauseMs
    this.state.pausedUntil = Math.max(Math.min(this.state.pausedUntil, ceiling), cappedPauseUntil(until, now, this.maxPauseMs))
  }

  async read(now: number): Promise<SharedBudgetState> {
    // Cut where it is kept, so the cut pause ends at one moment instead of moving on with `now`.
    this.state.pausedUntil = cappedPauseUntil(this.state.pausedUntil, now, this.maxPauseMs)
    return { pausedUntil: this.state.pausedUntil, limits: { ...this.state.limits } }
  }

  async replaceLimit(bucket: string, expected: LimitState | undefined, next: LimitState): Promise<boolean> {
    if (!sameLimitState(this.state.limits[bucket], expected)) return false
    this.state.limits[bucket] = next
    return true
  }

  async close(): Promise<void> {}
}

export function sameLimitState(a: LimitState | undefined, b: LimitState | undefined): boolean {
  return a === b || (!!a && !!b && a.base === b.base && a.changedAt === b.changedAt)
}
