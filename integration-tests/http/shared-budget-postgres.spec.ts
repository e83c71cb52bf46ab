import type { Pool } from "pg"
import { HubClient, hubAccountKey, uniformRateLimits } from "../../src/hub-client"
import { Migration20261123130000 } from "../../src/modules/hub/migrations/Migration20261123130000"
import { PostgresBudgetStore } from "../../src/modules/hub/repositories/hub-budget"
import { SandboxHub, startSandboxHub } from "../../src/sandbox"
import { scratchDatabase } from "../helpers/scratch-database"

/*
 * The hub request budget in PostgreSQL, the default of a store without Redis: its tables made by the
 * plugin's own migration in a database of this file, two clients (two processes of one store) drawing
 * from it against the sandbox hub over loopback HTTP. Counts are asserted, never timings.
 */

jest.setTimeout(120_000)

const DATABASE = "medusa_hub_budget_test"
const FAST = uniformRateLimits(1000)
const BUCKET = "PUT /products"
const SKUS = Array.from({ length: 10 }, (_, i) => `SKU-${i + 1}`)

/** knex's `raw(sql, bindings)` over a pg pool: `?` placeholders become `$n`. */
function knexLike(pool: Pool) {
  return {
    raw: (sql: string, bindings: unknown[]) => {
      let n = 0
      return pool.query(sql.replace(/\?(?!\|)/g, () => `$${++n}`), bindings)
    },
  }
}

describe("one hub budget shared through PostgreSQL", () => {
  let hub: SandboxHub
  let pool: Pool
  const clients: HubClient[] = []

  beforeAll(async () => {
    pool = await scratchDatabase(DATABASE, 4)
    // The plugin's migration, as `medusa db:migrate` runs it.
    const migration = new Migration20261123130000({} as never, {} as never)
    await migration.up()
    for (const sql of migration.getQueries()) await pool.query(String(sql))
    hub = await startSandboxHub({ rateLimits: FAST })
  })

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()))
    await hub?.stop()
    await pool?.end()
  })

  it("keeps the occupancy rule, the longest pause and a compare-and-set limit (times given, not read)", async () => {
    const a = new PostgresBudgetStore(knexLike(pool), "account-a")
    const b = new PostgresBudgetStore(knexLike(pool), "account-a")
    const t = 1_000_000
    expect(await a.take(BUCKET, "a1", t, 2, t + 60_000)).toEqual({ taken: true })
    expect(await b.take(BUCKET, "b1", t, 2, t + 60_000)).toEqual({ taken: true })
    expect(await a.take(BUCKET, "a2", t + 1, 2, t + 60_001)).toEqual({ taken: false, freeAt: t + 60_000 })
    await b.settle(BUCKET, "b1", t + 500)
    expect(await a.take(BUCKET, "a2", t + 499, 2, t + 60_499)).toEqual({ taken: false, freeAt: t + 500 })
    expect(await a.take(BUCKET, "a2", t + 500, 2, t + 60_500)).toEqual({ taken: true })
    // Another bucket, and another account, have their own slots.
    expect(await b.take("GET /orders", "b2", t, 1, t + 60_000)).toEqual({ taken: true })
    expect(await new PostgresBudgetStore(knexLike(pool), "account-b").take(BUCKET, "c1", t, 1, t + 60_000)).toEqual({ taken: true })

    await a.pause(t + 2_000, t)
    await b.pause(t + 1_000, t)
    expect((await b.read(t)).pausedUntil).toBe(t + 2_000)
    // A 429 pauses its own account only: another account (another store option `accounts` entry) keeps its pace.
    expect((await new PostgresBudgetStore(knexLike(pool), "account-b").read(t)).pausedUntil).toBeLessThanOrEqual(t)

    const lowered = { base: 6, changedAt: t }
    expect(await a.replaceLimit(BUCKET, undefined, lowered)).toBe(true)
    expect(await b.replaceLimit(BUCKET, undefined, { base: 4, changedAt: t })).toBe(false)
    expect(await b.replaceLimit(BUCKET, lowered, { base: 4, changedAt: t + 1 })).toBe(true)
    expect((await a.read(t)).limits).toEqual({ [BUCKET]: { base: 4, changedAt: t + 1 } })
  })

  it("keeps no pause past its cap: a day asked for, or a day already stored, ends within the cap", async () => {
    const CAP = 60_000
    const DAY = 86_400_000
    const capped = new PostgresBudgetStore(knexLike(pool), "account-capped", CAP)
    const stored = async () => Number((await pool.query(`select paused_until from hub_budget_state where account = 'account-capped'`)).rows[0].paused_until)
    const t = 5_000_000
    await capped.pause(t + DAY, t)
    expect(await stored()).toBe(t + CAP)
    expect((await capped.read(t)).pausedUntil).toBe(t + CAP)
    // As an older version (no cap) left it: a day stored. Cut where it is kept, so it ends at one moment.
    await pool.query(`update hub_budget_state set paused_until = $1 where account = 'account-capped'`, [t + DAY])
    expect((await capped.read(t + 1_000)).pausedUntil).toBe(t + 1_000 + CAP)
    expect((await capped.read(t + 5_000)).pausedUntil).toBe(t + 1_000 + CAP)
    expect(await stored()).toBe(t + 1_000 + CAP)
    await pool.query(`update hub_budget_state set paused_until = $1 where account = 'account-capped'`, [t + DAY])
    await capped.pause(t + 2_000, t + 2_000)
    expect(await stored()).toBe(t + 2_000 + CAP)
    // A pause within the cap still never shortens a longer one in force.
    await capped.pause(t + 3_000, t + 2_000)
    expect(await stored()).toBe(t + 2_000 + CAP)
  })

  it("two clients at the hub's own limit: 0 × 429 through one budget in PostgreSQL", async () => {
    const WINDOW = 500
    const LIMIT = 5
    const limits = { ...FAST, [BUCKET]: { limit: LIMIT, windowMs: WINDOW } }
    hub.reset()
    hub.upsertProducts(SKUS.map((sku) => ({ sku, qty: 1, name: sku, price: 10 })))
    hub.setRateLimits(limits)
    const options = { baseUrl: hub.url, ...hub.credentials, sandbox: true, rateLimits: limits, rateLimitPauseMs: WINDOW, maxRetries: 10 }
    const pair = [0, 1].map(() => new HubClient(options, undefined, new PostgresBudgetStore(knexLike(pool), hubAccountKey(options))))
    clients.push(...pair)

    const outcomes = await Promise.all(
      pair.flatMap((client, c) => Array.from({ length: 15 }, (_, i) => client.updateProduct(SKUS[i % SKUS.length], { qty: c * 1000 + i }).then(() => true, () => false)))
    )
    const log = hub.requestLog().filter((entry) => entry.bucket === BUCKET)
    expect(outcomes.filter(Boolean)).toHaveLength(30)
    expect(log.filter((entry) => entry.status === 429)).toEqual([])
    expect(pair.every((client) => client.figures().budget === "shared")).toBe(true)
  })
})
