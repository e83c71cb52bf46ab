/*
 * bench/sale: the plugin's central figure (docs/hub-interface.md §1 rule 4): from a sale on the
 * marketplace to the hub's quantity of that SKU lowered, on each intake, against the sandbox hub over
 * HTTP with the published limits (orders listing, order GET and each queue bucket 1/s; PUT /products
 * 9/s, on both sides).
 *
 *   npm run bench:sale [-- --quick]
 *
 * Per intake, BENCH_SALE_COUNT sales (20; --quick 8) spread over BENCH_SALE_MINUTES (2; --quick 1),
 * each one unit of a SKU of its own, with background orders arriving at BENCH_SALE_BACKGROUND a day
 * (1,000) on other SKUs. The store's jobs' drivers run as the jobs do (the listing followed run after
 * run; the queue consumed run after run). A sale's time is from its placement on the hub to the
 * sandbox's answer to the PUT that carried its SKU's lowered qty. Goals: listing p95 <= 10 s, queue
 * p95 <= 5 s; 0 answers 429. Then a promotion per intake: BENCH_SALE_BURST orders (300; --quick 100)
 * placed within a second -> every order reserved and every SKU's hub qty true: <= 45 s.
 */
import { HUB_MODULE } from "../src/modules/hub"
import type HubModuleService from "../src/modules/hub/service"
import { setTimeout as sleep } from "node:timers/promises"
import { sampleTestOrder, type SandboxRequestLogEntry } from "../src/sandbox"
import { followOrderListing } from "../src/sync/orders/order-listing"
import { consumeOrderQueue } from "../src/sync/orders/order-queue"
import { mulberry32 } from "../src/sandbox/traffic"
import { seedStore } from "../integration-tests/helpers/store"
import { figure, info, percentile } from "./lib/figures"
import { bootStore, connect, control, recreateDatabase, requestLog, runBench, startSandbox, type SandboxProcess } from "./lib/store"

const QUICK = process.argv.includes("--quick")
const SALES = Number(process.env.BENCH_SALE_COUNT ?? (QUICK ? 8 : 20))
const MINUTES = Number(process.env.BENCH_SALE_MINUTES ?? (QUICK ? 1 : 2))
const BACKGROUND_PER_DAY = Number(process.env.BENCH_SALE_BACKGROUND ?? 1_000)
const DATABASE = process.env.BENCH_DATABASE ?? "medusa_hub_bench_sale"
const STOCKED = 100
const BACKGROUND_SKUS = ["BG-1", "BG-2"]
/** The promotion: BURST orders over BURST_SKUS (per intake, suffixed), each stocked BURST_STOCKED. */
const BURST = Number(process.env.BENCH_SALE_BURST ?? (QUICK ? 100 : 300))
const BURST_SKUS = Array.from({ length: 10 }, (_, index) => `PROMO-${index + 1}`)
const BURST_STOCKED = 1_000
const saleSku = (intake: string, index: number) => `SALE-${intake[0].toUpperCase()}-${String(index + 1).padStart(2, "0")}`

const log = (message: string) => console.error(`[bench:sale] ${message}`)

async function main() {
  await recreateDatabase(DATABASE)
  const sandbox = await startSandbox([])
  let shutdown: (() => Promise<void>) | undefined
  try {
    log("booting the store")
    const store = await bootStore(DATABASE, sandbox)
    shutdown = store.shutdown
    const { container } = store
    const skus = [...BACKGROUND_SKUS, ...["listing", "queue"].flatMap((intake) => Array.from({ length: SALES }, (_, index) => saleSku(intake, index)))]
    const promoSkus = ["L", "Q"].flatMap((suffix) => BURST_SKUS.map((sku) => `${sku}-${suffix}`))
    await control(sandbox, "POST", "/products", [...skus.map((sku) => ({ sku, qty: STOCKED, price: 49.9 })), ...promoSkus.map((sku) => ({ sku, qty: BURST_STOCKED, price: 19.9 }))])
    await seedStore(container, { products: [...skus.map((sku) => ({ sku, stocked: STOCKED })), ...promoSkus.map((sku) => ({ sku, stocked: BURST_STOCKED }))] })
    // Seeding's own pushes (the qty the hub already holds) settle before anything is measured.
    await sleep(5_000)
    const random = mulberry32(7)

    const followListing = () => followOrderListing(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
    const consumeQueue = () => consumeOrderQueue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"), { stopWhenEmpty: false })
    const listing = await measure("listing", sandbox, random, followListing)
    const queue = await measure("queue", sandbox, random, consumeQueue)
    const listingBurst = await burst("listing", sandbox, followListing)
    const queueBurst = await burst("queue", sandbox, consumeQueue)

    console.log(
      `# bench/sale — ${new Date().toISOString()}, ${require("node:os").cpus().length} CPUs, load ${require("node:os").loadavg()[0].toFixed(1)}; ` +
        `${SALES} sales over ${MINUTES} min per intake, background ${BACKGROUND_PER_DAY} orders/day; hub limits as published`
    )
    for (const [name, result, goal] of [["listing", listing, 10], ["queue", queue, 5]] as const) {
      info(`sale -> hub lowered, ${name} intake: p50`, `${seconds(percentile(result.latenciesMs, 0.5))} s`)
      figure(`sale -> hub lowered, ${name} intake: p95`, percentile(result.latenciesMs, 0.95) / 1000, { at: "<=", target: goal, unit: "s" }, {
        detail: `max ${seconds(result.latenciesMs.at(-1) ?? Infinity)} s over ${result.latenciesMs.length} sales`,
      })
      figure(`sale -> hub lowered, ${name} intake: 429 answers`, result.rateLimited, { at: "<=", target: 0 }, { digits: 0 })
    }
    for (const [name, result] of [["listing", listingBurst], ["queue", queueBurst]] as const) {
      figure(`${BURST} orders placed within a second -> all reserved and the hub true, ${name} intake`, result.ms / 1000, { at: "<=", target: 45, unit: "s" }, {
        detail: `${result.reserved}/${BURST} reserved, ${result.skusTrue}/${BURST_SKUS.length} SKUs true; ${result.rateLimited} × 429; ${result.requests}`,
      })
    }
  } finally {
    await shutdown?.().catch(() => undefined)
    sandbox.child.kill("SIGTERM")
  }
}

/**
 * A marketplace promotion: BURST orders of one unit each over BURST_SKUS, placed as fast as the sandbox
 * takes them, while the intake's driver runs as its job does; the time from the first placement to
 * every order reserved and every SKU's hub qty equal to its stock less what was sold (the SKU's last
 * answered PUT), checked every half second.
 */
async function burst(intake: "listing" | "queue", sandbox: SandboxProcess, drive: () => Promise<unknown>) {
  log(`${intake}: ${BURST} orders within a second`)
  await control(sandbox, "DELETE", "/queue")
  await control(sandbox, "DELETE", "/requests")
  const pg = await connect(DATABASE)
  let done = false
  const driving = (async () => {
    while (!done) await drive()
  })()
  const skus = BURST_SKUS.map((sku) => `${sku}-${intake[0].toUpperCase()}`)
  const startedAt = Date.now()
  const codes = await Promise.all(
    Array.from({ length: BURST }, async (_, index) => {
      const created = await control(sandbox, "POST", "/orders", sampleTestOrder({ channel: `Bench Burst ${intake}`, items: [{ id: skus[index % skus.length], qty: 1 }] }))
      return created.code as string
    })
  )
  const sold = BURST / skus.length
  let reserved = 0
  let skusTrue = 0
  let entries: SandboxRequestLogEntry[] = []
  const deadline = startedAt + 5 * 60_000
  while (Date.now() < deadline) {
    const { rows } = await pg.query("select count(*)::integer as n from hub_order where code = any($1) and imported_at is not null", [codes])
    reserved = rows[0].n
    entries = await requestLog(sandbox)
    const lastQty = new Map<string, number>()
    for (const entry of entries) {
      const sku = decodeURIComponent(entry.path.split("/products/")[1] ?? "")
      const qty = (entry.body as { product?: { qty?: number } } | undefined)?.product?.qty
      if (entry.method === "PUT" && entry.status === 204 && qty !== undefined) lastQty.set(sku, qty)
    }
    skusTrue = skus.filter((sku) => lastQty.get(sku) === BURST_STOCKED - sold).length
    if (reserved === BURST && skusTrue === skus.length) break
    await sleep(500)
  }
  const ms = Date.now() - startedAt
  done = true
  await driving
  await pg.end()
  const intakeRequests = entries.filter((entry) => entry.at >= startedAt && entry.at <= startedAt + ms && entry.method !== "PUT")
  const byBucket = new Map<string, number>()
  for (const entry of intakeRequests) byBucket.set(entry.bucket, (byBucket.get(entry.bucket) ?? 0) + 1)
  log(`${intake}: burst done in ${(ms / 1000).toFixed(1)} s`)
  return {
    ms: reserved === BURST && skusTrue === skus.length ? ms : Number.POSITIVE_INFINITY,
    reserved,
    skusTrue,
    rateLimited: entries.filter((entry) => entry.status === 429).length,
    requests: [...byBucket].map(([bucket, count]) => `${count} ${bucket}`).join(", "),
  }
}

/** One intake: its driver run after run (as its job ticks), sales and background orders meanwhile, until every sale is on the hub. */
async function measure(intake: "listing" | "queue", sandbox: SandboxProcess, random: () => number, drive: () => Promise<unknown>) {
  log(`${intake}: ${SALES} sales over ${MINUTES} min`)
  await control(sandbox, "DELETE", "/queue")
  await control(sandbox, "DELETE", "/requests")
  let done = false
  const driving = (async () => {
    while (!done) await drive()
  })()

  const startedAt = Date.now()
  const endAt = startedAt + MINUTES * 60_000
  const sales: Array<{ sku: string; placedAt: number }> = []
  const backgroundGapMs = 86_400_000 / BACKGROUND_PER_DAY
  let nextBackground = startedAt - Math.log(1 - random()) * backgroundGapMs
  for (let index = 0; index < SALES; index++) {
    const saleAt = startedAt + (index + random()) * ((endAt - startedAt) / SALES)
    while (nextBackground < saleAt) {
      await sleepUntil(nextBackground)
      await placeOrder(sandbox, intake, BACKGROUND_SKUS[Math.floor(random() * BACKGROUND_SKUS.length)])
      nextBackground -= Math.log(1 - random()) * backgroundGapMs
    }
    await sleepUntil(saleAt)
    const sku = saleSku(intake, index)
    sales.push({ sku, placedAt: await placeOrder(sandbox, intake, sku) })
  }

  // Each sale's SKU is lowered to STOCKED - 1 on the hub: the answered PUT carrying that qty.
  const saleSkus = new Set(sales.map((sale) => sale.sku))
  const lowered = new Map<string, number>()
  const deadline = Date.now() + 3 * 60_000
  let entries: SandboxRequestLogEntry[] = []
  while (lowered.size < sales.length && Date.now() < deadline) {
    await sleep(1_000)
    entries = await requestLog(sandbox)
    for (const entry of entries) {
      const sku = decodeURIComponent(entry.path.split("/products/")[1] ?? "")
      const qty = (entry.body as { product?: { qty?: number } } | undefined)?.product?.qty
      if (entry.method === "PUT" && entry.status === 204 && qty === STOCKED - 1 && saleSkus.has(sku) && !lowered.has(sku)) lowered.set(sku, entry.at)
    }
  }
  done = true
  await driving
  const latenciesMs = sales.map((sale) => (lowered.has(sale.sku) ? lowered.get(sale.sku)! - sale.placedAt : Number.POSITIVE_INFINITY)).sort((a, b) => a - b)
  log(`${intake}: ${lowered.size}/${sales.length} sales on the hub`)
  return { latenciesMs, rateLimited: entries.filter((entry) => entry.status === 429).length }
}

/** A NEW order of one unit on the hub (in the queue too, as the sandbox queues every new order); its placement time. */
async function placeOrder(sandbox: SandboxProcess, intake: string, sku: string): Promise<number> {
  const created = await control(sandbox, "POST", "/orders", sampleTestOrder({ channel: `Bench Sales ${intake}`, items: [{ id: sku, qty: 1 }] }))
  return Date.parse(created.placed_at)
}

async function sleepUntil(at: number) {
  if (at > Date.now()) await sleep(at - Date.now())
}

const seconds = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(1) : "never")

runBench(main)
