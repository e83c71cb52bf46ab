/*
 * Drill: two workers on one hub account. The production shape as real processes (one `medusa
 * start` server, two workers, PostgreSQL and Redis: Medusa's event bus, workflow engine, locking
 * and the plugin's shared hub budget, integration-tests/helpers/store-processes.ts), the plugin's
 * jobs on, the sandbox hub counting at the limits the store is configured with. Marketplaces place
 * ORDERS orders while a separate process rewrites every SKU's stock; both workers import and push.
 * Goals: hub orders duplicated 0 (and lost 0, lines reserved exactly once), 429s 0, requests in the
 * busiest window of each bucket <= its limit, both workers sending, SKUs differing at the end 0.
 *   node -r ts-node/register drills/two-workers.ts [--quick]
 */
import { DEFAULT_RATE_LIMITS } from "../src/hub-client/endpoints"
import { sampleTestOrder } from "../src/sandbox"
import { auditHubOrders, availableBySku } from "../integration-tests/helpers/store-audit"
import { StoreProcesses, waitFor } from "../integration-tests/helpers/store-processes"
import { DrillReport, log as logger, QUICK, runDrill } from "./lib/figures"
import { lostHubOrders } from "./lib/orders-check"

const DRILL = "two-workers"
const log = logger(DRILL)
const ORDERS = QUICK ? 60 : 200
const SKUS = Array.from({ length: QUICK ? 60 : 150 }, (_, index) => `TW-${String(index + 1).padStart(3, "0")}`)
const STOCKED = 1_000
const WORKERS = ["worker-1", "worker-2"]

async function main(): Promise<DrillReport> {
  const report = new DrillReport(DRILL)
  log(`setting up the store's database and processes (a server, ${WORKERS.join(", ")})`)
  const store = await StoreProcesses.setUp({ name: "drill-two-workers", products: SKUS.map((sku) => ({ sku, stocked: STOCKED })) })
  try {
    await store.add("server", "server")
    for (const label of WORKERS) await store.add(label, "worker")
    await store.startAll()
    const sql = store.sql
    const differing = async () => {
      const available = await availableBySku(sql)
      return SKUS.filter((sku) => store.hub.getProduct(sku)?.qty !== available.get(sku))
    }
    log("waiting for the boot reconciliation to put the seeded stock on the hub")
    await waitFor("the seeded stock on the hub", async () => ((await differing()).length === 0 ? true : undefined), 3 * 60_000, 1_000)
    store.hub.resetRequestLog()
    const relayedBefore = store.relayed.length

    const started = Date.now()
    const codes = Array.from({ length: ORDERS }, (_, index) =>
      store.hub.createOrder(sampleTestOrder({ channel: "Two Workers", items: [{ id: SKUS[index % SKUS.length], qty: 1 + (index % 2) }] })).code
    )
    log(`${ORDERS} orders placed; rewriting the stock of ${SKUS.length} SKUs from a separate process`)
    await store.setStock(SKUS.map((sku, index) => ({ sku, stocked: STOCKED + 10 + index })))
    const importedCount = async () => Number((await store.sql<{ count: string }>("select count(*) from hub_order where order_id is not null"))[0].count)
    await waitFor(
      "every order imported and every SKU's hub quantity equal to Medusa's",
      async () => ((await importedCount()) === ORDERS && (await differing()).length === 0 ? true : undefined),
      5 * 60_000,
      1_000
    ).catch((error) => log((error as Error).message))
    const tookMs = Date.now() - started

    const audit = await auditHubOrders(sql)
    const lost = await lostHubOrders(sql, codes)
    const requests = store.hub.requestLog()
    const counters = store.hub.counters()
    const busiest = new Map<string, number>()
    const perWindow = new Map<string, number>()
    for (const request of requests) {
      const key = `${request.bucket}@${Math.floor(request.at / 1000)}`
      perWindow.set(key, (perWindow.get(key) ?? 0) + 1)
      busiest.set(request.bucket, Math.max(busiest.get(request.bucket) ?? 0, perWindow.get(key)!))
    }
    const senders = new Set(store.relayed.slice(relayedBefore).map((request) => request.label).filter((label) => label && WORKERS.includes(label)))
    const stillDiffering = await differing()

    report.note(`${ORDERS} orders and ${SKUS.length} stock changes handled in ${(tookMs / 1000).toFixed(0)} s; hub answers: ${JSON.stringify(counters.byStatus)}`)
    for (const line of [...audit.duplicated, ...audit.unreserved, ...audit.reservedMismatch, ...stillDiffering].slice(0, 10)) report.note(`wrong: ${line}`)
    report.equal("hub orders duplicated", audit.duplicated.length + audit.unrecorded.length, 0)
    report.equal("hub orders lost", lost.length, 0, `of ${ORDERS}`)
    report.equal("lines not reserved exactly once", audit.unreserved.length + audit.reservedMismatch.length, 0)
    report.equal("429 answers", counters.byStatus["429"] ?? 0, 0, `of ${requests.length} requests`)
    report.equal("requests inside a 429 window", counters.insideRefusalWindow, 0)
    for (const [bucket, count] of busiest) {
      const { limit } = DEFAULT_RATE_LIMITS[bucket] ?? { limit: Infinity }
      report.atMost(`busiest ${bucket} window`, count, limit)
    }
    report.equal("workers sending to the hub", senders.size, WORKERS.length)
    report.equal("SKUs differing at the end", stillDiffering.length, 0, `of ${SKUS.length}`)
    return report
  } finally {
    await store.tearDown()
  }
}

runDrill(main)
