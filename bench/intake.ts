/*
 * bench/intake: order intake at marketplace scale (issue 13), listing and queue, against the sandbox
 * hub over HTTP with the published limits (orders listing, order GET and each queue bucket 1/s, on
 * both sides).
 *
 *   npm run bench:intake [-- --quick]
 *
 * Scale: new orders arrive at the real rate of 20,000 a day (a Poisson stream, one every 4.3 s on
 * average) for BENCH_INTAKE_MINUTES per phase (5; --quick 2): nothing is compressed, so latencies
 * are wall-clock. The window's backlog, BENCH_INTAKE_BACKLOG orders (50,000; --quick 5,000), is
 * placed 2 to 7 UTC days back (older than a recent listing run reads, inside the look-back window:
 * what lingers APPROVED or CANCELED for days), recorded in the store as already imported and out of
 * the queue, as a consumer left them. The bench drives the scheduled job's drivers itself, once a
 * minute as the job does:
 *   the process's first listing run, which reads the whole window (as one does every
 *   importFullWindowEveryMinutes); B. listing, the backlog in the window; A. listing, nothing in the
 *   window (the hub reset); C. queue, the backlog in the window again
 * and prints hub requests per run and per new order and new order -> reserved Medusa order p50/p95.
 * Goals: queue p95 <= 10 s and <= 2 hub requests per new order; listing requests per run the same
 * with the backlog as without.
 */
import { HUB_MODULE } from "../src/modules/hub"
import type HubModuleService from "../src/modules/hub/service"
import { setTimeout as sleep } from "node:timers/promises"
import { STANDARD_STATUS_CODES } from "../src/hub-client"
import { mulberry32 } from "../src/sandbox/traffic"
import { sampleTestOrder, type SandboxRequestLogEntry } from "../src/sandbox"
import { runOrderImport } from "../src/sync/orders/order-listing"
import { consumeOrderQueue, QUEUE_JOB_INTERVAL_MS } from "../src/sync/orders/order-queue"
import { seedStore } from "../integration-tests/helpers/store"
import { figure, info, percentile } from "./lib/figures"
import { bootStore, connect, control, recreateDatabase, requestLog, runBench, startSandbox, type SandboxProcess } from "./lib/store"

const QUICK = process.argv.includes("--quick")
const MINUTES = Number(process.env.BENCH_INTAKE_MINUTES ?? (QUICK ? 2 : 5))
const BACKLOG = Number(process.env.BENCH_INTAKE_BACKLOG ?? (QUICK ? 5_000 : 50_000))
const ORDERS_PER_DAY = 20_000
const DATABASE = process.env.BENCH_DATABASE ?? "medusa_hub_bench_intake"
const DAY_MS = 86_400_000
/** The listing's job `hub-import-orders` ticks every minute; the queue's job every QUEUE_JOB_INTERVAL_MS. */
const TICK_MS = 60_000
/** Arrivals come from their own channel, so their codes never meet the backlog's. */
const ARRIVALS_CHANNEL = "Bench Arrivals"
const SKUS = ["INTAKE-1", "INTAKE-2", "INTAKE-3", "INTAKE-4"]
/** The buckets order intake spends (a stock push or an order move would not count). */
const INTAKE_BUCKETS = new Set(["GET /orders", "GET /orders/{code}", "GET /statuses", "GET /queues", "DELETE /queues"])
/** In queue intake the listing runs every queueListingEveryMinutes (default 30), each reading the whole window. */
const QUEUE_LISTING_EVERY_MINUTES = 30

const log = (message: string) => console.error(`[bench:intake] ${message}`)

type Run = { startedAt: number; endedAt: number; requests: number; seen: number }
type Phase = {
  name: string
  runs: Run[]
  placed: number
  requests: SandboxRequestLogEntry[]
  latenciesMs: number[]
}

async function main() {
  await recreateDatabase(DATABASE)
  const sandbox = await startSandbox([])
  let shutdown: (() => Promise<void>) | undefined
  try {
    log("booting the store")
    const store = await bootStore(DATABASE, sandbox)
    shutdown = store.shutdown
    const { container } = store
    await seedStore(container, { products: SKUS.map((sku) => ({ sku, stocked: 1_000_000 })) })
    const products = SKUS.map((sku) => ({ sku, qty: 1_000_000, name: `Produto ${sku}`, price: 49.9 }))
    await control(sandbox, "POST", "/products", products)
    const random = mulberry32(13)

    await seedBacklog(sandbox, { inStore: true })
    log(`the process's first listing run reads the whole window: ${BACKLOG} orders at 1 request/s`)
    const fullWindow = await measured(sandbox, () => runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")))
    const listingBacklog = await phase("B listing", sandbox, random, () => runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")))
    // Nothing in the window: the hub starts again (the store's records of the backlog stay, unread).
    await control(sandbox, "POST", "/reset")
    await control(sandbox, "POST", "/products", products)
    const listingEmpty = await phase("A listing", sandbox, random, () => runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")))
    // The backlog again (the same codes: the store holds them); a consumer took every earlier order off the queue.
    await seedBacklog(sandbox, { inStore: false })
    await control(sandbox, "DELETE", "/queue")
    const queue = await phase("C queue", sandbox, random, () => consumeOrderQueue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"), { stopWhenEmpty: false }), QUEUE_JOB_INTERVAL_MS)

    console.log(
      `# bench/intake — ${new Date().toISOString()}, ${require("node:os").cpus().length} CPUs, load ${require("node:os").loadavg()[0].toFixed(1)}; ` +
        `arrivals at ${ORDERS_PER_DAY}/day for ${MINUTES} min per phase; backlog ${BACKLOG} orders placed 2-7 days back; hub limits 1/s`
    )
    const perRun = (p: Phase) => mean(p.runs.map((run) => run.requests))
    const runsOf = (p: Phase) => `${p.runs.length} runs: ${p.runs.map((run) => run.requests).join(", ")} requests`
    info("intake listing: hub requests per run, nothing in the window", perRun(listingEmpty).toFixed(2), runsOf(listingEmpty))
    info(`intake listing: hub requests per run, ${BACKLOG} in the window`, perRun(listingBacklog).toFixed(2), runsOf(listingBacklog))
    figure(`intake listing: requests per run with ${BACKLOG} in the window / with none`, perRun(listingBacklog) / perRun(listingEmpty), { at: "<=", target: 1.1 })
    for (const p of [listingEmpty, listingBacklog]) {
      info(`intake listing (${p.name}): hub requests per new order`, (p.requests.length / p.placed).toFixed(2), `${p.requests.length} requests, ${p.placed} new orders`)
      info(`intake listing (${p.name}): new order -> reserved p50 / p95`, `${seconds(percentile(p.latenciesMs, 0.5))} / ${seconds(percentile(p.latenciesMs, 0.95))} s`)
    }
    info(
      `intake listing: full-window run with ${BACKLOG} in the window (a process's first, then every importFullWindowEveryMinutes)`,
      `${fullWindow.requests} requests in ${seconds(fullWindow.ms)} s`,
      "new orders wait for the lock meanwhile"
    )
    // A GET /queues either hands out an order (counted as seen by the run) or finds the queue empty.
    // Per order: the GET that hands it out and its acknowledgement; per minute: empty polls and the
    // status catalogue read at each run's start.
    const handedOut = queue.runs.reduce((sum, run) => sum + run.seen, 0)
    const acknowledgements = queue.requests.filter((entry) => entry.bucket === "DELETE /queues").length
    const emptyPolls = queue.requests.filter((entry) => entry.bucket === "GET /queues").length - handedOut
    const consumingMinutes = queue.runs.reduce((sum, run) => sum + (run.endedAt - run.startedAt), 0) / 60_000
    const safetyNetPerOrder = fullWindow.requests / ((ORDERS_PER_DAY * QUEUE_LISTING_EVERY_MINUTES) / 1440)
    figure("intake queue: hub requests per new order", (handedOut + acknowledgements) / queue.placed, { at: "<=", target: 2 }, {
      detail: `${handedOut} GET /queues handing one out, ${acknowledgements} DELETE /queues; ${queue.placed} new orders`,
    })
    info(
      "intake queue: hub requests per minute of consuming besides",
      ((queue.requests.length - handedOut - acknowledgements) / consumingMinutes).toFixed(1),
      `${emptyPolls} empty polls, ${countBy(queue.requests.filter((entry) => entry.bucket === "GET /statuses"))}, in ${consumingMinutes.toFixed(1)} min`
    )
    info(
      "intake queue: all hub requests per new order, those included",
      (queue.requests.length / queue.placed).toFixed(2),
      `at 20,000/day one order comes every 4.3 s; the consumer asks about once a second while the queue is empty`
    )
    info(
      "intake queue: + the safety-net listing per new order",
      safetyNetPerOrder.toFixed(2),
      `a full-window run (${fullWindow.requests} requests, ${seconds(fullWindow.ms)} s) every ${QUEUE_LISTING_EVERY_MINUTES} min, at ${ORDERS_PER_DAY}/day; ` +
        "in a job of its own (hub-import-orders), beside the consumer's"
    )
    info("intake queue: new order -> reserved p50", `${seconds(percentile(queue.latenciesMs, 0.5))} s`)
    figure("intake queue: new order -> reserved p95", percentile(queue.latenciesMs, 0.95) / 1000, { at: "<=", target: 10, unit: "s" }, {
      detail: `max ${seconds(queue.latenciesMs.at(-1) ?? Infinity)} s, ${runsOf(queue)}`,
    })
  } finally {
    await shutdown?.().catch(() => undefined)
    sandbox.child.kill("SIGTERM")
  }
}

/**
 * One phase: the job's driver every minute (a run longer than its minute skips the ticks it
 * overlaps, as the job's lock makes it), new orders arriving meanwhile; then until every one is
 * reserved (at most three more ticks). Requests are the sandbox's log of the intake buckets.
 */
async function phase(
  name: string,
  sandbox: SandboxProcess,
  random: () => number,
  drive: () => Promise<{ seen: number } | null>,
  tickMs = TICK_MS
): Promise<Phase> {
  log(`${name}: ${MINUTES} min of arrivals`)
  await control(sandbox, "DELETE", "/requests")
  const startedAt = Date.now()
  const arrivalsEnd = startedAt + MINUTES * 60_000
  const placed = new Map<string, number>()
  const runs: Array<{ startedAt: number; endedAt: number; seen: number }> = []
  let done = false

  const ticking = (async () => {
    let tickAt = startedAt
    while (!done) {
      const run = { startedAt: Date.now(), endedAt: 0, seen: 0 }
      run.seen = ((await drive()) as { seen?: number } | null)?.seen ?? 0
      run.endedAt = Date.now()
      runs.push(run)
      while (tickAt <= Date.now()) tickAt += tickMs
      while (!done && Date.now() < tickAt) await sleep(Math.min(500, tickAt - Date.now()))
    }
  })()

  const meanGapMs = DAY_MS / ORDERS_PER_DAY
  for (let at = startedAt - Math.log(1 - random()) * meanGapMs; at < arrivalsEnd; at -= Math.log(1 - random()) * meanGapMs) {
    if (at > Date.now()) await sleep(at - Date.now())
    // A channel per phase: the sandbox numbers codes again after a reset.
    const order = sampleTestOrder({ channel: `${ARRIVALS_CHANNEL} ${name[0]}`, items: [{ id: SKUS[placed.size % SKUS.length], qty: 1 }] })
    const created = await control(sandbox, "POST", "/orders", order)
    placed.set(created.code, Date.parse(created.placed_at))
  }
  if (Date.now() < arrivalsEnd) await sleep(arrivalsEnd - Date.now())

  const pg = await connect(DATABASE)
  const reserved = new Map<string, number>()
  const deadline = arrivalsEnd + 3 * TICK_MS
  while (reserved.size < placed.size && Date.now() < deadline) {
    const { rows } = await pg.query("select code, imported_at from hub_order where code = any($1) and imported_at is not null", [[...placed.keys()]])
    for (const row of rows) reserved.set(row.code, new Date(row.imported_at).getTime())
    if (reserved.size < placed.size) await sleep(500)
  }
  await pg.end()
  done = true
  await ticking
  const endedAt = Date.now()

  const requests = (await requestLog(sandbox)).filter((entry) => INTAKE_BUCKETS.has(entry.bucket) && entry.at >= startedAt && entry.at <= endedAt)
  const latenciesMs = [...placed].map(([code, at]) => (reserved.has(code) ? reserved.get(code)! - at : Number.POSITIVE_INFINITY)).sort((a, b) => a - b)
  log(`${name}: ${placed.size} new orders, ${reserved.size} reserved, ${runs.length} runs, ${requests.length} intake requests`)
  return {
    name,
    placed: placed.size,
    requests,
    latenciesMs,
    runs: runs.map((run) => ({ ...run, requests: requests.filter((entry) => entry.at >= run.startedAt && entry.at <= run.endedAt).length })),
  }
}

/** The backlog on the hub (out of the queue) and in the store (imported, as NEW), by SQL: seconds, not hours. */
async function seedBacklog(sandbox: SandboxProcess, { inStore }: { inStore: boolean }) {
  if (BACKLOG === 0) return
  log(`seeding ${BACKLOG} orders placed 2-7 days back`)
  const { codes } = await control(sandbox, "POST", "/orders/seed", {
    count: BACKLOG,
    days: 6,
    // The end of the day before yesterday: 2-7 days back, at most 10,000 a day (the listing's index depth).
    endAt: new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS - 1).toISOString(),
    queued: false,
  })
  if (!inStore) return
  const pg = await connect(DATABASE)
  await pg.query(
    `insert into hub_order (id, code, channel, status_code, status_type, import_state, payload_digest, order_id, applied_status_type, imported_at, attempts)
     select 'hubord_bench' || n, code, 'Sandbox Marketplace', $2, 'NEW', 'imported', 'bench', 'order_bench' || n, 'NEW', now(), 1
     from unnest($1::text[]) with ordinality as seeded(code, n)`,
    [codes, STANDARD_STATUS_CODES.NEW]
  )
  await pg.end()
}

/** The intake requests a single run made, and how long it took. */
async function measured(sandbox: SandboxProcess, run: () => Promise<unknown>): Promise<{ requests: number; ms: number }> {
  await control(sandbox, "DELETE", "/requests")
  const started = Date.now()
  await run()
  const ms = Date.now() - started
  return { requests: (await requestLog(sandbox)).filter((entry) => INTAKE_BUCKETS.has(entry.bucket)).length, ms }
}

/** "40 GET /queues, 12 DELETE /queues, ..." */
function countBy(entries: SandboxRequestLogEntry[]): string {
  const counts = new Map<string, number>()
  for (const entry of entries) counts.set(entry.bucket, (counts.get(entry.bucket) ?? 0) + 1)
  return [...counts].map(([bucket, count]) => `${count} ${bucket}`).join(", ")
}

const mean = (values: number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : Number.NaN)
const seconds = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(1) : "never")

runBench(main)
