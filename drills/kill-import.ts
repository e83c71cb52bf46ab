/*
 * Drill: SIGKILL during a big order import. The production shape as real processes
 * (integration-tests/helpers/store-processes.ts); the import runs in a `medusa start` server
 * (POST /admin/hub/import-runs), which is killed with SIGKILL KILLS times (20, --quick 3) at random
 * points of a ORDERS-order import (500, --quick 100), restarted at once, and asked again (409 while
 * the dead holder's lock lives, at most 60 s). Then imports run until every order is in.
 * Goals: hub orders lost 0, duplicated 0, lines reserved exactly once, none set aside.
 *   node -r ts-node/register drills/kill-import.ts [--quick]
 */
import { setTimeout as sleep } from "node:timers/promises"
import jwt from "jsonwebtoken"
import { sampleTestOrder } from "../src/sandbox"
import { mulberry32 } from "../src/sandbox/traffic"
import { auditHubOrders } from "../integration-tests/helpers/store-audit"
import { type StoreProcess, StoreProcesses, waitFor } from "../integration-tests/helpers/store-processes"
import { DrillReport, log as logger, QUICK, runDrill } from "./lib/figures"
import { lostHubOrders } from "./lib/orders-check"

const DRILL = "kill-import"
const log = logger(DRILL)
const ORDERS = Number(process.env.DRILL_KILL_ORDERS ?? (QUICK ? 100 : 500))
const KILLS = Number(process.env.DRILL_KILLS ?? (QUICK ? 3 : 20))
const SKUS = Array.from({ length: 20 }, (_, index) => `KI-${String(index + 1).padStart(2, "0")}`)
const draw = mulberry32(23)
const random = (below: number) => Math.floor(draw() * below)

async function main(): Promise<DrillReport> {
  const report = new DrillReport(DRILL)
  log("setting up the store's database and its server process")
  const store = await StoreProcesses.setUp({
    name: "drill-kill-import",
    products: SKUS.map((sku) => ({ sku, stocked: ORDERS * 10 })),
    // The scheduled jobs would import on their own: here only the killed server imports.
    env: { HUB_JOBS: "false" },
  })
  try {
    const sql = store.sql
    const server = await store.add("server", "server")
    await server.start()
    // An admin's bearer token, signed with the store's secret (medusa-config.ts's default in this repository).
    const token = jwt.sign({ actor_id: "user_drill", actor_type: "user", auth_identity_id: "authid_drill" }, process.env.JWT_SECRET || "supersecret")
    const codes = Array.from({ length: ORDERS }, (_, index) =>
      store.hub.createOrder(sampleTestOrder({ channel: "Kill Import", items: [{ id: SKUS[index % SKUS.length], qty: 1 + (index % 3) }] })).code
    )
    const count = async (query: string) => Number((await sql<{ count: string }>(query))[0].count)
    const imported = () => count("select count(*) from hub_order where order_id is not null and deleted_at is null")
    const runsBegun = () => count("select count(*) from hub_import_run")

    let kills = 0
    let restartsMs = 0
    const step = Math.max(1, Math.floor(ORDERS / (KILLS + 1)))
    while (kills < KILLS && (await imported()) < ORDERS) {
      if (!server.pid) {
        const restarting = Date.now()
        await server.start()
        restartsMs += Date.now() - restarting
      }
      const runsBefore = await runsBegun()
      const importing = importUntilRunning(server, token)
      await waitFor("an import run to begin", async () => ((await runsBegun()) > runsBefore ? true : undefined), 3 * 60_000, 100)
      const before = await imported()
      // Most kills after some orders went in (mid-order, wherever the poll lands); every fourth
      // within the first 1.5 s of the run (the statuses, the listing, the first order).
      if (kills % 4 === 3) await sleep(random(1_500))
      else {
        const target = Math.min(ORDERS, before + 1 + random(step))
        await waitFor("orders to go in", async () => ((await imported()) >= target || importing.done ? true : undefined), 5 * 60_000, 50)
      }
      // The run ended on its own (orders another run had claimed wait out their lease): ask again.
      if (importing.done) continue
      await server.kill("SIGKILL")
      kills++
      log(`kill ${kills}/${KILLS} at ${await imported()} of ${ORDERS} imported`)
    }

    log("after the kills: importing until every order is in (an order the dead server had claimed waits out its 60 s lease)")
    const finalStartedAt = Date.now()
    if (!server.pid) await server.start()
    await waitFor(
      "every order imported",
      async () => {
        if ((await imported()) === ORDERS) return true
        await importOnce(server, token)
        return undefined
      },
      4 * 60_000,
      2_000
    ).catch((error) => log((error as Error).message))
    const finalMs = Date.now() - finalStartedAt

    const audit = await auditHubOrders(sql)
    const lost = await lostHubOrders(sql, codes)
    const setAside = await store.sql<{ code: string; set_aside_reason: string }>("select code, set_aside_reason from hub_order where import_state = 'set_aside'")
    report.note(`${ORDERS} orders, ${kills} kills (mean restart ${(restartsMs / Math.max(1, kills) / 1000).toFixed(0)} s); the last orders in ${(finalMs / 1000).toFixed(0)} s after the last kill`)
    for (const line of [...lost, ...audit.duplicated, ...audit.unrecorded, ...audit.unreserved, ...audit.reservedMismatch, ...setAside.map((row) => `${row.code}: ${row.set_aside_reason}`)].slice(0, 10)) {
      report.note(`wrong: ${line}`)
    }
    report.equal("kills during the import", kills, KILLS)
    report.equal("hub orders lost", lost.length, 0, `of ${ORDERS}`)
    report.equal("hub orders duplicated", audit.duplicated.length + audit.unrecorded.length, 0)
    report.equal("lines not reserved exactly once", audit.unreserved.length + audit.reservedMismatch.length, 0)
    report.equal("hub orders set aside", setAside.length, 0)
    return report
  } finally {
    await store.tearDown()
  }
}

/** POST /admin/hub/import-runs: the run's summary, or null when another holds the import (409) or the server went away. */
async function importOnce(server: StoreProcess, token: string): Promise<unknown | null> {
  const response = await fetch(`http://127.0.0.1:${server.port}/admin/hub/import-runs`, { method: "POST", headers: { authorization: `Bearer ${token}` } }).catch(() => null)
  if (!response || response.status !== 200) return null
  return ((await response.json()) as { import_run: unknown }).import_run
}

/** Asks for an import every second while the dead holder's lock lives; `done` once a run ended on its own. */
function importUntilRunning(server: StoreProcess, token: string): { done: boolean } {
  const state = { done: false }
  void (async () => {
    while (server.pid) {
      const started = Date.now()
      if ((await importOnce(server, token)) !== null) {
        state.done = true
        return
      }
      // A 409 comes at once; a run killed under the request ends it too.
      if (Date.now() - started > 1_000 || !server.pid) return
      await sleep(1_000)
    }
  })()
  return state
}

runDrill(main)
