/*
 * bench/publish: the first publication of a whole catalogue, and an edit's way to the hub, measured in
 * one run against the sandbox hub over HTTP (option `publishProducts`, docs/catalogue.md).
 *
 *   npm run bench:publish            (5,000 products: about 12 minutes, 9 creates a second)
 *   npm run bench:publish -- --quick (500 products)
 *
 * Boots the development store on a fresh PostgreSQL database with the sandbox hub in a child process,
 * seeds BENCH_PRODUCTS products with publication off (a fifth configurable, 2 options × 2 values: 4
 * variants), then turns it on and sweeps, as a merchant turning the option on with a catalogue in
 * place; prints, beside their goals:
 *   - `POST /products` per product (goal 1.00) and the 429s (goal 0);
 *   - achieved create rate / the `POST /products` limit while the backlog drains (goal >= 0.90);
 *   - a title edit -> its `PUT` landing on the hub, p95 (goal <= 2 s), BENCH_EDITS edits one at a time;
 *   - requests to a product's SKU for one edit of its title, price and stock together (goal 1: one hub
 *     product, one partial PUT; `catalogueFields` price, so the price is the store's to keep true);
 *   - this process's resident memory growth during the publication (goal <= 64 MB; the issue asks it
 *     over 50,000 products: BENCH_PRODUCTS=50000 BENCH_POST_LIMIT=100 runs that, for about an hour).
 * Database: DB_HOST, DB_PORT, DB_USERNAME, DB_PASSWORD; BENCH_DATABASE (default medusa_hub_bench_publish)
 * is dropped and created again. Not part of `npm test`.
 */
import { HUB_MODULE } from "../src/modules/hub"
import { setTimeout as sleep } from "node:timers/promises"
import { createInventoryLevelsWorkflow, createProductsWorkflow, updateInventoryLevelsWorkflow, updateProductsWorkflow, updateProductVariantsWorkflow } from "@medusajs/core-flows"
import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type HubModuleService from "../src/modules/hub/service"
import { catalogueFlusher } from "../src/sync/catalogue/catalogue-flusher"
import { productInput, publishableFields, publishableProduct } from "../integration-tests/helpers/publishable-products"
import { figure, info, percentile } from "./lib/figures"
import { mb, sampleMemory } from "./lib/memory"
import { bootStore, byStatus, connect, control, recreateDatabase, requestLog, runBench, startSandbox } from "./lib/store"

const QUICK = process.argv.includes("--quick")
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? (QUICK ? 500 : 5_000))
const EDITS = Number(process.env.BENCH_EDITS ?? (QUICK ? 20 : 60))
const COMBINED_EDITS = Number(process.env.BENCH_COMBINED_EDITS ?? (QUICK ? 5 : 20))
const POST_LIMIT = Number(process.env.BENCH_POST_LIMIT ?? 9)
const WINDOW_MS = 1000
const DATABASE = process.env.BENCH_DATABASE ?? "medusa_hub_bench_publish"
const BATCH = 100

const log = (message: string) => console.error(`[bench:publish] ${message}`)

async function main() {
  await recreateDatabase(DATABASE)
  // The GET before each create goes at its own limit, beside the creates: as high as theirs.
  const limits = { "POST /products": { limit: POST_LIMIT, windowMs: WINDOW_MS }, "GET /products": { limit: POST_LIMIT, windowMs: WINDOW_MS } }
  const sandbox = await startSandbox(Object.entries(limits).map(([bucket, { limit }]) => ["--rate-limit", `${bucket}=${limit}/${WINDOW_MS}`]).flat())
  let shutdown: (() => Promise<void>) | undefined
  try {
    log("booting the store")
    const store = await bootStore(DATABASE, sandbox, { HUB_PUBLISH_PRODUCTS: "true", HUB_CATALOGUE_FIELDS: "price", HUB_RATE_LIMITS: JSON.stringify(limits) })
    shutdown = store.shutdown
    const container = store.container
    const hub: HubModuleService = container.resolve("hub")
    const options = hub.hubOptions as { publishProducts: boolean }

    options.publishProducts = false
    const productIds = await seed(container)
    await control(sandbox, "DELETE", "/requests")
    options.publishProducts = true

    // ---- The first publication
    const startedAt = Date.now()
    const flusher = catalogueFlusher(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
    const { memory } = await sampleMemory(async () => {
      const marked = await flusher.sweep()
      log(`${marked} products marked; publishing`)
      for (;;) {
        await flusher.flush()
        const { byState, due } = await hub.account("default").records.publications.counts()
        if (due === 0) {
          log(`published ${byState.published}, not publishable ${byState.not_publishable}, refused ${byState.refused}`)
          break
        }
        await sleep(500)
      }
    })
    const publicationMs = Date.now() - startedAt
    const entries = await requestLog(sandbox)
    const creates = entries.filter((entry) => entry.method === "POST" && entry.path === "/products")
    const accepted = creates.filter((entry) => entry.status === 201 || entry.status === 200)
    // The drain: from the first create to the last, every create counted (one window's slack at the start).
    const drainMs = accepted.length > 1 ? accepted[accepted.length - 1].at - accepted[0].at + WINDOW_MS / POST_LIMIT : 0
    const rate = accepted.length / (drainMs / 1000)

    // ---- Edits: a title changed, one product at a time, each timed to its PUT landing on the hub
    await control(sandbox, "DELETE", "/requests")
    const latencies: number[] = []
    for (let index = 0; index < EDITS; index++) {
      const productId = productIds[(index * 37) % productIds.length]
      const editedAt = Date.now()
      await updateProductsWorkflow(container).run({ input: { selector: { id: productId }, update: { title: `Produto editado ${index}` } } })
      const landedAt = await putLanded(sandbox, `Produto editado ${index}`, editedAt)
      latencies.push(landedAt - editedAt)
      await sleep(300)
    }
    latencies.sort((a, b) => a - b)
    const editPuts = (await requestLog(sandbox)).filter((entry) => entry.method === "PUT")

    // ---- An edit of title, price and stock of one (single-variant) product at once
    const combined = await combinedEdits(container, sandbox, productIds)

    const os = require("node:os")
    const pg = await connect(DATABASE)
    const { rows } = await pg.query("show server_version")
    await pg.end()
    console.log(
      `# bench/publish — ${new Date().toISOString()}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}, PostgreSQL ${rows[0].server_version}; ` +
        `${PRODUCTS} products (${configurableCount()} with 4 variants), POST /products ${POST_LIMIT}/${WINDOW_MS} ms on both sides`
    )
    figure("publish: POSTs per product", creates.length / PRODUCTS, { at: "=", target: 1 }, { detail: `${creates.length} POST /products (${byStatus(creates)}) for ${PRODUCTS} products` })
    figure("publish: achieved rate / POST /products limit", rate / (POST_LIMIT * (1000 / WINDOW_MS)), { at: ">=", target: 0.9 }, {
      detail: `${accepted.length} creates in ${(drainMs / 1000).toFixed(1)} s (${rate.toFixed(2)}/s); the whole publication ${(publicationMs / 1000).toFixed(1)} s`,
    })
    figure("publish: 429 answers", entries.filter((entry) => entry.status === 429).length, { at: "<=", target: 0 }, { digits: 0 })
    figure("publish: title edit -> hub p95", percentile(latencies, 0.95) / 1000, { at: "<=", target: 2, unit: "s" }, {
      detail: `${EDITS} edits, p50 ${(percentile(latencies, 0.5) / 1000).toFixed(2)} s, max ${(latencies[latencies.length - 1] / 1000).toFixed(2)} s; ${editPuts.length} PUTs`,
    })
    figure("publish: requests per edit of title + price + stock", combined.requests / combined.edits, { at: "<=", target: 1 }, {
      detail: `${combined.requests} requests to ${combined.edits} products' SKUs until each held its new name, price and qty (${combined.byPath})`,
    })
    // Resident memory after seeding is already at its high-water mark, so the live heap (after a GC)
    // says what the publication kept; the resident peak says what it needed beyond the seeding's.
    figure(`publish: memory growth over ${PRODUCTS} products`, mb(Math.max(memory.rssPeak - memory.rssBefore, memory.heapAfter - memory.heapBefore)), { at: "<=", target: 64, unit: "MB" }, {
      digits: 1,
      detail: `live heap ${mb(memory.heapBefore).toFixed(0)} -> ${mb(memory.heapAfter).toFixed(0)} MB after a GC; resident ${mb(memory.rssBefore).toFixed(0)} MB before, peak ${mb(memory.rssPeak).toFixed(0)} MB`,
    })
    info("publish: requests by endpoint", byEndpoint(entries))
  } finally {
    await shutdown?.().catch(() => undefined)
    sandbox.child.kill("SIGTERM")
  }
}

const configurableCount = () => Math.floor(PRODUCTS / 5)

/**
 * COMBINED_EDITS single-variant products, one at a time: its title, its price and its stock changed
 * in Medusa at once (as a merchant's one save of the product page does), then the requests to its SKU
 * counted until the hub holds all three.
 */
async function combinedEdits(container: MedusaContainer, sandbox: Awaited<ReturnType<typeof startSandbox>>, productIds: string[]) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  // productIds[k] is productInput(k - 1) (productIds[0] is the seed's): each fifth is configurable.
  const singles = productIds.map((id, k) => ({ id, index: k - 1 })).filter(({ index }) => index >= 0 && !publishableProduct(index).configurable)
  let requests = 0
  const paths = new Map<string, number>()
  for (let edit = 0; edit < COMBINED_EDITS; edit++) {
    const { id, index } = singles[(edit * 53) % singles.length]
    const sku = publishableProduct(index).hubSku
    const { data: [variant] } = await query.graph({ entity: "product_variant", fields: ["id", "inventory_items.inventory_item_id", "inventory_items.inventory.location_levels.location_id"], filters: { sku } })
    const name = `Produto combinado ${edit}`
    const price = 100 + edit
    const qty = 20 + edit
    const since = Date.now()
    await updateProductsWorkflow(container).run({ input: { selector: { id }, update: { title: name } } })
    await updateProductVariantsWorkflow(container).run({ input: { selector: { id: variant.id }, update: { prices: [{ currency_code: "brl", amount: price }] } } })
    const item = variant.inventory_items[0]
    await updateInventoryLevelsWorkflow(container).run({
      input: { updates: [{ inventory_item_id: item.inventory_item_id, location_id: item.inventory.location_levels[0].location_id, stocked_quantity: qty }] },
    })
    for (const deadline = Date.now() + 30_000; ; await sleep(100)) {
      const landed = (await requestLog(sandbox)).filter((entry) => entry.at >= since && entry.path === `/products/${sku}` && Number(entry.status) < 300)
      const held = Object.assign({}, ...landed.map((entry) => (entry.body as any)?.product ?? {}))
      if (held.name === name && held.price === price && held.qty === qty) break
      if (Date.now() > deadline) throw new Error(`the edit of ${sku} did not reach the hub whole in 30 s`)
    }
    // Whatever else goes to the SKU in the next second belongs to this edit too.
    await sleep(1000)
    for (const entry of (await requestLog(sandbox)).filter((entry) => entry.at >= since && entry.path === `/products/${sku}`)) {
      requests++
      const key = `${entry.method} ${Object.keys((entry.body as any)?.product ?? {}).sort().join("+")}`
      paths.set(key, (paths.get(key) ?? 0) + 1)
    }
  }
  return { edits: COMBINED_EDITS, requests, byPath: [...paths].map(([key, count]) => `${key} ×${count}`).join(", ") }
}

/** Resolves with when the hub took the PUT carrying `name`. */
async function putLanded(sandbox: Awaited<ReturnType<typeof startSandbox>>, name: string, since: number): Promise<number> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(50)) {
    const landed = (await requestLog(sandbox)).find((entry) => entry.method === "PUT" && entry.at >= since && (entry.body as any)?.product?.name === name && Number(entry.status) < 300)
    if (landed) return landed.at
  }
  throw new Error(`the edit "${name}" did not reach the hub in 30 s`)
}

function byEndpoint(entries: Array<{ method: string; path: string }>): string {
  const counts = new Map<string, number>()
  for (const entry of entries) {
    const key = `${entry.method} ${entry.path.split("/").slice(0, 2).join("/")}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return [...counts].map(([key, count]) => `${key} ${count}`).join(", ")
}

/** The catalogue, every product publishable: each fifth product configurable (Cor × Tamanho). */
async function seed(container: MedusaContainer): Promise<string[]> {
  const { seedStore } = require("../integration-tests/helpers/store")
  const store = await seedStore(container, { products: [{ sku: "SEED-0", stocked: 1 }] })
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const productIds: string[] = [store.variantsBySku["SEED-0"].product_id]
  const startedAt = Date.now()
  for (let first = 0; first < PRODUCTS - 1; first += BATCH) {
    const products = Array.from({ length: Math.min(BATCH, PRODUCTS - 1 - first) }, (_, offset) => productInput(first + offset, store.salesChannel.id))
    const { result } = await createProductsWorkflow(container).run({ input: { products } })
    const { data: variants } = await query.graph({ entity: "product_variant", fields: ["inventory_items.inventory_item_id"], filters: { product_id: result.map((product) => product.id) } })
    await createInventoryLevelsWorkflow(container).run({
      input: { inventory_levels: variants.map((variant: any, index: number) => ({ inventory_item_id: variant.inventory_items[0].inventory_item_id, location_id: store.stockLocation.id, stocked_quantity: 1 + (index % 9) })) },
    })
    productIds.push(...result.map((product) => product.id))
    if ((first / BATCH) % 10 === 0) log(`seeded ${first + products.length + 1}/${PRODUCTS} products`)
  }
  // The seed's own product, made publishable like the others.
  await updateProductsWorkflow(container).run({ input: { selector: { id: productIds[0] }, update: publishableFields("seed") } })
  log(`seeded in ${((Date.now() - startedAt) / 1000).toFixed(0)} s`)
  return productIds
}

runBench(main)
