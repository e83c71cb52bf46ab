/*
 * The hub account's budget in Redis, so that every process of the store (web, workers) draws
 * from one budget and sees the same pause (docs/hub-interface.md §7 rule 2; the hub counts per
 * store credential, docs/hub-public-facts.md). Keys, under `<prefix>:<account>`:
 *
 *   occupancy:<bucket>  sorted set: send token -> when its slot frees (ms)
 *   pause               no send before this moment (ms)
 *   limits              hash: bucket -> "<base>:<changedAt>", a lowered limit
 *
 * Each step that reads and writes is one Lua script, so two processes never take the last slot
 * together. Times are the callers' clocks: the processes of one store are expected to agree on
 * the time (one machine, or NTP) to within a few milliseconds.
 */
import Redis from "ioredis"
import type { LimitState } from "./adaptive-limit"
import { cappedPauseUntil, DEFAULT_MAX_PAUSE_MS } from "./bounds"
import { HubBudgetStore, SharedBudgetState } from "./budget-store"
import type { TakeResult } from "./occupancy"

// Purge the slots freed by `now`; take one if fewer than `limit` remain, else return when the first frees.
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  return -1
end
local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return tonumber(first[2])
`

// Never shortens a pause in force, but none lasts past ARGV[3] (now + the longest pause; ARGV[1] is
// already within it): a pause stored longer (an older version, another cap) is cut to it.
const PAUSE = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current > tonumber(ARGV[3]) then
  redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[2])
elseif tonumber(ARGV[1]) > current then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
end
return 1
`

// The pause and the lowered limits; a pause stored past ARGV[1] (now + the longest pause) is cut to
// it where it is kept, so that it ends at one moment rather than moving on with each read.
const READ = `
local pause = redis.call('GET', KEYS[1])
if pause and tonumber(pause) > tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  pause = ARGV[1]
end
return { pause or '0', redis.call('HGETALL', KEYS[2]) }
`

// Compare-and-set of one bucket's limit state.
const REPLACE_LIMIT = `
if (redis.call('HGET', KEYS[1], ARGV[1]) or '') ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
`

/** How long a pause and a lowered limit are kept after their last change. */
const STATE_TTL_MS = 24 * 3_600_000

type BudgetCommands = {
  hubBudgetTake(key: string, now: number, limit: number, holdUntil: number, token: string, ttlMs: number): Promise<number>
  hubBudgetPause(key: string, until: number, ttlMs: number, ceiling: number): Promise<number>
  hubBudgetRead(pauseKey: string, limitsKey: string, ceiling: number, ttlMs: number): Promise<[string, string[]]>
  hubBudgetReplaceLimit(key: string, bucket: string, expected: string, next: string, ttlMs: number): Promise<number>
}

export type RedisBudgetStoreOptions = {
  url: string
  /** `<prefix>:<account>`: one budget per hub account. */
  keyPrefix: string
  /** A Redis command that has not answered by then fails, and the limiter falls back to this process's budget. */
  commandTimeoutMs?: number
  /** The longest pause after a 429 (`rateLimitMaxPauseMs`), as stored and as read. */
  maxPauseMs?: number
  onError?: (error: Error) => void
}

export class RedisBudgetStore implements HubBudgetStore {
  readonly shared = true
  private readonly redis: Redis & BudgetCommands
  private readonly maxPauseMs: number

  constructor(private readonly options: RedisBudgetStoreOptions) {
    const redis = new Redis(options.url, {
      commandTimeout: options.commandTimeoutMs ?? 1_000,
      maxRetriesPerRequest: 1,
      // Reconnects on its own; a command while disconnected fails fast instead of queueing.
      enableOfflineQueue: false,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
    })
    redis.on("error", (error) => options.onError?.(error))
    redis.defineCommand("hubBudgetTake", { numberOfKeys: 1, lua: TAKE })
    redis.defineCommand("hubBudgetPause", { numberOfKeys: 1, lua: PAUSE })
    redis.defineCommand("hubBudgetRead", { numberOfKeys: 2, lua: READ })
    redis.defineCommand("hubBudgetReplaceLimit", { numberOfKeys: 1, lua: REPLACE_LIMIT })
    this.redis = redis as Redis & BudgetCommands
    this.maxPauseMs = options.maxPauseMs ?? DEFAULT_MAX_PAUSE_MS
  }

  /** Resolves once connected (or rejects): a process that starts before Redis answers falls back meanwhile. */
  async ready(): Promise<void> {
    if (this.redis.status === "ready") return
    await new Promise<void>((resolve, reject) => {
      this.redis.once("ready", resolve)
      this.redis.once("end", () => reject(new Error("the Redis connection ended")))
    })
  }

  async take(bucket: string, token: string, now: number, limit: number, holdUntil: number): Promise<TakeResult> {
    const freeAt = Number(
      await this.redis.hubBudgetTake(this.key(`occupancy:${bucket}`), now, limit, holdUntil, token, Math.max(1, holdUntil - now) + 1_000)
    )
    return freeAt < 0 ? { taken: true } : { taken: false, freeAt }
  }

  async settle(bucket: string, token: string, until: number): Promise<void> {
    await this.redis.zadd(this.key(`occupancy:${bucket}`), "XX", until, token)
  }

  async pause(until: number, now: number): Promise<void> {
    const ceiling = now + this.maxPauseMs
    const capped = cappedPauseUntil(until, now, this.maxPauseMs)
    await this.redis.hubBudgetPause(this.key("pause"), capped, Math.max(1, capped - now) + STATE_TTL_MS, ceiling)
  }

  async read(now: number): Promise<SharedBudgetState> {
    const ceiling = now + this.maxPauseMs
    const [pause, raw] = await this.redis.hubBudgetRead(this.key("pause"), this.key("limits"), ceiling, this.maxPauseMs + STATE_TTL_MS)
    const limits: Record<string, LimitState> = {}
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const state = parseLimitState(raw[i + 1])
      if (state) limits[raw[i]] = state
    }
    return { pausedUntil: cappedPauseUntil(Number(pause) || 0, now, this.maxPauseMs), limits }
  }

  async replaceLimit(bucket: string, expected: LimitState | undefined, next: LimitState): Promise<boolean> {
    const replaced = await this.redis.hubBudgetReplaceLimit(
      this.key("limits"),
      bucket,
      expected ? formatLimitState(expected) : "",
      formatLimitState(next),
      STATE_TTL_MS
    )
    return Number(replaced) === 1
  }

  async close(): Promise<void> {
    try {
      await this.redis.quit()
    } catch {
      this.redis.disconnect()
    }
  }

  private key(name: string): string {
    return `${this.options.keyPrefix}:${name}`
  }
}

function formatLimitState(state: LimitState): string {
  return `${state.base}:${state.changedAt}`
}

function parseLimitState(value: string): LimitState | undefined {
  const [base, changedAt] = value.split(":").map(Number)
  return Number.isFinite(base) && Number.isFinite(changedAt) && base >= 1 ? { base, changedAt } : undefined
}
