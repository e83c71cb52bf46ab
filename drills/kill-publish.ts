/*
 * Drill: SIGKILL during a catalogue's first publication (option `publishProducts`, docs/catalogue.md
 * "Publishing products"). A worker process (`medusa start`, jobs on, the production shape of
 * integration-tests/helpers/store-processes.ts) publishes PRODUCTS products (600, --quick 150; a fifth
 * configurable, 4 variants) seeded with publication off by a separate process, against the sandbox hub
 * in a process of its own at POST_LIMIT creates a second; it is killed with SIGKILL KILLS times (5,
 * --quick 3) while its creates go out (seen in the sandbox's request log), restarted at once, and then
 * runs until every product is published. The lease is 3 s, so the dead worker's claims lapse quickly.
 * Goals: every product on the hub once, one accepted `POST /products` per product (no 422 for a SKU
 * already there), every `hub_product_publication` row published, configurable products with 4 variations.
 *   node -r ts-node/register drills/kill-publish.ts [--quick]
 */
import path from "node:path"
import { mulberry32 } from "../src/sandbox/traffic"
import type { SandboxProduct } from "../src/sandbox/records"
import { StoreProcesses, waitFor } from "../integration-tests/helpers/store-processes"
import { control, requestLog, startSandbox } from "../bench/lib/store"
import { DrillReport, log as logger, QUICK, runDrill } from "./lib/figures"
import { publishableProduct } from "../integration-tests/helpers/publishable-products"

const DRILL = "kill-publish"
const log = logger(DRILL)
const PRODUCTS = Number(process.env.DRILL_PUBLISH_PRODUCTS ?? (QUICK ? 150 : 600))
const KILLS = Number(process.env.DRILL_KILLS ?? (QUICK ? 3 : 5))
const POST_LIMIT = 30
const SEED_SCRIPT = path.join(__dirname, "lib", "seed-publishable-script.ts")
const draw = mulberry32(31)
const random = (below: number) => Math.floor(draw() * below)

async function main(): Promise<DrillReport> {
  const report = new DrillReport(DRILL)
  // The creates, and the read before each, at POST_LIMIT a second on both sides.
  const limits = { "POST /products": { limit: POST_LIMIT, windowMs: 1000 }, "GET /products": { limit: POST_LIMIT, windowMs: 1000 } }
  const sandbox = await startSandbox(Object.entries(limits).flatMap(([bucket, { limit }]) => ["--rate-limit", `${bucket}=${limit}/1000`]))
  log(`sandbox hub at ${sandbox.url}; setting up the store's database`)
  // The harness's own in-process hub stays idle: HUB_* point every process at the sandbox's process.
  const store = await StoreProcesses.setUp({
    name: "drill-kill-publish",
    products: [],
    env: { ...sandbox.env, HUB_RATE_LIMITS: JSON.stringify(limits), HUB_CATALOGUE_LEASE_MS: "3000", HUB_PUBLISH_PRODUCTS: "false" },
  }).catch((error) => {
    sandbox.child.kill("SIGTERM")
    throw error
  })
  try {
    const sql = store.sql
    const count = async (query: string) => Number((await sql<{ count: string }>(query))[0].count)
    const published = () => count("select count(*) from hub_product_publication where deleted_at is null and state = 'published' and due_at is null")
    const creates = async () => (await requestLog(sandbox)).filter((entry) => entry.method === "POST" && entry.path === "/products")
    const skuOf = (entry: { body?: unknown }) => (entry.body as { product?: { sku?: string } } | undefined)?.product?.sku ?? "?"
    const accepted = (status: number | string) => typeof status === "number" && status >= 200 && status < 300

    log(`seeding ${PRODUCTS} publishable products from a separate process (publication off)`)
    const seedingStartedAt = Date.now()
    await store.exec(SEED_SCRIPT, { DRILL_PUBLISH_PRODUCTS: String(PRODUCTS) })
    log(`seeded in ${((Date.now() - seedingStartedAt) / 1000).toFixed(0)} s`)
    await control(sandbox, "DELETE", "/requests")

    const worker = await store.add("worker", "worker", { HUB_PUBLISH_PRODUCTS: "true", HUB_JOBS: "true" })
    const startedAt = Date.now()
    let kills = 0
    let killsMidRound = 0
    const unrecordedAtKills = new Set<string>()
    const step = Math.max(1, Math.floor(PRODUCTS / (KILLS + 1)))
    while (kills < KILLS) {
      if (!worker.pid) await worker.start()
      const before = (await creates()).length
      // Most kills after some of this run's creates went out; every third at its very first.
      const target = before + 1 + (kills % 3 === 2 ? 0 : random(step))
      const reached = await waitFor(
        "creates to go out",
        async () => ((await creates()).length >= target ? true : (await published()) === PRODUCTS ? false : undefined),
        4 * 60_000,
        100
      )
      if (!reached) break
      await worker.kill("SIGKILL")
      kills++
      // One worker: what it held and what it created without a record are exactly what it left.
      const claimed = await count("select count(*) from hub_product_publication where claim_token is not null and claimed_until > now()")
      const recorded = new Set((await sql<{ sku: string }>("select sku from hub_product_publication where state = 'published'")).map((row) => row.sku))
      const unrecorded = (await creates()).filter((entry) => accepted(entry.status) && !recorded.has(skuOf(entry))).map(skuOf)
      for (const sku of unrecorded) unrecordedAtKills.add(sku)
      if (claimed > 0) killsMidRound++
      log(`kill ${kills}/${KILLS} after ${(await creates()).length} creates: ${await published()} of ${PRODUCTS} published, ${claimed} claimed, ${unrecorded.length} created without a record`)
    }

    log("after the kills: publishing until every row is published")
    const finalStartedAt = Date.now()
    if (!worker.pid) await worker.start()
    await waitFor("every product published", async () => ((await published()) === PRODUCTS ? true : undefined), (QUICK ? 3 : 6) * 60_000, 1_000).catch((error) =>
      log((error as Error).message)
    )
    const finalMs = Date.now() - finalStartedAt
    const tookMs = Date.now() - startedAt
    await worker.kill("SIGKILL")

    // ---- What the hub holds, and what it was sent
    const hubLog = await requestLog(sandbox)
    const posts = hubLog.filter((entry) => entry.method === "POST" && entry.path === "/products")
    const acceptedBySku = new Map<string, number>()
    for (const entry of posts) if (accepted(entry.status)) acceptedBySku.set(skuOf(entry), (acceptedBySku.get(skuOf(entry)) ?? 0) + 1)
    const refused422 = posts.filter((entry) => entry.status === 422)
    const seed = Array.from({ length: PRODUCTS }, (_, index) => publishableProduct(index))
    let onHub = 0
    const wrongVariations: string[] = []
    for (const product of seed) {
      const held = (await control(sandbox, "GET", `/products/${encodeURIComponent(product.hubSku)}`).catch(() => null)) as SandboxProduct | null
      if (!held || held.sku !== product.hubSku) continue
      onHub++
      if (product.configurable && held.variations?.length !== 4) wrongVariations.push(`${product.hubSku}: ${held.variations?.length ?? 0} variations`)
    }
    const seedSkus = new Set(seed.map((product) => product.hubSku))
    const acceptedCreates = [...acceptedBySku].filter(([sku]) => seedSkus.has(sku)).reduce((sum, [, times]) => sum + times, 0)
    const duplicated = [...acceptedBySku].filter(([, times]) => times > 1)
    const rows = await sql<{ product_id: string; sku: string | null; state: string; due_at: string | null; linked: boolean; hub_error: string | null }>(
      "select product_id, sku, state, due_at, linked, hub_error from hub_product_publication where deleted_at is null"
    )
    const notPublished = PRODUCTS - rows.filter((row) => row.state === "published" && row.due_at === null).length
    const linkedAfterKill = rows.filter((row) => row.sku && unrecordedAtKills.has(row.sku) && row.state === "published" && row.linked).length
    const byStatus = new Map<string, number>()
    for (const entry of posts) byStatus.set(String(entry.status), (byStatus.get(String(entry.status)) ?? 0) + 1)

    report.note(
      `${PRODUCTS} products (${seed.filter((product) => product.configurable).length} configurable), POST /products ${POST_LIMIT}/s; published in ${(tookMs / 1000).toFixed(0)} s, the last ones ${(finalMs / 1000).toFixed(0)} s after the last kill`
    )
    report.note(`POST /products answers: ${[...byStatus].map(([status, times]) => `${times} × ${status}`).join(", ")}; ${hubLog.length} hub requests in all`)
    report.note(`creates a kill left without a record: ${unrecordedAtKills.size}, of them published afterwards (read back and linked): ${linkedAfterKill}`)
    for (const line of [
      ...duplicated.map(([sku, times]) => `${sku} created ${times} times`),
      ...refused422.map((entry) => `422 for ${skuOf(entry)}`),
      ...rows.filter((row) => row.state !== "published" || row.due_at !== null).map((row) => `row ${row.product_id} ${row.sku ?? ""}: ${row.state}, due ${row.due_at ?? "-"}, ${row.hub_error ?? ""}`),
      ...wrongVariations,
    ].slice(0, 10)) {
      report.note(`wrong: ${line}`)
    }
    report.equal("kills during the publication", kills, KILLS, `${killsMidRound} with rows claimed (creates in flight)`)
    report.atLeast("kills with creates in flight", killsMidRound, 1)
    report.equal("seed products on the hub", onHub, PRODUCTS)
    report.ratio("accepted POST /products per product", acceptedCreates / PRODUCTS, 1, `${acceptedCreates} accepted for ${PRODUCTS} products`)
    report.equal("SKUs created more than once", duplicated.length, 0)
    report.equal("POST /products refused 422 (SKU already on the hub)", refused422.length, 0)
    report.equal("rows not published", notPublished, 0, `of ${PRODUCTS}`)
    report.equal("configurable products without 4 variations", wrongVariations.length, 0, `of ${seed.filter((product) => product.configurable).length}`)
    return report
  } finally {
    await store.tearDown()
    sandbox.child.kill("SIGTERM")
  }
}

runDrill(main)
