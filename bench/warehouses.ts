/*
 * bench/warehouses: stock per warehouse (issue 62) measured in one run against the sandbox hub over HTTP.
 *
 *   npm run bench:warehouses [-- --quick]     (or npm run bench -- --only=warehouses)
 *
 * Boots the development store (medusa-config.ts, src/) on a fresh PostgreSQL database with three
 * locations mapped to the hub's CDs 01, 02 and 03 (option `warehouses`), the sandbox hub in a child
 * process, and a BENCH_CATALOGUE-SKU catalogue (50,000: BENCH_TEMPLATES made by the store's workflows,
 * the rest copies of them by SQL, bench/lib/clone-catalogue.ts), each SKU stocked at every location
 * (its default CD 98 in step on the hub, the three CDs never told: every SKU of each drifted). Prints:
 *   - the reconciliation (`reconcileCatalogue`, as POST /admin/hub/catalogue/reconcile runs it) until every
 *     CD holds every SKU: POST /stores/{code}/batch requests per 500 drifted SKUs per CD (goal 1.00),
 *     their rate / the stores' limit (POST /stores, 9/s; goal >= 0.90) from the first batch to the last,
 *     the 429s (goal 0), the growth of this process's resident memory over the walk and the drain
 *     (goal <= 64 MB); every CD's stock must equal its location's or the bench fails;
 *   - BENCH_CHANGES stock changes (200), each one SKU at one of the three locations, paced at 5 a
 *     second (below the limit): change -> its CD p95 (goal <= 1.5 s, as the default's), and no other
 *     CD written.
 * The walk's CPU is printed split between the store's process, PostgreSQL's and the sandbox's (where a
 * missed rate's time goes); BENCH_PROFILE=<file> writes the store's CPU profile of the walk.
 * The load average is printed beside the figures (the machine may be shared). `--quick`: a 5,000-SKU
 * catalogue, 50 changes. Database: DB_HOST, DB_PORT, DB_USERNAME, DB_PASSWORD; BENCH_DATABASE (default
 * medusa_hub_bench_warehouses) is dropped and created again. Not part of `npm test`.
 */
import { readdirSync, readFileSync } from "node:fs"
import os from "node:os"
import { setTimeout as sleep } from "node:timers/promises"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../src/modules/hub"
import { DEFAULT_ACCOUNT } from "../src/modules/hub/accounts"
import type HubModuleService from "../src/modules/hub/service"
import type { SandboxRequestLogEntry } from "../src/sandbox"
import { reconcileCatalogue } from "../src/sync/catalogue/catalogue-reconciliation"
import { cloneCatalogue, PRODUCT_TABLES } from "./lib/clone-catalogue"
import { figure, info, percentile } from "./lib/figures"
import { mb, sampleMemory } from "./lib/memory"
import { profiled } from "./lib/profile"
import { bootStore, byStatus, connect, control, recreateDatabase, requestLog, runBench, settled, startSandbox, type SandboxProcess } from "./lib/store"

const QUICK = process.argv.includes("--quick")
const CATALOGUE = Number(process.env.BENCH_CATALOGUE ?? (QUICK ? 5_000 : 50_000))
const TEMPLATES = Number(process.env.BENCH_TEMPLATES ?? 1_000)
const CHANGES = Number(process.env.BENCH_CHANGES ?? (QUICK ? 50 : 200))
const CHANGES_PER_SECOND = 5
const DATABASE = process.env.BENCH_DATABASE ?? "medusa_hub_bench_warehouses"
if (CATALOGUE % TEMPLATES) throw new Error("BENCH_CATALOGUE must be a multiple of BENCH_TEMPLATES")
const WINDOW_MS = 1000
/** The stores' published limit (docs/hub-public-facts.md, *Stock per warehouse*), on both sides. */
const STORES_LIMIT = 9
const RATE_LIMITS = {
  "POST /stores": { limit: STORES_LIMIT, windowMs: WINDOW_MS },
  "PUT /products": { limit: 40, windowMs: WINDOW_MS },
  "GET /products": { limit: 50, windowMs: WINDOW_MS },
}
const BATCH = 500
const CODES = ["01", "02", "03"]
const LOCATIONS = CODES.map((code) => `sloc_01BENCHWAREHOUSE${code}`)
const SKU_PREFIX = "W-"
const SKU_DIGITS = 6
/** A SKU's stock: 10 at the default location, and at CD i's location its own figure, so a quantity sent to the wrong CD shows. */
const stockAt = (sku: number, cd: number) => (sku % 7) + 3 * cd + 1

const log = (message: string) => console.error(`[bench:warehouses] ${message}`)
const skuOf = (n: number) => `${SKU_PREFIX}${String(n).padStart(SKU_DIGITS, "0")}`
const load = () => os.loadavg().map((value) => value.toFixed(1)).join(" / ")
const batchesOf = (entries: SandboxRequestLogEntry[], code: string) => entries.filter((entry) => entry.method === "POST" && entry.path === `/stores/${code}/batch`)
const skusOfBatch = (entry: SandboxRequestLogEntry) => (entry.body as { skus: Array<{ code: string; qty: number }> }).skus

async function main() {
  await recreateDatabase(DATABASE)
  const loadBefore = load()
  const sandbox = await startSandbox(Object.entries(RATE_LIMITS).flatMap(([bucket, { limit, windowMs }]) => ["--rate-limit", `${bucket}=${limit}/${windowMs}`]))
  let shutdown: (() => Promise<void>) | undefined
  try {
    await control(sandbox, "PUT", "/stores", { codes: CODES })
    log("booting the store")
    const store = await bootStore(DATABASE, sandbox, {
      HUB_RATE_LIMITS: JSON.stringify(RATE_LIMITS),
      HUB_WAREHOUSES: JSON.stringify(CODES.map((code, index) => ({ code, stockLocationId: LOCATIONS[index] }))),
    })
    shutdown = store.shutdown
    const container = store.container
    const hub = container.resolve<HubModuleService>(HUB_MODULE)
    await seed(container, hub, sandbox)

    const reconciliation = await measureReconciliation(container, hub, sandbox)
    const changes = await measureChanges(container, hub, sandbox)

    console.log(
      `# bench/warehouses — ${new Date().toISOString()}, ${os.cpus().length} CPUs, load average (1/5/15 min) ${loadBefore} before, ${load()} after; ` +
        `${CATALOGUE} SKUs over ${CODES.length} CDs, POST /stores ${STORES_LIMIT}/s on both sides, warehouseBatchSize ${BATCH}`
    )
    const r = reconciliation
    for (const cd of r.perCd) {
      figure(`warehouses: reconciliation requests per ${BATCH} SKUs, CD ${cd.code}`, cd.batches / Math.ceil(cd.drifted / BATCH), { at: "<=", target: 1 }, {
        detail: `${cd.batches} batches for ${cd.drifted} drifted SKUs; ${byStatus(cd.entries)}`,
      })
    }
    figure("warehouses: reconciliation rate / the stores' limit", r.rateRatio, { at: ">=", target: 0.9 }, {
      detail: `${r.batches} batches in ${(r.drainMs / 1000).toFixed(1)} s from the first to the last, limit ${STORES_LIMIT}/s`,
    })
    figure("warehouses: reconciliation 429 answers", r.rateLimited, { at: "<=", target: 0 }, { digits: 0 })
    figure("warehouses: reconciliation resident memory growth", r.rssGrowthMb, { at: "<=", target: 64, unit: "MB" }, {
      digits: 1,
      detail: `${r.rssBeforeMb.toFixed(0)} MB before, peak ${r.rssPeakMb.toFixed(0)} MB over the walk and the drain; live JS heap +${r.liveHeapGrowthMb.toFixed(1)} MB`,
    })
    info("warehouses: reconciliation walk / until every CD holds every SKU", `${(r.walkMs / 1000).toFixed(1)} s / ${(r.totalMs / 1000).toFixed(1)} s`, r.figures)
    info(
      "warehouses: the walk's CPU (where its time goes)",
      `store ${(r.walkCpu.storeMs / 1000).toFixed(1)} s, PostgreSQL ${(r.walkCpu.postgresMs / 1000).toFixed(1)} s, sandbox ${(r.walkCpu.sandboxMs / 1000).toFixed(1)} s of ${(r.walkMs / 1000).toFixed(1)} s`,
      "each process's user+system CPU over the walk, on 2 cores"
    )
    figure("warehouses: change -> its CD p95", changes.p95Ms / 1000, { at: "<=", target: 1.5, unit: "s" }, {
      detail: `${changes.count} changes at ${CHANGES_PER_SECOND}/s over ${CODES.length} CDs; p50 ${(changes.p50Ms / 1000).toFixed(2)} s, max ${(changes.maxMs / 1000).toFixed(2)} s; ${changes.elsewhere} SKUs sent to another CD`,
    })
  } finally {
    await shutdown?.().catch(() => undefined)
    sandbox.child.kill("SIGTERM")
  }
}

// ---- Setup -------------------------------------------------------------------------------

/**
 * TEMPLATES products by the store's workflows, the three mapped locations linked and stocked, every
 * push of that settled (the default CD through /products, the three CDs through /stores); then the
 * copies by SQL (no event), the hub given their products in step, and the three CDs made new: their
 * outbox rows dropped and their stock on the hub emptied, so the reconciliation finds every SKU of
 * each drifted.
 */
async function seed(container: MedusaContainer, hub: HubModuleService, sandbox: SandboxProcess) {
  const started = Date.now()
  log(`seeding ${TEMPLATES} products by the store's workflows`)
  const templates = Array.from({ length: TEMPLATES }, (_, index) => skuOf(index + 1))
  await control(sandbox, "POST", "/products", templates.map((sku) => ({ sku, qty: 10, price: 100 })))
  const { seedStore } = require("../integration-tests/helpers/store")
  const { addWarehouseLocation } = require("../integration-tests/helpers/warehouses")
  const store = await seedStore(container, { products: templates.map((sku) => ({ sku, stocked: 10 })) })
  for (const [cd, id] of LOCATIONS.entries()) {
    const stocked = Object.fromEntries(templates.map((sku, index) => [store.inventoryItemsBySku[sku], stockAt(index + 1, cd)]))
    await addWarehouseLocation(container, { id, name: `CD ${CODES[cd]}`, salesChannelId: store.salesChannel.id, stocked })
  }
  // Every push of the seeding taken: a recording that waited for the locations' links lands late.
  const pg = await connect(DATABASE)
  for (;;) {
    await settled(hub, [DEFAULT_ACCOUNT], 2_000)
    const { rows } = await pg.query<{ sent: number }>("select count(*)::integer as sent from hub_catalogue_change where state = 'sent' and sku = any($1)", [templates])
    if (rows[0].sent === TEMPLATES * (1 + CODES.length)) break
  }
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s; copying to ${CATALOGUE} SKUs`)

  const { rows: products } = await pg.query<{ product_id: string }>("select product_id from product_variant where sku = any($1) and deleted_at is null", [templates])
  const outbox = { table: "hub_catalogue_change", where: "product_id = any($1) and warehouse = '98' and deleted_at is null", suffixed: ["id", "variant_id", "product_id"], sku: "sku" }
  const copies = CATALOGUE / TEMPLATES - 1
  const written = copies ? await cloneCatalogue(pg, [...PRODUCT_TABLES, outbox], { productIds: products.map((row) => row.product_id), copies, prefix: SKU_PREFIX, digits: SKU_DIGITS, templates: TEMPLATES }) : {}
  if (copies && (written.product_variant !== TEMPLATES * copies || written.hub_catalogue_change !== TEMPLATES * copies)) throw new Error(`the copies are not whole: ${JSON.stringify(written)}`)
  // Each copy's stock at CD i's location its own figure, as its template's is.
  for (const [cd, id] of LOCATIONS.entries()) {
    await pg.query(
      `update inventory_level as l set stocked_quantity = q.qty, raw_stocked_quantity = jsonb_build_object('value', q.qty::text, 'precision', 20)
         from (select i.id, (substr(i.sku, ${SKU_PREFIX.length + 1})::int % 7) + 3 * $2::int + 1 as qty from inventory_item as i where i.sku like '${SKU_PREFIX}%') as q
        where l.inventory_item_id = q.id and l.location_id = $1`,
      [id, cd]
    )
  }
  const dropped = await pg.query("delete from hub_catalogue_change where warehouse <> '98'")
  await pg.end()
  for (let start = TEMPLATES + 1; start <= CATALOGUE; start += 5_000) {
    const skus = Array.from({ length: Math.min(5_000, CATALOGUE - start + 1) }, (_, offset) => skuOf(start + offset))
    await control(sandbox, "POST", "/products", skus.map((sku) => ({ sku, qty: 10, price: 100 })))
  }
  await control(sandbox, "PUT", "/stores", { codes: CODES })
  log(`copied in ${((Date.now() - started) / 1000).toFixed(0)} s in all; ${dropped.rowCount} CD rows dropped, the CDs emptied`)
}

// ---- The reconciliation -----------------------------------------------------------------

async function measureReconciliation(container: MedusaContainer, hub: HubModuleService, sandbox: SandboxProcess) {
  // The seeding's last window must end before the walk counts on the whole limit.
  await sleep(2 * WINDOW_MS)
  await control(sandbox, "DELETE", "/requests")
  log(`reconciling ${CATALOGUE} SKUs over ${CODES.length} CDs`)
  const started = Date.now()
  const cpuBefore = { store: process.cpuUsage(), postgres: postgresCpuMs(), sandbox: processCpuMs(sandbox.child.pid) }
  let walkMs = 0
  let walkCpu = { storeMs: 0, postgresMs: 0, sandboxMs: 0 }
  const { result, memory } = await sampleMemory(
    async () => {
      const walked = await profiled(process.env.BENCH_PROFILE, "the walk", () => reconcileCatalogue(container, hub.account(DEFAULT_ACCOUNT)))
      walkMs = Date.now() - started
      const store = process.cpuUsage(cpuBefore.store)
      walkCpu = { storeMs: (store.user + store.system) / 1000, postgresMs: postgresCpuMs() - cpuBefore.postgres, sandboxMs: processCpuMs(sandbox.child.pid) - cpuBefore.sandbox }
      await settled(hub, [DEFAULT_ACCOUNT], 1_000)
      return walked
    },
    { heapPeak: true }
  )
  const totalMs = Date.now() - started
  if (!result) throw new Error("the reconciliation did not run: another process held its lock")
  if (result.error) throw new Error(`the reconciliation ended early: ${result.error}`)

  const logged = await requestLog(sandbox)
  const writesElsewhere = logged.filter((entry) => entry.method !== "GET" && !entry.path.startsWith("/stores/"))
  if (writesElsewhere.length) throw new Error(`the default CD was written: ${writesElsewhere.length} requests, e.g. ${writesElsewhere[0].method} ${writesElsewhere[0].path}`)
  const perCd = []
  for (const [cd, code] of CODES.entries()) {
    const entries = batchesOf(logged, code)
    const drifted = result.warehouses.find((warehouse) => warehouse.code === code)?.differing ?? 0
    // Every SKU at its location's figure on its CD.
    const { skus } = await control(sandbox, "GET", `/stores/${code}`)
    const wrong = Array.from({ length: CATALOGUE }, (_, index) => index + 1).filter((n) => skus[skuOf(n)]?.qty !== stockAt(n, cd))
    if (wrong.length) throw new Error(`CD ${code}: ${wrong.length} SKUs not at their location's stock, e.g. ${skuOf(wrong[0])}: ${JSON.stringify(skus[skuOf(wrong[0])])}`)
    perCd.push({ code, drifted, batches: entries.length, entries })
  }
  const batches = logged.filter((entry) => entry.method === "POST" && entry.path.startsWith("/stores/")).sort((a, b) => a.at - b.at)
  const drainMs = batches.length > 1 ? batches[batches.length - 1].at - batches[0].at : 0
  return {
    perCd,
    batches: batches.length,
    drainMs,
    rateRatio: drainMs > 0 ? (batches.length - 1) / (drainMs / 1000) / STORES_LIMIT : 0,
    rateLimited: batches.filter((entry) => entry.status === 429).length,
    rssBeforeMb: mb(memory.rssBefore),
    rssPeakMb: mb(memory.rssPeak),
    rssGrowthMb: mb(memory.rssPeak - memory.rssBefore),
    liveHeapGrowthMb: mb(memory.heapPeak - memory.heapBefore),
    walkMs,
    walkCpu,
    totalMs,
    figures: `default CD: ${result.seen} seen, ${result.differing} differing; ${result.warehouses.map((warehouse) => `CD ${warehouse.code}: ${warehouse.seen} seen, ${warehouse.differing} differing`).join("; ")}`,
  }
}

/** User+system CPU milliseconds of a process so far (/proc/<pid>/stat), 0 when it cannot be read. */
function processCpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
  } catch {
    return 0
  }
}

/** The CPU milliseconds of every PostgreSQL process on the machine so far (the store's backends among them). */
function postgresCpuMs(): number {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, "utf8").trim().startsWith("postgres")
      } catch {
        return false
      }
    })
    .reduce((sum, pid) => sum + processCpuMs(Number(pid)), 0)
}

/** Linux's clock ticks per second (`getconf CLK_TCK`), by which /proc counts CPU time. */
const CLOCK_TICKS = 100

// ---- Changes ------------------------------------------------------------------------------

/** One SKU at one location a change, paced below the limit: the time until its CD took the new figure. */
async function measureChanges(container: MedusaContainer, hub: HubModuleService, sandbox: SandboxProcess) {
  const inventory = container.resolve(Modules.INVENTORY)
  const pg = await connect(DATABASE)
  const picks = Array.from({ length: CHANGES }, (_, index) => ({ n: 1 + ((index * 7919) % CATALOGUE), cd: index % CODES.length }))
  const { rows } = await pg.query<{ sku: string; id: string }>("select sku, id from inventory_item where sku = any($1) and deleted_at is null", [picks.map(({ n }) => skuOf(n))])
  await pg.end()
  const itemOf = new Map(rows.map((row) => [row.sku, row.id]))
  await control(sandbox, "DELETE", "/requests")
  log(`${CHANGES} changes at ${CHANGES_PER_SECOND}/s`)
  const changedAt: Array<{ sku: string; cd: number; qty: number; at: number }> = []
  const writes: Promise<void>[] = []
  const startedAt = Date.now()
  for (const [place, { n, cd }] of picks.entries()) {
    const due = startedAt + (place * 1000) / CHANGES_PER_SECOND
    if (due > Date.now()) await sleep(due - Date.now())
    const sku = skuOf(n)
    const qty = 100 + place
    writes.push(
      inventory.updateInventoryLevels([{ inventory_item_id: itemOf.get(sku)!, location_id: LOCATIONS[cd], stocked_quantity: qty }]).then(() => void changedAt.push({ sku, cd, qty, at: Date.now() }))
    )
  }
  await Promise.all(writes)
  await settled(hub, [DEFAULT_ACCOUNT], 1_000)
  const logged = await requestLog(sandbox)
  const latencies = changedAt
    .map(({ sku, cd, qty, at }) => {
      const landed = batchesOf(logged, CODES[cd]).find((entry) => entry.status === 204 && entry.at >= at && skusOfBatch(entry).some((sent) => sent.code === sku && sent.qty === qty))
      return landed ? landed.at - at : Number.POSITIVE_INFINITY
    })
    .sort((a, b) => a - b)
  const changedCd = new Map(changedAt.map(({ sku, cd }) => [sku, CODES[cd]]))
  const elsewhere = CODES.flatMap((code) => batchesOf(logged, code).flatMap((entry) => skusOfBatch(entry).filter((sent) => changedCd.get(sent.code) !== code))).length
  if (logged.some((entry) => entry.method === "PUT" && entry.path.startsWith("/products/"))) throw new Error("a change at a mapped location wrote the default CD")
  return { count: changedAt.length, p50Ms: percentile(latencies, 0.5), p95Ms: percentile(latencies, 0.95), maxMs: latencies[latencies.length - 1], elsewhere }
}

runBench(main)
