/*
 * bench/mapping: the mapping of hub fields (issue 42) measured in one run against the sandbox hub over HTTP.
 *
 *   npm run bench:mapping            (5,000 products, 5,000 sync errors: about 8 minutes)
 *   npm run bench:mapping -- --quick (500 and 500)
 *
 * Boots the development store (medusa-config.ts, src/) on a fresh PostgreSQL database with
 * `publishProducts` on, the sandbox hub in a child process, and prints, beside their goals:
 *   - a mapping change over BENCH_PRODUCTS one-variant products, all published (seeded with
 *     publication off, then swept and published as bench/publish does), half of them in the Medusa
 *     category "Roupas": a mapping that maps Roupas to the sandbox's hub category 3001 (Canecas: no
 *     required attribute) and its optional attribute Material to a fixed text, saved through the
 *     service's entry point (`saveFieldMapping`, as POST /admin/hub/mapping saves it), until no
 *     publication row of the account is due: PUT + POST requests per product in Roupas (goal 1.00),
 *     requests to the others (goal 0), 429s (goal 0), the achieved PUT rate / the PUT /products limit
 *     while the pushes drain (goal >= 0.90, computed as bench/publish computes its create rate); and
 *     the time from the save to the publication settled (shown);
 *   - BENCH_SYNC_ERRORS product sync errors reported on the sandbox, then the account's read run once
 *     (`readSyncErrors`, as POST /admin/hub/sync-errors/read runs it): GET /sync_errors/products per
 *     page the list takes at the hub's page size (goal 1.00; the walk ends on a short page, so N errors
 *     take floor(N / 100) + 1 pages), the glossary read once (GET /sync_errors/categories, goal 1), rows
 *     recorded (goal: every error), and this process's live heap growth during the read (the memory
 *     sampler's peak after a GC a second; goal <= 32 MB: a page held at a time), shown beside what the
 *     errors take held all at once (the recorded rows read back).
 * BENCH_LIMIT: the hub's POST, PUT and GET /products limits per second on both sides (50; the sync
 * errors listing keeps the hub's default, 1/s). Database: DB_HOST, DB_PORT, DB_USERNAME, DB_PASSWORD;
 * BENCH_DATABASE (default medusa_hub_bench_mapping) is dropped and created again. Not part of `npm test`.
 */
import { HUB_MODULE } from "../src/modules/hub"
import os from "node:os"
import { setTimeout as sleep } from "node:timers/promises"
import { createInventoryLevelsWorkflow, createProductCategoriesWorkflow, createProductsWorkflow, updateProductsWorkflow } from "@medusajs/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { productInput, publishableFields, publishableProduct } from "../integration-tests/helpers/publishable-products"
import { HUB_PAGE_SIZE } from "../src/hub-client/endpoints"
import { hubFieldMappingSchema, type HubFieldMapping, type MappedHubCategory } from "../src/mapping/hub-field-mapping"
import { DEFAULT_ACCOUNT } from "../src/modules/hub/accounts"
import type HubModuleService from "../src/modules/hub/service"
import type { SandboxCategory, SandboxRequestLogEntry } from "../src/sandbox"
import { catalogueFlusher } from "../src/sync/catalogue/catalogue-flusher"
import { saveFieldMapping } from "../src/sync/catalogue/catalogue-outbox"
import { readSyncErrors } from "../src/sync/sync-errors"
import { figure, info } from "./lib/figures"
import { mb, sampleMemory } from "./lib/memory"
import { bootStore, byStatus, connect, control, recreateDatabase, requestLog, runBench, settled, startSandbox, type SandboxProcess } from "./lib/store"

const QUICK = process.argv.includes("--quick")
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? (QUICK ? 500 : 5_000))
const SYNC_ERRORS = Number(process.env.BENCH_SYNC_ERRORS ?? (QUICK ? 500 : 5_000))
const LIMIT = Number(process.env.BENCH_LIMIT ?? 50)
const WINDOW_MS = 1000
const DATABASE = process.env.BENCH_DATABASE ?? "medusa_hub_bench_mapping"
if (PRODUCTS % 2) throw new Error("BENCH_PRODUCTS must be even")
const RATE_LIMITS = Object.fromEntries(["POST /products", "PUT /products", "GET /products"].map((bucket) => [bucket, { limit: LIMIT, windowMs: WINDOW_MS }]))
const BATCH = 100
/** The sandbox's hub category Roupas is mapped to (category-service.ts: Canecas, an optional attribute Material with listed values), and the value mapped to it. */
const HUB_CATEGORY_ID = "3001"
const MATERIAL = "Cerâmica"
/** The sandbox's error codes a product may be refused with (marketplace-review.ts). */
const ERROR_CODES = ["invalid_ean", "empty_name", "ean_null"]

const log = (message: string) => console.error(`[bench:mapping] ${message}`)

/** The n-th single-variant product of the publishable catalogue (n from 1): every fifth index there is configurable, skipped. */
const singleIndex = (n: number) => n + Math.floor((n - 1) / 4)

type Seeded = { affected: Set<string>; unaffected: Set<string>; categoryId: string }

async function main() {
  const loadAtStart = os.loadavg()[0]
  await recreateDatabase(DATABASE)
  const sandbox = await startSandbox(Object.entries(RATE_LIMITS).flatMap(([bucket, { limit }]) => ["--rate-limit", `${bucket}=${limit}/${WINDOW_MS}`]))
  let shutdown: (() => Promise<void>) | undefined
  try {
    log("booting the store")
    const store = await bootStore(DATABASE, sandbox, { HUB_PUBLISH_PRODUCTS: "true", HUB_RATE_LIMITS: JSON.stringify(RATE_LIMITS) })
    shutdown = store.shutdown
    const container = store.container
    const hub: HubModuleService = container.resolve("hub")

    const seeded = await seedPublished(container, hub, sandbox)
    const change = await measureMappingChange(container, hub, sandbox, seeded)
    const read = await measureSyncErrorsRead(container, sandbox, [...seeded.affected, ...seeded.unaffected])

    const pg = await connect(DATABASE)
    const { rows } = await pg.query("show server_version")
    await pg.end()
    console.log(
      `# bench/mapping — ${new Date().toISOString()}, ${os.cpus().length} CPUs, load ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end, PostgreSQL ${rows[0].server_version}; ` +
        `a mapping change over ${PRODUCTS} products (${seeded.affected.size} in Roupas), POST/PUT/GET /products ${LIMIT}/${WINDOW_MS} ms on both sides; ${SYNC_ERRORS} sync errors read`
    )
    figure("mapping: requests per affected product", change.toAffected.length / seeded.affected.size, { at: "=", target: 1 }, {
      detail: `${change.toAffected.length} requests (${byMethod(change.toAffected)}; ${byStatus(change.toAffected)}) for ${seeded.affected.size} products in Roupas; ${change.sentTwice} sent more than once; bodies: ${byBodyKeys(change.toAffected)}`,
    })
    figure("mapping: requests to unaffected products", change.toUnaffected.length, { at: "<=", target: 0 }, {
      digits: 0,
      detail: change.toUnaffected.length ? `${byMethod(change.toUnaffected)}, first: ${change.toUnaffected.slice(0, 3).map(describe).join(" | ")}` : `the ${seeded.unaffected.size} others`,
    })
    figure("mapping: 429 answers", change.rateLimited, { at: "<=", target: 0 }, { digits: 0 })
    figure("mapping: achieved rate / PUT /products limit", change.rate / (LIMIT * (1000 / WINDOW_MS)), { at: ">=", target: 0.9 }, {
      detail: `${change.drainPuts} PUTs in ${(change.drainMs / 1000).toFixed(1)} s (${change.rate.toFixed(2)}/s) at a limit of ${LIMIT}/s`,
    })
    info(
      "mapping: save -> settled",
      `${(change.settledMs / 1000).toFixed(1)} s`,
      `saveFieldMapping made ${change.madeDue} publications due in ${change.saveMs} ms; every request of the change: ${byEndpoint(change.entries) || "none"}`
    )
    info("mapping: the first publication (setup)", `${(seeded.publicationMs / 1000).toFixed(1)} s`, seeded.publication)
    figure("sync errors: GET /sync_errors/products per page", read.productGets / read.pagesNeeded, { at: "=", target: 1 }, {
      detail: `${read.productGets} GETs (${byStatus(read.productEntries)}) for ${SYNC_ERRORS} errors at ${HUB_PAGE_SIZE} a page: ${read.pagesNeeded} pages, the last short; the read took ${(read.ms / 1000).toFixed(1)} s`,
    })
    figure("sync errors: GET /sync_errors/categories per read", read.glossaryGets, { at: "=", target: 1 }, { digits: 0, detail: `every request of the read: ${byEndpoint(read.entries)}` })
    figure("sync errors: rows recorded", read.rows, { at: "=", target: SYNC_ERRORS }, {
      digits: 0,
      detail: `read: ${read.result.products} product errors listed, ${read.result.added} new, ${read.result.invalid} set aside, complete ${read.result.complete}${read.result.error ? `, ${read.result.error}` : ""}`,
    })
    figure("sync errors: live heap growth during the read", mb(read.memory.heapPeak - read.memory.heapBefore), { at: "<=", target: 32, unit: "MB" }, {
      digits: 1,
      detail: `live heap ${mb(read.memory.heapBefore).toFixed(1)} MB before, peak ${mb(read.memory.heapPeak).toFixed(1)} MB, ${mb(read.memory.heapAfter).toFixed(1)} MB after (a GC a second); resident ${mb(read.memory.rssBefore).toFixed(0)} MB before, peak ${mb(read.memory.rssPeak).toFixed(0)} MB; the ${read.heldWhole.rows} errors held at once take ${mb(read.heldWhole.bytes).toFixed(1)} MB`,
    })
    // Printed after the figures, so a failed run still shows what it measured.
    if (change.problems.length) throw new Error(`the mapping did not reach the hub as it should:\n  ${change.problems.join("\n  ")}`)
  } finally {
    await shutdown?.().catch(() => undefined)
    sandbox.child.kill("SIGTERM")
  }
}

// ---- Setup: PRODUCTS one-variant products, half in Roupas, all published ---------------------

async function seedPublished(container: MedusaContainer, hub: HubModuleService, sandbox: SandboxProcess): Promise<Seeded & { publicationMs: number; publication: string }> {
  const options = hub.hubOptions as { publishProducts: boolean }
  options.publishProducts = false
  const { seedStore } = require("../integration-tests/helpers/store")
  const store = await seedStore(container, { products: [{ sku: "SEED-0", stocked: 1 }] })
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const seedProductId: string = store.variantsBySku["SEED-0"].product_id
  await updateProductsWorkflow(container).run({ input: { selector: { id: seedProductId }, update: publishableFields("seed") } })
  const {
    result: [category],
  } = await createProductCategoriesWorkflow(container).run({ input: { product_categories: [{ name: "Roupas", handle: "roupas", is_active: true }] } })
  const affected = new Set<string>()
  const unaffected = new Set<string>(["SEED-0"])
  const started = Date.now()
  // Products 1..PRODUCTS - 1 (the seed's own is the PRODUCTS-th): the odd ones in Roupas.
  for (let first = 1; first < PRODUCTS; first += BATCH) {
    const numbers = Array.from({ length: Math.min(BATCH, PRODUCTS - first) }, (_, offset) => first + offset)
    const products = numbers.map((n) => {
      const input = productInput(singleIndex(n), store.salesChannel.id)
      ;(n % 2 ? affected : unaffected).add(publishableProduct(singleIndex(n)).hubSku)
      return n % 2 ? { ...input, category_ids: [category.id] } : input
    })
    const { result } = await createProductsWorkflow(container).run({ input: { products } })
    const { data: variants } = await query.graph({ entity: "product_variant", fields: ["inventory_items.inventory_item_id"], filters: { product_id: result.map((product) => product.id) } })
    await createInventoryLevelsWorkflow(container).run({
      input: { inventory_levels: variants.map((variant: any, index: number) => ({ inventory_item_id: variant.inventory_items[0].inventory_item_id, location_id: store.stockLocation.id, stocked_quantity: 1 + (index % 9) })) },
    })
    if (((first - 1) / BATCH) % 10 === 0) log(`seeded ${first + numbers.length}/${PRODUCTS} products`)
  }
  if (affected.size !== PRODUCTS / 2 || unaffected.size !== PRODUCTS / 2) throw new Error(`seeded ${affected.size} in Roupas and ${unaffected.size} others`)
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s; publishing`)

  // The first publication, as a merchant turning `publishProducts` on with the catalogue in place.
  await settled(hub, [DEFAULT_ACCOUNT])
  await control(sandbox, "DELETE", "/requests")
  options.publishProducts = true
  const publishedAt = Date.now()
  const flusher = catalogueFlusher(container, hub.account(DEFAULT_ACCOUNT))
  await flusher.sweep()
  let counts = await hub.account(DEFAULT_ACCOUNT).records.publications.counts()
  for (; counts.due > 0; counts = await hub.account(DEFAULT_ACCOUNT).records.publications.counts()) await flusher.flush().then(() => sleep(500))
  await settled(hub, [DEFAULT_ACCOUNT])
  const publicationMs = Date.now() - publishedAt
  if (counts.byState.published !== PRODUCTS) throw new Error(`published ${JSON.stringify(counts.byState)}, not all ${PRODUCTS}`)
  const publication = `${counts.byState.published} published; ${byEndpoint(await requestLog(sandbox))}`
  log(`published in ${(publicationMs / 1000).toFixed(0)} s`)
  return { affected, unaffected, categoryId: category.id, publicationMs, publication }
}

// ---- The mapping change --------------------------------------------------------------------

/** The sandbox's hub category as the mapping keeps it (its attributes as read when mapped), as the admin's category list gives it. */
async function mappedHubCategory(sandbox: SandboxProcess, id: string): Promise<MappedHubCategory> {
  const found = ((await control(sandbox, "GET", "/categories")) as SandboxCategory[]).find((category) => String(category.id) === id)
  if (!found) throw new Error(`the sandbox has no hub category ${id}`)
  const attributes = new Map<string, MappedHubCategory["attributes"][number]>()
  for (const entry of found.attributes) {
    const attribute = attributes.get(String(entry.nameId)) ?? { name_id: String(entry.nameId), name: entry.name, required: false, variant: false, values: [] }
    attribute.required ||= entry.required
    attribute.variant ||= entry.variant
    if (entry.value) attribute.values.push(entry.value)
    attributes.set(attribute.name_id, attribute)
  }
  return { id, name: found.categoryData.name, ean_required: found.eanRequired, attributes: [...attributes.values()] }
}

async function measureMappingChange(container: MedusaContainer, hub: HubModuleService, sandbox: SandboxProcess, seeded: Seeded) {
  const hubCategory = await mappedHubCategory(sandbox, HUB_CATEGORY_ID)
  const material = hubCategory.attributes.find((attribute) => attribute.name === "Material")
  if (!material || hubCategory.attributes.some((attribute) => attribute.required)) throw new Error(`hub category ${HUB_CATEGORY_ID} should have an optional Material and nothing required`)
  // What the account maps today (none saved: its options'), with Roupas mapped and the attribute filled.
  const { saved: _saved, ...current } = await hub.account(DEFAULT_ACCOUNT).records.settings.fieldMapping()
  const mapping: HubFieldMapping = hubFieldMappingSchema.parse({
    ...current,
    categories: [{ category_id: seeded.categoryId, hub_category: hubCategory }],
    attributes: [{ hub_category_id: HUB_CATEGORY_ID, name_id: material.name_id, source: { kind: "fixed", value: MATERIAL } }],
  })
  await control(sandbox, "DELETE", "/requests")
  log(`saving the mapping: Roupas -> ${hubCategory.name} (${HUB_CATEGORY_ID}), ${material.name} "${MATERIAL}"`)
  const started = Date.now()
  const madeDue = await saveFieldMapping(container, hub.account(DEFAULT_ACCOUNT), mapping)
  const saveMs = Date.now() - started
  // The service's own rounds push what is due; settled once no publication row is due and the outbox is empty.
  let counts = await hub.account(DEFAULT_ACCOUNT).records.publications.counts()
  for (let lastDue = counts.due, stillSince = Date.now(); counts.due > 0; counts = await hub.account(DEFAULT_ACCOUNT).records.publications.counts()) {
    if (counts.due !== lastDue) [lastDue, stillSince] = [counts.due, Date.now()]
    if (Date.now() - stillSince > 60_000) throw new Error(`${counts.due} publications still due, none pushed for a minute`)
    await sleep(200)
  }
  const settledMs = Date.now() - started
  await settled(hub, [DEFAULT_ACCOUNT], 1_000)
  const entries = await requestLog(sandbox)
  const writes = entries.filter((entry) => entry.method === "PUT" || entry.method === "POST")
  const toAffected = writes.filter((entry) => seeded.affected.has(skuOf(entry)))
  const toUnaffected = entries.filter((entry) => seeded.unaffected.has(skuOf(entry)))
  const perSku = new Map<string, number>()
  for (const entry of toAffected) perSku.set(skuOf(entry), (perSku.get(skuOf(entry)) ?? 0) + 1)
  const accepted = entries.filter((entry) => entry.method === "PUT" && Number(entry.status) < 300)
  // As bench/publish: from the first PUT to the last, every PUT counted (one window's slack at the start).
  const drainMs = accepted.length > 1 ? accepted[accepted.length - 1].at - accepted[0].at + WINDOW_MS / LIMIT : 0

  // The hub holds the change on a product in Roupas, and nothing of it on another.
  const problems: string[] = []
  const [inRoupas, other] = [[...seeded.affected][0], [...seeded.unaffected][1]]
  const changed = await control(sandbox, "GET", `/products/${encodeURIComponent(inRoupas)}`)
  if (changed.categories?.[0]?.code !== HUB_CATEGORY_ID || !changed.specifications?.some((spec: { key: string; value: string }) => spec.key === material.name && spec.value === MATERIAL)) {
    problems.push(`${inRoupas}: the hub holds categories ${JSON.stringify(changed.categories)}, specifications ${JSON.stringify(changed.specifications)}`)
  }
  const untouched = await control(sandbox, "GET", `/products/${encodeURIComponent(other)}`)
  if (untouched.categories?.some((category: { code: string }) => category.code === HUB_CATEGORY_ID)) problems.push(`${other}: not in Roupas, yet the hub holds ${JSON.stringify(untouched.categories)}`)
  if (perSku.size !== seeded.affected.size) problems.push(`${seeded.affected.size - perSku.size} products in Roupas got no request`)
  return {
    entries,
    toAffected,
    toUnaffected,
    sentTwice: [...perSku.values()].filter((count) => count > 1).length,
    rateLimited: entries.filter((entry) => entry.status === 429).length,
    drainPuts: accepted.length,
    drainMs,
    rate: drainMs > 0 ? accepted.length / (drainMs / 1000) : 0,
    madeDue,
    saveMs,
    settledMs,
    problems,
  }
}

// ---- The sync errors read ------------------------------------------------------------------

async function measureSyncErrorsRead(container: MedusaContainer, sandbox: SandboxProcess, skus: string[]) {
  log(`reporting ${SYNC_ERRORS} product sync errors on the sandbox`)
  // The sandbox has no bulk route: one control request each, 16 at a time (each SKU once per error code).
  for (let start = 0; start < SYNC_ERRORS; start += 16) {
    await Promise.all(
      Array.from({ length: Math.min(16, SYNC_ERRORS - start) }, (_, offset) => {
        const n = start + offset
        const code = ERROR_CODES[Math.floor(n / skus.length) % ERROR_CODES.length]
        const entityId = n < skus.length * ERROR_CODES.length ? skus[n % skus.length] : `ERR-${n}`
        return control(sandbox, "POST", "/sync_errors", { entity: "products", entity_id: entityId, error_code: code, error_category_code: "link_b2w_products", message: `Recusado pelo marketplace (${code})` })
      })
    )
  }
  // The store's budget for the listing must have no earlier use in its window (none: it was never read).
  await control(sandbox, "DELETE", "/requests")
  log("reading the account's sync errors")
  const started = Date.now()
  const { result, memory } = await sampleMemory(() => readSyncErrors(container, container.resolve<HubModuleService>(HUB_MODULE).account(DEFAULT_ACCOUNT)), { heapPeak: true })
  const ms = Date.now() - started
  if (!result) throw new Error("the read did not run: another process held its lock")
  const entries = await requestLog(sandbox)
  const productEntries = entries.filter((entry) => entry.method === "GET" && entry.path.startsWith("/sync_errors/products"))
  const pg = await connect(DATABASE)
  const { rows } = await pg.query("select count(*)::int as count from hub_sync_error where account = $1 and entity = 'products' and deleted_at is null", [DEFAULT_ACCOUNT])
  // For scale: the live heap the errors take held all at once (the recorded rows read back), what a read that kept them would add.
  global.gc?.()
  const heapBefore = process.memoryUsage().heapUsed
  const held = await pg.query("select entity_id, error_category_code, error_code, message, name, solution, occurrences, last_occurrence from hub_sync_error where account = $1 and entity = 'products'", [DEFAULT_ACCOUNT])
  global.gc?.()
  const heldWhole = { bytes: process.memoryUsage().heapUsed - heapBefore, rows: held.rows.length }
  await pg.end()
  return {
    result,
    memory,
    ms,
    entries,
    productEntries,
    productGets: productEntries.length,
    pagesNeeded: Math.floor(SYNC_ERRORS / HUB_PAGE_SIZE) + 1,
    glossaryGets: entries.filter((entry) => entry.method === "GET" && entry.path.startsWith("/sync_errors/categories")).length,
    rows: rows[0].count as number,
    heldWhole,
  }
}

// ---- Reading the request log ---------------------------------------------------------------

/** The hub SKU a request is about: `/products/{sku}`'s, or a create's body's; "" for another request. */
function skuOf(entry: SandboxRequestLogEntry): string {
  const [, resource, sku] = entry.path.split("?")[0].split("/")
  if (resource !== "products") return ""
  if (sku) return decodeURIComponent(sku)
  return String((entry.body as { product?: { sku?: string } } | undefined)?.product?.sku ?? "")
}

const describe = (entry: SandboxRequestLogEntry) => `${entry.method} ${entry.path} ${entry.status} ${JSON.stringify(entry.body ?? null).slice(0, 200)}`

/** "2500 × PUT, 1 × POST" */
function byMethod(entries: SandboxRequestLogEntry[]): string {
  const counts = new Map<string, number>()
  for (const entry of entries) counts.set(entry.method, (counts.get(entry.method) ?? 0) + 1)
  return [...counts].map(([method, count]) => `${count} × ${method}`).join(", ")
}

/** "PUT categories+specifications ×2500": what each write carried. */
function byBodyKeys(entries: SandboxRequestLogEntry[]): string {
  const counts = new Map<string, number>()
  for (const entry of entries) {
    const key = `${entry.method} ${Object.keys((entry.body as { product?: object } | undefined)?.product ?? {}).sort().join("+")}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return [...counts].map(([key, count]) => `${key} ×${count}`).join(", ")
}

/** "PUT /products 2500, GET /sync_errors/products 51": a product's path counted with its resource's. */
function byEndpoint(entries: SandboxRequestLogEntry[]): string {
  const counts = new Map<string, number>()
  for (const entry of entries) {
    const path = entry.path.split("?")[0]
    const key = `${entry.method} ${path.startsWith("/products") ? "/products" : path}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return [...counts].map(([key, count]) => `${key} ${count}`).join(", ")
}

runBench(main)
