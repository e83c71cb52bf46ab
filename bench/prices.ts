/*
 * bench/prices: marketplace price rules (issue 41) measured in one run against the sandbox hub over HTTP.
 *
 *   node --expose-gc -r ts-node/register bench/prices.ts [--quick]
 *
 * Boots the development store (medusa-config.ts, src/) on a fresh PostgreSQL database with prices
 * kept in sync (`catalogueFields` price, promotional_price), the sandbox hub in a child process, and
 * prints:
 *   - a rule change over BENCH_SKUS SKUs (5,000; each at 100.00 BRL, in sync on the hub, every second
 *     one in a category): rules giving that category +15 % saved as the admin route saves them
 *     (POST /admin/hub/prices/rules: the rules saved and answered, then every SKU of the account
 *     recorded again by the flusher's walk), until the outbox is empty: the route's answer time (goal
 *     <= 1 s), requests per SKU whose hub price changed (goal 1.00), the achieved PUT rate / the
 *     configured limit while the backlog drains (goal >= 0.90), the 429s (goal 0); every
 *     changed SKU must be on the hub at its new price and no other SKU have had a PUT, or the bench
 *     fails;
 *   - the preview of other rules over a BENCH_CATALOGUE-SKU catalogue (50,000: those SKUs and copies
 *     of them made by SQL, bench/lib/clone-catalogue.ts, the hub holding each at its price), run as
 *     POST /admin/hub/prices/preview runs it (the whole catalogue a chunk at a time): the growth of
 *     this process's resident memory and of its live JS heap (goal <= 64 MB each), its time (goal
 *     <= 0.2 ms per SKU: 10 s for 50,000, issue 51) beside that of the same preview through Query,
 *     500 SKUs a chunk, as the route made it before issue 51 (its summary must be the route's), and
 *     beside that of one stock reconciliation of the same catalogue (no goal: both printed, and their
 *     ratio). All three run with the memory sampler on (a full GC a second).
 * `--quick`: 500 SKUs, a 5,000-SKU catalogue. BENCH_PUT_LIMIT / BENCH_GET_LIMIT: the hub's limits per
 * second (40 / 50, as bench/stock). Database: DB_HOST, DB_PORT, DB_USERNAME, DB_PASSWORD; BENCH_DATABASE
 * (default medusa_hub_bench_prices) is dropped and created again. Not part of `npm test`.
 */
import { HUB_MODULE } from "../src/modules/hub"
import os from "node:os"
import { setTimeout as sleep } from "node:timers/promises"
import { createProductCategoriesWorkflow } from "@medusajs/core-flows"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { POST as previewRoute } from "../src/api/admin/hub/prices/preview/route"
import { PostPricePreviewQuerySchema } from "../src/api/admin/hub/prices/preview/validators"
import { POST as saveRulesRoute } from "../src/api/admin/hub/prices/rules/route"
import { HubAccountQuerySchema } from "../src/api/admin/hub/account-query"
import { hubPriceRulesSchema, type HubPriceRulesInput } from "../src/mapping/hub-price-rules"
import type { HubProductFields } from "../src/mapping/hub-product"
import { DEFAULT_ACCOUNT } from "../src/modules/hub/accounts"
import { ruledVariantPrices } from "../src/queries/hub-prices"
import { previewLine } from "../src/queries/price-preview"
import type HubModuleService from "../src/modules/hub/service"
import type { SandboxRequestLogEntry } from "../src/sandbox"
import { reconcileCatalogue } from "../src/sync/catalogue/catalogue-reconciliation"
import { hubProducts } from "./lib/accounts"
import { cloneCatalogue, PRODUCT_TABLES } from "./lib/clone-catalogue"
import { figure, info } from "./lib/figures"
import { mb, sampleMemory, type MemoryUse } from "./lib/memory"
import { bootStore, byStatus, connect, control, recreateDatabase, requestLog, runBench, settled, startSandbox, type SandboxProcess } from "./lib/store"

const QUICK = process.argv.includes("--quick")
const SKUS = Number(process.env.BENCH_SKUS ?? (QUICK ? 500 : 5_000))
const CATALOGUE = Number(process.env.BENCH_CATALOGUE ?? (QUICK ? 5_000 : 50_000))
const PUT_LIMIT = Number(process.env.BENCH_PUT_LIMIT ?? 40)
const GET_LIMIT = Number(process.env.BENCH_GET_LIMIT ?? 50)
const WINDOW_MS = 1000
const DATABASE = process.env.BENCH_DATABASE ?? "medusa_hub_bench_prices"
if (SKUS % 2 || CATALOGUE % SKUS) throw new Error("BENCH_SKUS must be even and BENCH_CATALOGUE a multiple of it")
const RATE_LIMITS = { "PUT /products": { limit: PUT_LIMIT, windowMs: WINDOW_MS }, "GET /products": { limit: GET_LIMIT, windowMs: WINDOW_MS } }
/** Every seeded SKU's price in the store's region (BRL), and the markup of the category holding half of them. */
const PRICE = 100
const MARKUP_PERCENT = 15
/** What the hub and the outbox hold of a seeded SKU in sync: a cleared promotional price goes as the price (option promotionalPriceClearedAs). */
const SEEDED_FIELDS: HubProductFields = { qty: 0, price: PRICE, promotional_price: PRICE }
/** The preview's goal per SKU (issue 51: 50,000 SKUs in 10 s). */
const PREVIEW_MS_PER_SKU = 0.2
const SKU_PREFIX = "P-"
const SKU_DIGITS = 6

const log = (message: string) => console.error(`[bench:prices] ${message}`)
/** SKU n, from 1. The even ones are in the category the rules mark up. */
const skuOf = (n: number) => `${SKU_PREFIX}${String(n).padStart(SKU_DIGITS, "0")}`
const inCategory = (n: number) => n % 2 === 0

async function main() {
  await recreateDatabase(DATABASE)
  const sandbox = await startSandbox(Object.entries(RATE_LIMITS).flatMap(([bucket, { limit }]) => ["--rate-limit", `${bucket}=${limit}/${WINDOW_MS}`]))
  let shutdown: (() => Promise<void>) | undefined
  try {
    log("booting the store")
    // The client must know the hub's limits: the sandbox's.
    const store = await bootStore(DATABASE, sandbox, { HUB_CATALOGUE_FIELDS: "price,promotional_price", HUB_RATE_LIMITS: JSON.stringify(RATE_LIMITS) })
    shutdown = store.shutdown
    const container = store.container
    const hub: HubModuleService = container.resolve("hub")

    const seeded = await seed(container, hub, sandbox)
    const change = await measureRuleChange(container, hub, sandbox, seeded.categoryId)
    await growCatalogue(sandbox, seeded.productIds)
    const preview = await measurePreview(container, seeded.categoryId)
    const throughQuery = await measureQueryPreview(container, seeded.categoryId)
    const reconciliation = await measureReconciliation(container, sandbox)

    console.log(
      `# bench/prices — ${new Date().toISOString()}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}, PostgreSQL ${seeded.pgVersion}; ` +
        `a rule change over ${SKUS} SKUs (half of them +${MARKUP_PERCENT} %), PUT limit ${PUT_LIMIT}/${WINDOW_MS} ms on both sides; ` +
        `the preview and a reconciliation of ${CATALOGUE} SKUs (GET limit ${GET_LIMIT}/${WINDOW_MS} ms)`
    )
    figure("prices: requests per SKU whose hub price changed", change.puts / change.changed, { at: "=", target: 1 }, {
      detail: `${change.puts} PUTs for ${change.changed} SKUs whose price changed, ${change.putsToUnchanged} to the ${SKUS - change.changed} others; ${byStatus(change.entries)}`,
    })
    figure("prices: achieved rate / limit", change.rateRatio, { at: ">=", target: 0.9 }, {
      detail: `${change.drainPuts} PUTs in ${(change.drainMs / 1000).toFixed(1)} s while a backlog of ${change.backlogAtDrainStart} drained, once the walk had recorded every SKU`,
    })
    figure("prices: rule save answered in", change.routeMs, { at: "<=", target: 1000, unit: "ms" }, { digits: 0, detail: `the walk over ${SKUS} SKUs went on after the answer` })
    figure("prices: 429 answers", change.rateLimited, { at: "<=", target: 0 }, { digits: 0 })
    figure("prices: hub prices equal to the rules'", change.matching / SKUS, { at: ">=", target: 1 }, { detail: `${change.matching}/${SKUS}` })
    info(
      "prices: rule change",
      `saved in ${change.routeMs} ms, ${SKUS} SKUs recorded again by ${(change.walkMs / 1000).toFixed(1)} s, the outbox empty ${(change.settledMs / 1000).toFixed(1)} s after the save began`,
      `${change.entries.length - change.drainPuts} PUTs while the walk recorded; over the whole change ${change.entries.length} PUTs in ${(change.wholeMs / 1000).toFixed(1)} s, ${change.wholeRatio.toFixed(2)} of the limit`
    )
    figure(`prices: preview of ${CATALOGUE} SKUs`, preview.ms / 1000, { at: "<=", target: (CATALOGUE * PREVIEW_MS_PER_SKU) / 1000, unit: "s" }, {
      detail:
        `${(preview.ms / CATALOGUE).toFixed(3)} ms per SKU (goal <= ${PREVIEW_MS_PER_SKU}); through Query, as before issue 51: ${(throughQuery.ms / 1000).toFixed(1)} s, ` +
        `${(throughQuery.ms / CATALOGUE).toFixed(3)} ms per SKU, ${(throughQuery.ms / preview.ms).toFixed(1)} times as long, resident memory +${mb(throughQuery.memory.rssPeak - throughQuery.memory.rssBefore).toFixed(1)} MB`,
    })
    for (const [name, growth] of [["resident memory", preview.memory.rssPeak - preview.memory.rssBefore], ["live JS heap", preview.memory.heapPeak - preview.memory.heapBefore]] as const) {
      figure(`prices: preview of ${CATALOGUE} SKUs, ${name} growth`, mb(growth), { at: "<=", target: 64, unit: "MB" }, { digits: 1, detail: memoryDetail(preview.memory) })
    }
    info(
      `prices: preview of ${CATALOGUE} SKUs beside one reconciliation`,
      `${(preview.ms / 1000).toFixed(1)} s / ${(reconciliation.ms / 1000).toFixed(1)} s = ${(preview.ms / reconciliation.ms).toFixed(2)}`,
      `preview: ${preview.summary.changing} changing, ${preview.summary.held} held; reconciliation: ${reconciliation.seen} seen, ${reconciliation.differing} differing, ` +
        `${reconciliation.unknown} unknown, ${reconciliation.gets}, resident memory +${mb(reconciliation.memory.rssPeak - reconciliation.memory.rssBefore).toFixed(1)} MB`
    )
    // Printed first, so a failed run still shows what it measured.
    if (change.problems.length) throw new Error(`the rule change did not reach the hub as it should:\n  ${change.problems.slice(0, 20).join("\n  ")}`)
  } finally {
    await shutdown?.().catch(() => undefined)
    sandbox.child.kill("SIGTERM")
  }
}

const memoryDetail = (memory: MemoryUse) =>
  `resident ${mb(memory.rssBefore).toFixed(0)} MB before, peak ${mb(memory.rssPeak).toFixed(0)} MB; live heap ${mb(memory.heapBefore).toFixed(0)} MB before, peak ${mb(memory.heapPeak).toFixed(0)} MB`

/**
 * Runs an admin route's handler on a request its middlewares validated (the same code as over HTTP,
 * without the HTTP) and resolves with the body it answered.
 */
async function callRoute<Answer>(handler: (req: MedusaRequest<never>, res: MedusaResponse) => Promise<void>, container: MedusaContainer, query: unknown, body: unknown): Promise<Answer> {
  let answer: Answer | undefined
  const res = { status: () => res, json: (sent: Answer) => ((answer = sent), res) }
  await handler({ scope: container, validatedQuery: query, validatedBody: body } as unknown as MedusaRequest<never>, res as unknown as MedusaResponse)
  if (answer === undefined) throw new Error("the route answered no body")
  return answer
}

// ---- Setup -------------------------------------------------------------------------------

/**
 * SKUS products at PRICE, every even one in a category of its own, in sync on the hub: the sandbox
 * holds each, and the outbox records each as accepted there before the store creates them, so
 * seeding sends nothing (a SKU whose reading differs all the same is pushed, and waited for).
 */
async function seed(container: MedusaContainer, hub: HubModuleService, sandbox: SandboxProcess) {
  log(`seeding ${SKUS} SKUs`)
  const numbers = Array.from({ length: SKUS }, (_, index) => index + 1)
  const skus = numbers.map(skuOf)
  for (let start = 0; start < skus.length; start += 5_000) {
    await control(sandbox, "POST", "/products", skus.slice(start, start + 5_000).map((sku) => ({ sku, ...SEEDED_FIELDS })))
  }
  const pg = await connect(DATABASE)
  await pg.query(
    `insert into hub_catalogue_change (id, account, sku, available_quantity, wanted, accepted, state, changed_at, last_changed_at, sent_quantity, sent_at)
     select 'hubcch_bench' || sku, $3, sku, 0, $2::jsonb, $2::jsonb, 'sent', now(), now(), 0, now() from unnest($1::text[]) as sku`,
    [skus, JSON.stringify(SEEDED_FIELDS), DEFAULT_ACCOUNT]
  )
  const { seedStore } = require("../integration-tests/helpers/store")
  const started = Date.now()
  const store = await seedStore(container, { products: skus.map((sku) => ({ sku, stocked: 0, price: PRICE })) })
  const {
    result: [category],
  } = await createProductCategoriesWorkflow(container).run({ input: { product_categories: [{ name: "Marcados", handle: "marcados", is_active: true }] } })
  const productIds: string[] = skus.map((sku) => store.variantsBySku[sku].product_id)
  // Quietly, as the rules read it: nothing the outbox reads before rules exist depends on a category.
  await pg.query(`insert into product_category_product (product_id, product_category_id) select product_id, $2 from unnest($1::text[]) as product_id`, [
    numbers.filter(inCategory).map((n) => productIds[n - 1]),
    category.id,
  ])
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s; waiting for the seeding's events to settle`)
  await settled(hub, [DEFAULT_ACCOUNT])
  // A recording equal to the row leaves it as it was: the rows are given their variants as a store in sync has them.
  await pg.query(
    `update hub_catalogue_change c set variant_id = v.id, product_id = v.product_id from product_variant v
     where v.sku = c.sku and v.deleted_at is null and c.deleted_at is null and c.variant_id is null`
  )
  const { rows } = await pg.query("show server_version")
  await pg.end()
  await control(sandbox, "DELETE", "/requests")
  return { productIds, categoryId: category.id as string, pgVersion: rows[0].server_version as string }
}

// ---- The rule change ---------------------------------------------------------------------

async function measureRuleChange(container: MedusaContainer, hub: HubModuleService, sandbox: SandboxProcess, categoryId: string) {
  const rules = hubPriceRulesSchema.parse({ markup_percent: 0, categories: [{ category_id: categoryId, markup_percent: MARKUP_PERCENT }] } satisfies HubPriceRulesInput)
  log(`saving rules: +${MARKUP_PERCENT} % on ${SKUS / 2} of ${SKUS} SKUs`)
  const started = Date.now()
  await callRoute(saveRulesRoute, container, HubAccountQuerySchema.parse({ account: DEFAULT_ACCOUNT }), rules)
  const routeMs = Date.now() - started
  // The route answers once the rules are saved; the account's flusher then walks the catalogue, a
  // chunk at a time, pushes starting meanwhile. The backlog is whole once the walk is over: the drain
  // is measured from there, as bench/stock measures it from its last event written.
  const { records } = hub.account(DEFAULT_ACCOUNT)
  while (await records.settings.priceRulesProgress()) await sleep(100)
  const drainStartedAt = Date.now()
  const walkMs = drainStartedAt - started
  const backlogAtDrainStart = (await records.catalogueFigures()).backlog
  log(`saved in ${routeMs} ms, every SKU recorded again ${(walkMs / 1000).toFixed(1)} s after; ${backlogAtDrainStart} SKUs waiting`)
  await settled(hub, [DEFAULT_ACCOUNT], 1_000)
  const settledMs = Date.now() - started

  const entries = (await requestLog(sandbox)).filter((entry) => entry.method === "PUT")
  const expected = new Map(Array.from({ length: SKUS }, (_, index) => [skuOf(index + 1), inCategory(index + 1) ? (PRICE * (100 + MARKUP_PERCENT)) / 100 : PRICE]))
  const changed = new Set([...expected].filter(([, price]) => price !== PRICE).map(([sku]) => sku))
  const putsBySku = new Map<string, SandboxRequestLogEntry[]>()
  for (const entry of entries) {
    const sku = decodeURIComponent(entry.path.split("/")[2])
    putsBySku.set(sku, [...(putsBySku.get(sku) ?? []), entry])
  }
  const drainPuts = entries.filter((entry) => entry.at >= drainStartedAt)
  const drainMs = drainPuts.length > 1 ? drainPuts[drainPuts.length - 1].at - drainPuts[0].at : 0
  const wholeMs = entries.length > 1 ? entries[entries.length - 1].at - entries[0].at : 0
  const problems: string[] = []
  for (const [sku, puts] of putsBySku) if (!changed.has(sku)) problems.push(`${sku}: its hub price did not change, yet ${puts.length} PUT(s): ${byStatus(puts)}`)

  // Every hub price read back after the measurement (its GETs come after the PUTs counted).
  let matching = 0
  for await (const product of hubProducts(sandbox, RATE_LIMITS)) {
    const price = expected.get(product.sku)
    if (price === undefined) continue
    // The promotional price follows the price (cleared as the price, option promotionalPriceClearedAs).
    if (product.price === price && product.promotional_price === price) matching++
    else problems.push(`${product.sku}: the hub holds ${product.price} (promotional ${product.promotional_price}), the rules make ${price}`)
    expected.delete(product.sku)
  }
  for (const sku of expected.keys()) problems.push(`${sku}: not on the hub`)
  return {
    changed: changed.size,
    entries,
    puts: entries.filter((entry) => changed.has(decodeURIComponent(entry.path.split("/")[2]))).length,
    putsToUnchanged: entries.filter((entry) => !changed.has(decodeURIComponent(entry.path.split("/")[2]))).length,
    // As bench/stock computes it: the intervals between the first and the last PUT of the drain.
    rateRatio: drainMs > 0 ? (drainPuts.length - 1) / (drainMs / 1000) / PUT_LIMIT : 0,
    drainPuts: drainPuts.length,
    drainMs,
    wholeRatio: wholeMs > 0 ? (entries.length - 1) / (wholeMs / 1000) / PUT_LIMIT : 0,
    wholeMs,
    backlogAtDrainStart,
    rateLimited: entries.filter((entry) => entry.status === 429).length,
    matching,
    routeMs,
    walkMs,
    settledMs,
    problems,
  }
}

// ---- The catalogue of CATALOGUE SKUs -----------------------------------------------------

/**
 * The catalogue grown to CATALOGUE SKUs by copies of the seeded products (each copy in its
 * template's category), with their outbox rows as the rule change left the template's, and on the
 * hub at those prices: a store in sync, as the reconciliation finds it.
 */
async function growCatalogue(sandbox: SandboxProcess, productIds: string[]) {
  const copies = CATALOGUE / SKUS - 1
  if (!copies) return
  log(`copying the ${SKUS} products ${copies} times: ${CATALOGUE} SKUs`)
  const started = Date.now()
  const pg = await connect(DATABASE)
  const outbox = { table: "hub_catalogue_change", where: "product_id = any($1) and deleted_at is null", suffixed: ["id", "variant_id", "product_id"], sku: "sku" }
  const written = await cloneCatalogue(pg, [...PRODUCT_TABLES, outbox], { productIds, copies, prefix: SKU_PREFIX, digits: SKU_DIGITS, templates: SKUS })
  if (written.product_variant !== SKUS * copies || written.hub_catalogue_change !== SKUS * copies) throw new Error(`the copies are not whole: ${JSON.stringify(written)}`)
  const { rows } = await pg.query<{ sku: string; accepted: HubProductFields }>(
    "select sku, accepted from hub_catalogue_change where account = $1 and sku > $2 and deleted_at is null order by sku",
    [DEFAULT_ACCOUNT, skuOf(SKUS)]
  )
  await pg.end()
  for (let start = 0; start < rows.length; start += 5_000) {
    await control(sandbox, "POST", "/products", rows.slice(start, start + 5_000).map(({ sku, accepted }) => ({ sku, qty: accepted.qty, price: accepted.price, promotional_price: accepted.promotional_price })))
  }
  log(`copied in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

// ---- The preview and the reconciliation --------------------------------------------------

type PreviewAnswer = { count: number; summary: { skus: number; changing: number; held: number } }

/** The rules previewed: every SKU's price would change (the category +25 %, the rest +5 %, to the next ,90). */
const previewRules = (categoryId: string) =>
  hubPriceRulesSchema.parse({
    markup_percent: 5,
    categories: [{ category_id: categoryId, markup_percent: 25 }],
    rounding: { kind: "ending", ending_cents: 90 },
  } satisfies HubPriceRulesInput)

/** Other rules previewed over the whole catalogue as the route runs them: the summary must count every SKU as changing. */
async function measurePreview(container: MedusaContainer, categoryId: string) {
  const rules = previewRules(categoryId)
  const query = PostPricePreviewQuerySchema.parse({ account: DEFAULT_ACCOUNT })
  log(`previewing rules over ${CATALOGUE} SKUs`)
  const started = Date.now()
  const { result, memory } = await sampleMemory(() => callRoute<PreviewAnswer>(previewRoute, container, query, rules), { heapPeak: true })
  const ms = Date.now() - started
  const { summary } = result
  if (summary.skus !== CATALOGUE || summary.changing !== CATALOGUE || summary.held !== 0) throw new Error(`the preview should see ${CATALOGUE} SKUs, all changing: ${JSON.stringify(summary)}`)
  return { ms, memory, summary }
}

/** The outbox rows per chunk the preview read before issue 51. */
const QUERY_PREVIEW_CHUNK = 500

/**
 * The same preview as the route made it before issue 51, for its time: the outbox 500 rows at a time,
 * Medusa read through Query for each chunk (as the walk applying saved rules reads it), the same
 * lines made of them. Its summary must be the route's.
 */
async function measureQueryPreview(container: MedusaContainer, categoryId: string) {
  const hub: HubModuleService = container.resolve("hub")
  const { options } = hub.account(DEFAULT_ACCOUNT)
  const rules = previewRules(categoryId)
  const limit = { limitPercent: options.priceCutLimitPercent, marginPercent: options.priceCutMarginPercent }
  log(`previewing the same rules through Query, ${QUERY_PREVIEW_CHUNK} SKUs a chunk`)
  const started = Date.now()
  const { result: summary, memory } = await sampleMemory(
    async () => {
      const summary = { skus: 0, changing: 0, held: 0 }
      for (let start = 0; ; start += QUERY_PREVIEW_CHUNK) {
        const rows = await hub.listHubCatalogueChanges({ account: DEFAULT_ACCOUNT }, { select: ["sku", "variant_id", "accepted"], order: { sku: "ASC" }, skip: start, take: QUERY_PREVIEW_CHUNK })
        if (!rows.length) return summary
        const { prices } = await ruledVariantPrices(container, rows.flatMap((row) => (row.variant_id ? [row.variant_id] : [])), options, rules)
        for (const row of rows) {
          const line = previewLine({ sku: row.sku, hub_price: (row.accepted as HubProductFields | null)?.price ?? null }, row.variant_id ? prices.get(row.variant_id) : undefined, limit)
          summary.skus++
          if (line.held) summary.held++
          else if (line.steps > 0) summary.changing++
        }
      }
    },
    { heapPeak: true }
  )
  const ms = Date.now() - started
  if (summary.skus !== CATALOGUE || summary.changing !== CATALOGUE || summary.held !== 0) throw new Error(`the preview through Query should see ${CATALOGUE} SKUs, all changing: ${JSON.stringify(summary)}`)
  return { ms, memory }
}

async function measureReconciliation(container: MedusaContainer, sandbox: SandboxProcess) {
  // The read-back client's budget on the same hub account must have run out before the walk counts on the whole limit.
  await sleep(2 * WINDOW_MS)
  await control(sandbox, "DELETE", "/requests")
  log(`reconciling ${CATALOGUE} hub products`)
  const started = Date.now()
  const { result, memory } = await sampleMemory(() => reconcileCatalogue(container, container.resolve<HubModuleService>(HUB_MODULE).account(DEFAULT_ACCOUNT)), { heapPeak: true })
  const ms = Date.now() - started
  if (!result) throw new Error("the reconciliation did not run: another process held its lock")
  if (result.error) throw new Error(`the reconciliation ended early: ${result.error}`)
  const gets = (await requestLog(sandbox)).filter((entry) => entry.method === "GET" && entry.path.startsWith("/products"))
  return { ms, memory, seen: result.seen, differing: result.differing, unknown: result.unknown, gets: `${gets.length} GETs: ${byStatus(gets)}` }
}

runBench(main)
