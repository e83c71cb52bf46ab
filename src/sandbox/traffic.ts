/*
 * How the sandbox treats traffic, apart from what a request asks: fixed-window rate limiting with
 * the client's own buckets, seeded fault injection, and the log of hub requests. Pure: the caller
 * passes the clock.
 */
import { z } from "zod"
import { DEFAULT_RATE_LIMITS, rateLimitOf, type RateLimit } from "../hub-client/endpoints"
import { parseOrThrow } from "./errors"

export const rateLimitsSchema = z.record(
  z.string().min(1),
  z.strictObject({ limit: z.number().int().nonnegative(), windowMs: z.number().int().positive() })
)

export const faultsSchema = z.strictObject({
  /** Share of requests answered 500 or 503. */
  errorRate: z.number().min(0).max(1).optional(),
  /** Share of requests whose connection is destroyed without an answer. */
  dropRate: z.number().min(0).max(1).optional(),
  /**
   * Share of writes (POST, PUT) carried out whose answer is then lost (the connection is
   * destroyed): the client cannot tell whether its write took effect.
   */
  loseAnswerRate: z.number().min(0).max(1).optional(),
  /** Added to every hub request that passes rate limiting. */
  latencyMs: z.number().int().nonnegative().optional(),
  seed: z.number().int().optional(),
})
export type SandboxFaults = z.infer<typeof faultsSchema>

const DEFAULT_FAULT_SEED = 1

/** mulberry32: a tiny seeded PRNG, so that fault sequences repeat from run to run. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number }

/** Fixed counting windows aligned to windowMs (window index = floor(now / windowMs)), per bucket. */
export class FixedWindowRateLimiter {
  private limits: Record<string, RateLimit> = { ...DEFAULT_RATE_LIMITS }
  private readonly windows = new Map<string, { index: number; count: number }>()

  constructor(overrides: Record<string, RateLimit> = {}) {
    this.setLimits(overrides)
  }

  /** The overrides are merged over DEFAULT_RATE_LIMITS (not over earlier overrides); counts restart. */
  setLimits(overrides: Record<string, RateLimit>): Record<string, RateLimit> {
    this.limits = { ...DEFAULT_RATE_LIMITS, ...parseOrThrow(rateLimitsSchema, overrides, { prefix: "rateLimits" }) }
    this.windows.clear()
    return { ...this.limits }
  }

  /** Counts a request in its bucket's current window, refused ones included. */
  take(bucket: string, nowMs: number): RateLimitDecision {
    const { limit, windowMs } = rateLimitOf(bucket, this.limits)
    const index = Math.floor(nowMs / windowMs)
    const window = this.windows.get(bucket)
    const current = window && window.index === index ? window : { index, count: 0 }
    current.count++
    this.windows.set(bucket, current)
    return current.count <= limit ? { allowed: true } : { allowed: false, retryAfterMs: (index + 1) * windowMs - nowMs }
  }

  resetWindows(): void {
    this.windows.clear()
  }
}

type FaultDecision = { latencyMs: number; drop: boolean; errorStatus?: 500 | 503; loseAnswer?: boolean }

export class FaultInjector {
  private faults: SandboxFaults = {}
  private random = mulberry32(DEFAULT_FAULT_SEED)

  constructor(faults: SandboxFaults = {}) {
    this.set(faults)
  }

  /** Replaces the faults and restarts the PRNG from their seed, so each setting replays the same. */
  set(faults: SandboxFaults): SandboxFaults {
    this.faults = parseOrThrow(faultsSchema, faults, { prefix: "faults" })
    this.random = mulberry32(this.faults.seed ?? DEFAULT_FAULT_SEED)
    return { ...this.faults }
  }

  /**
   * The fate of one request: always two draws (plus one picking 500 or 503, and one for a lost
   * answer when that fault is set), so sequences replay exactly.
   */
  next(): FaultDecision {
    const drop = this.random() < (this.faults.dropRate ?? 0)
    const error = this.random() < (this.faults.errorRate ?? 0)
    const loseAnswer = (this.faults.loseAnswerRate ?? 0) > 0 && this.random() < this.faults.loseAnswerRate!
    return {
      latencyMs: this.faults.latencyMs ?? 0,
      drop,
      ...(error && !drop ? { errorStatus: this.random() < 0.5 ? (500 as const) : (503 as const) } : {}),
      ...(loseAnswer && !drop && !error ? { loseAnswer } : {}),
    }
  }
}

export type SandboxRequestLogEntry = {
  at: number
  method: string
  /** As received: path and query string. */
  path: string
  bucket: string
  status: number | "dropped"
  /** A write's JSON body as received (what a test checks a partial update by); absent for reads. */
  body?: unknown
}

export type SandboxCounters = {
  byBucket: Record<string, number>
  byStatus: Record<string, number>
  /**
   * Requests that arrived later than REFUSAL_CROSSING_MS after a 429 was answered and before its
   * counting window ended: sent after the client could have read the 429 (docs/hub-interface.md §7 rule 2: should be 0).
   */
  insideRefusalWindow: number
  /** Requests that arrived within REFUSAL_CROSSING_MS after a 429: most likely on their way before the client read it. */
  crossingRefusal: number
}

/**
 * A request arriving this soon after a 429 was answered most likely crossed it: the client sent it
 * before its event loop got to the answer (one turn of a busy Node.js process takes milliseconds to
 * tens of them), so it is counted apart from the requests sent inside the window.
 */
export const REFUSAL_CROSSING_MS = 20

/** Hub requests in arrival order; an entry is listed once it has been answered (or dropped). */
export class RequestLog {
  private entries: Array<Omit<SandboxRequestLogEntry, "status"> & { status?: SandboxRequestLogEntry["status"] }> = []
  /** From each 429's answer to the end of the refused bucket's window; ended ones are dropped as requests arrive. */
  private refusalWindows: Array<{ answeredAt: number; endsAt: number }> = []
  private insideRefusalWindow = 0
  private crossingRefusal = 0

  /** Records the arrival; call the returned function with the outcome. */
  arrive(entry: Omit<SandboxRequestLogEntry, "status" | "body">): (status: SandboxRequestLogEntry["status"], body?: unknown) => void {
    const pending: (typeof this.entries)[number] = { ...entry }
    this.entries.push(pending)
    this.refusalWindows = this.refusalWindows.filter((window) => window.endsAt > entry.at)
    const after = this.refusalWindows.filter((window) => entry.at > window.answeredAt)
    if (after.some((window) => entry.at > window.answeredAt + REFUSAL_CROSSING_MS)) this.insideRefusalWindow++
    else if (after.length > 0) this.crossingRefusal++
    return (status, body) => {
      pending.status = status
      if (body !== undefined) pending.body = body
    }
  }

  /** Every request that arrived, answered or not yet (`status` undefined while it is in flight). */
  arrivals(): Array<Omit<SandboxRequestLogEntry, "status" | "body"> & { status?: SandboxRequestLogEntry["status"] }> {
    return this.entries.map(({ body: _body, ...entry }) => ({ ...entry }))
  }

  list(): SandboxRequestLogEntry[] {
    return this.entries.flatMap(({ status, ...entry }) => (status === undefined ? [] : [{ ...entry, status }]))
  }

  /** A 429 was answered at `answeredAt`; its counting window ends at `endsAt`. */
  refused(answeredAt: number, endsAt: number): void {
    this.refusalWindows.push({ answeredAt, endsAt })
  }

  counters(): SandboxCounters {
    const counters: SandboxCounters = { byBucket: {}, byStatus: {}, insideRefusalWindow: this.insideRefusalWindow, crossingRefusal: this.crossingRefusal }
    for (const entry of this.list()) {
      counters.byBucket[entry.bucket] = (counters.byBucket[entry.bucket] ?? 0) + 1
      counters.byStatus[String(entry.status)] = (counters.byStatus[String(entry.status)] ?? 0) + 1
    }
    return counters
  }

  clear(): void {
    this.entries = []
    this.refusalWindows = []
    this.insideRefusalWindow = 0
    this.crossingRefusal = 0
  }
}
