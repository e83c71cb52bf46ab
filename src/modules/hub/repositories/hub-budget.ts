import { cappedPauseUntil, DEFAULT_MAX_PAUSE_MS, type HubBudgetStore, type LimitState, type SharedBudgetState, type TakeResult } from "../../../hub-client"

/**
 * The hub account's request budget in PostgreSQL, which every process of a store shares: the
 * default when the store has no Redis (src/modules/hub/loaders/shared-budget.ts). The same state and
 * rules as the Redis store (src/hub-client/redis-budget-store.ts): each bucket's occupied slots, the
 * pause after a 429 and the lowered limits; a take is one call of `hub_budget_take`, which holds the
 * bucket's advisory lock for its transaction, so two processes never take the last slot together.
 * Times are the callers' clocks, as with Redis.
 */
export class PostgresBudgetStore implements HubBudgetStore {
  readonly shared = true

  /** `connection`: knex (Medusa's PG connection) or anything with its `raw(sql, bindings)` returning `{ rows }`. */
  constructor(
    private readonly connection: { raw(sql: string, bindings: unknown[]): PromiseLike<{ rows: any[] }> },
    private readonly account: string,
    /** The longest pause after a 429 (`rateLimitMaxPauseMs`), as stored and as read. */
    private readonly maxPauseMs = DEFAULT_MAX_PAUSE_MS
  ) {}

  async take(bucket: string, token: string, now: number, limit: number, holdUntil: number): Promise<TakeResult> {
    const { rows } = await this.connection.raw(`select hub_budget_take(?, ?, ?, ?, ?, ?) as free_at`, [this.account, bucket, now, limit, holdUntil, token])
    const freeAt = Number(rows[0].free_at)
    return freeAt < 0 ? { taken: true } : { taken: false, freeAt }
  }

  async settle(bucket: string, token: string, until: number): Promise<void> {
    await this.connection.raw(`update hub_budget_slot set frees_at = ? where account = ? and bucket = ? and token = ?`, [until, this.account, bucket, token])
  }

  /** Never shortens a pause in force, but cuts one stored past the longest pause from `now`. */
  async pause(until: number, now: number): Promise<void> {
    await this.connection.raw(
      `insert into hub_budget_state as s (account, paused_until) values (?, ?)
       on conflict (account) do update set paused_until = greatest(least(s.paused_until, ?::bigint), excluded.paused_until)`,
      [this.account, cappedPauseUntil(until, now, this.maxPauseMs), now + this.maxPauseMs]
    )
  }

  async read(now: number): Promise<SharedBudgetState> {
    const { rows } = await this.connection.raw(`select paused_until, limits from hub_budget_state where account = ?`, [this.account])
    const ceiling = now + this.maxPauseMs
    if (Number(rows[0]?.paused_until ?? 0) > ceiling) {
      // Stored past the longest pause (an older version, another cap): cut where it is kept, so it ends at one moment.
      await this.connection.raw(`update hub_budget_state set paused_until = ? where account = ? and paused_until > ?`, [ceiling, this.account, ceiling])
    }
    const limits: Record<string, LimitState> = {}
    for (const [bucket, state] of Object.entries((rows[0]?.limits ?? {}) as Record<string, LimitState>)) {
      if (Number.isFinite(state?.base) && Number.isFinite(state?.changedAt) && state.base >= 1) limits[bucket] = state
    }
    return { pausedUntil: cappedPauseUntil(Number(rows[0]?.paused_until ?? 0), now, this.maxPauseMs), limits }
  }

  /** Compare-and-set of one bucket's limit state. */
  async replaceLimit(bucket: string, expected: LimitState | undefined, next: LimitState): Promise<boolean> {
    const { rows } = await this.connection.raw(
      `insert into hub_budget_state as s (account, limits) values (?, jsonb_build_object(?::text, ?::jsonb))
       on conflict (account) do update set limits = s.limits || jsonb_build_object(?::text, ?::jsonb)
       where (s.limits -> ?::text) is not distinct from ?::jsonb
       returning 1 as replaced`,
      [this.account, bucket, JSON.stringify(next), bucket, JSON.stringify(next), bucket, expected ? JSON.stringify(expected) : null]
    )
    return rows.length === 1
  }

  async close(): Promise<void> {}
}
