/*
 * bench/budget: what one send costs the store that keeps the hub's request budget: this process's
 * memory, Redis, or PostgreSQL (the default without Redis). Each send reads the shared state, takes a
 * slot and settles it (rate-limit.ts), so BENCH_BUDGET_SENDS (2,000) such rounds, one after the other,
 * against Redis at HUB_TEST_REDIS_URL (redis://127.0.0.1:6379) and a PostgreSQL database of its own.
 *
 *   npm run bench:budget
 *
 * Prints milliseconds per send for each, no goal: the hub's limits (9 PUT/s) leave each send at least
 * 110 ms, so a few milliseconds are the price of never exceeding them with several processes.
 */
import { randomUUID } from "node:crypto"
import { Pool } from "pg"
import { MemoryBudgetStore, type HubBudgetStore } from "../src/hub-client/budget-store"
import { RedisBudgetStore } from "../src/hub-client/redis-budget-store"
import { Migration20261123130000 } from "../src/modules/hub/migrations/Migration20261123130000"
import { PostgresBudgetStore } from "../src/modules/hub/repositories/hub-budget"
import { info } from "./lib/figures"
import { connect, db, recreateDatabase, runBench } from "./lib/store"

const SENDS = Number(process.env.BENCH_BUDGET_SENDS ?? 2_000)
const REDIS_URL = process.env.HUB_TEST_REDIS_URL ?? "redis://127.0.0.1:6379"
const DATABASE = "medusa_hub_bench_budget"

async function main() {
  await recreateDatabase(DATABASE)
  const pg = await connect(DATABASE)
  const migration = new Migration20261123130000({} as never, {} as never)
  await migration.up()
  for (const sql of migration.getQueries()) await pg.query(String(sql))
  await pg.end()
  const pool = new Pool({ ...db, database: DATABASE, max: 2 })
  const knexLike = {
    raw: (sql: string, bindings: unknown[]) => {
      let n = 0
      return pool.query(sql.replace(/\?/g, () => `$${++n}`), bindings)
    },
  }
  const redis = new RedisBudgetStore({ url: REDIS_URL, keyPrefix: `bench-budget:${process.pid}` })
  await redis.ready()
  console.log(`# bench/budget — ${new Date().toISOString()}, ${require("node:os").cpus().length} CPUs, load ${require("node:os").loadavg()[0].toFixed(1)}; ${SENDS} sends each`)
  for (const [name, store] of [["memory (one process)", new MemoryBudgetStore()], ["Redis", redis], ["PostgreSQL", new PostgresBudgetStore(knexLike, `bench-${process.pid}`)]] as const) {
    const started = process.hrtime.bigint()
    for (let i = 0; i < SENDS; i++) await send(store)
    const ms = Number(process.hrtime.bigint() - started) / 1e6
    info(`budget: one send's read, take and settle, ${name}`, `${(ms / SENDS).toFixed(3)} ms`, `${SENDS} in ${ms.toFixed(0)} ms`)
  }
  await redis.close()
  await pool.end()
}

/** One send's work on the store, as the limiter does it (a limit no send here reaches). */
async function send(store: HubBudgetStore) {
  const now = Date.now()
  const token = randomUUID()
  await store.read(now)
  await store.take("PUT /products", token, now, 1_000_000, now + 60_000)
  await store.settle("PUT /products", token, now + 1_000)
}

runBench(main)
