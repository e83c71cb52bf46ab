/*
 * bench/backlog: a backlog of hub orders imported by the store in its production shape (a server and
 * N workers on PostgreSQL and Redis, the plugin's jobs on, listing intake; the sandbox hub at its
 * published limits), once with one worker and once with two, on fresh databases (issue 19).
 *
 *   node -r ts-node/register bench/backlog.ts [--quick]
 *
 * BENCH_BACKLOG orders (10,000; --quick 1,500) are placed at once on the hub; the clock runs from
 * then until every one is a Medusa order with its stock reserved. Prints orders/s with each worker
 * count, two workers / one (goal >= 1.5), the backlog's time with two (goal <= 8 minutes), hub
 * requests per imported order and 429 answers (goal 0). Each imported order is then audited:
 * none duplicated, none lost, every line reserved once.
 */
import fs from "node:fs"
import os from "node:os"
import { sampleTestOrder } from "../src/sandbox"
import { auditHubOrders } from "../integration-tests/helpers/store-audit"
import { StoreProcesses, waitFor } from "../integration-tests/helpers/store-processes"
import { figure, info } from "./lib/figures"
import { runBench } from "./lib/store"

const QUICK = process.argv.includes("--quick")
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? (QUICK ? 1_500 : 10_000))
const SKUS = Array.from({ length: 20 }, (_, index) => `BL-${String(index + 1).padStart(2, "0")}`)
const log = (message: string) => console.error(`[bench:backlog] ${message}`)

type Result = { workers: number; seconds: number; requests: number; rateLimited: number; wrong: number; imported: number; cpuBusy: number }

/** The machine's CPU time so far (/proc/stat's first line, in ticks): busy and all. */
function cpuTicks(): { busy: number; all: number } {
  const [, ...fields] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/)
  const ticks = fields.map(Number)
  const idle = ticks[3] + (ticks[4] ?? 0)
  const all = ticks.reduce((sum, value) => sum + value, 0)
  return { busy: all - idle, all }
}

async function importBacklog(workers: number): Promise<Result> {
  const store = await StoreProcesses.setUp({
    name: `bench-backlog-${workers}`,
    products: SKUS.map((sku) => ({ sku, stocked: BACKLOG * 10 })),
    env: { LOG_LEVEL: "warn", HUB_ORDER_INTAKE: "listing" },
  })
  try {
    await store.add("server", "server")
    for (let n = 1; n <= workers; n++) await store.add(`worker-${n}`, "worker")
    await store.startAll()
    const imported = async () => Number((await store.sql<{ count: string }>(`select count(*) from hub_order where import_state = 'imported'`))[0].count)
    log(`${workers} worker(s): waiting for the boot's first listing`)
    await waitFor("the first listing run", async () => ((await store.sql(`select 1 from hub_import_run where finished_at is not null limit 1`)).length ? true : undefined), 3 * 60_000, 1_000)
    const relayedBefore = store.relayed.length
    store.hub.resetRequestLog()

    const started = Date.now()
    const cpuBefore = cpuTicks()
    for (let index = 0; index < BACKLOG; index++) {
      const customer = { ...sampleTestOrder().customer, name: `Cliente ${index}`, email: `backlog-${index}@bench.example` }
      store.hub.createOrder(sampleTestOrder({ channel: "Backlog", customer, items: [{ id: SKUS[index % SKUS.length], qty: 1 }, { id: SKUS[(index + 7) % SKUS.length], qty: 1 }] }))
    }
    log(`${workers} worker(s): ${BACKLOG} orders placed`)
    let shown = 0
    await waitFor(
      "every order imported",
      async () => {
        const count = await imported()
        if (count - shown >= BACKLOG / 10) log(`${workers} worker(s): ${(shown = count)} imported after ${((Date.now() - started) / 1000).toFixed(0)} s`)
        return count >= BACKLOG ? true : undefined
      },
      40 * 60_000,
      250
    )
    const seconds = (Date.now() - started) / 1000
    const cpuAfter = cpuTicks()
    const audit = await auditHubOrders(store.sql)
    const intake = store.relayed.slice(relayedBefore).filter((request) => /^(GET \/orders|GET \/statuses)/.test(`${request.method} ${request.path}`))
    const counters = store.hub.counters()
    return {
      workers,
      seconds,
      requests: intake.length,
      rateLimited: counters.byStatus["429"] ?? 0,
      wrong: audit.duplicated.length + audit.unrecorded.length + audit.unreserved.length + audit.reservedMismatch.length,
      imported: await imported(),
      cpuBusy: (cpuAfter.busy - cpuBefore.busy) / (cpuAfter.all - cpuBefore.all),
    }
  } finally {
    await store.tearDown()
  }
}

async function main() {
  const one = await importBacklog(1)
  const two = await importBacklog(2)
  console.log(`# bench/backlog — ${new Date().toISOString()}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}; ${BACKLOG} orders of 2 items placed at once, listing intake, production shape (a server + workers, PostgreSQL, Redis)`)
  for (const result of [one, two]) {
    info(
      `backlog: ${result.workers} worker(s)`,
      `${(result.imported / result.seconds).toFixed(1)} orders/s`,
      `${result.imported} orders in ${result.seconds.toFixed(0)} s; the machine's CPUs ${(result.cpuBusy * 100).toFixed(0)}% busy (every process: workers, server, PostgreSQL, Redis, the hub)`
    )
  }
  figure("backlog: two workers / one (orders/s)", one.seconds / two.seconds, { at: ">=", target: 1.5 })
  // The goal is for 10,000 orders: a smaller run is projected at its own rate.
  figure(
    BACKLOG === 10_000 ? "backlog: 10,000 orders with two workers" : `backlog: 10,000 orders with two workers (projected from ${BACKLOG} at ${(two.imported / two.seconds).toFixed(1)}/s)`,
    (two.seconds / 60) * (10_000 / BACKLOG),
    { at: "<=", target: 8, unit: "min" }
  )
  figure("backlog: intake hub requests per imported order (two workers)", two.requests / two.imported, { at: "<=", target: 0.1 }, { digits: 3 })
  figure("backlog: 429 answers", one.rateLimited + two.rateLimited, { at: "<=", target: 0 }, { digits: 0 })
  figure("backlog: orders duplicated, unrecorded or not reserved once", one.wrong + two.wrong, { at: "<=", target: 0 }, { digits: 0 })
}

runBench(main)
