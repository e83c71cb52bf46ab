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
 * p95 <= 5 s; 0 answers 429.
 */
import { setTimeout as sleep } from "node:timers/promises"
import { sampleTestOrder, type SandboxRequestLogEntry } from "../src/sandbox"
import { followOrderListing } from "../src/sync/order-import"
import { consumeOrderQueue } from "../src/sync/order-queue"
import { mulberry32 } from "../src/sandbox/traffic"
import { seedStore } from "../integration-tests/helpers/store"
import { figure, info, percentile } from "./lib/figures"
import { bootStore, control, recreateDatabase, requestLog, runBench, startSandbox, type SandboxProcess } from "./lib/store"

const QUICK = process.argv.includes("--quick")
const SALES = Number(process.env.BENCH_SALE_COUNT ?? (QUICK ? 8 : 20))
const MINUTES = Number(process.env.BENCH_SALE_MINUTES ?? (QUICK ? 1 : 2))
const BACKGROUND_PER_DAY = Number(process.env.BENCH_SALE_BACKGROUND ?? 1_000)
const DATABASE = process.env.BENCH_DATABASE ?? "medusa_hub_bench_sale"
const STOCKED = 100
const BACKGROUND_SKUS = ["BG-1", "BG-2"]
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
    await control(sandbox, "POST", "/products", skus.map((sku) => ({ sku, qty: STOCKED, price: 49.9 })))
    await seedStore(container, { products: skus.map((sku) => ({ sku, stocked: STOCKED })) })
    // Seeding's own pushes (the qty the hub already holds) settle before anything is measured.
    await sleep(5_000)
    const random = mulberry32(7)

    const listing = await measure("listing", sandbox, random, () => followOrderListing(container))
    const queue = await measure("queue", sandbox, random, () => consumeOrderQueue(container, { stopWhenEmpty: false }))

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
  } finally {
    await shutdown?.().catch(() => undefined)
    sandbox.child.kill("SIGTERM")
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
