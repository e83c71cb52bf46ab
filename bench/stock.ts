/*
 * bench/stock: the stock sync's figures, measured in one run against the sandbox hub over HTTP.
 *
 *   npm run bench:stock
 *
 * Boots the development store (this repository's medusa-config.ts and src/) on a fresh
 * PostgreSQL database, with the sandbox hub in a child process (so the figures of this process
 * are the store's alone), and prints:
 *
 *   - for BENCH_SKUS SKUs at BENCH_PUT_LIMIT PUTs/s. Half the SKUs change in stock counts of 100
 *     SKUs at a time, one count after the other, each SKU edited BENCH_EVENTS / BENCH_SKUS (4)
 *     times in a quick burst (a backlog forms faster than the limit, and each SKU's edits must
 *     collapse into one push); the other half one SKU at a time, one edit each, paced below the
 *     limit (the way orders and hand edits come): requests per changed SKU (goal 1.00), and per
 *     change as the outbox coalesces them (goal <= 1, bench/lib/changes.ts: more changes than SKUs
 *     when the store wrote a SKU's edits further apart than `catalogueCoalesceMs`); achieved
 *     rate / configured limit while a backlog drains (goal >= 0.90, as `npm run bench` states it)
 *     and the 429s (goal 0); p95 change->hub latency with changes arriving below the limit (goal
 *     <= 1.5 s), beside the p95 of the store's own stock writes in that phase (no goal: when the
 *     store cannot keep up with its own writes, no push can follow them quickly);
 *   - for a BENCH_CATALOGUE product reconciliation: requests / ceil(products / 100) (goal 1.00)
 *     and the growth of this process's resident memory during the walk (goal <= 64 MB).
 *
 * BENCH_BURNERS CPU burners (busy-loop processes, bench/lib/burners.ts) run beside the store while the
 * pushes are measured (0; `npm run bench` runs it with 0 and 2); BENCH_CATALOGUE=0 skips the
 * reconciliation. `--quick`: 500 SKUs, 2,000 events, a 5,000-product catalogue.
 *
 * BENCH_ACCOUNTS=2 (default 1) serves two hub accounts, each with its own sandbox hub and budget
 * (the same limits): `default` sells the default sales channel from location A, `account-2` a
 * channel of its own (bench/lib/accounts.ts) from location B, both the same SKUs. Every edit sets a
 * SKU at both locations (B one unit above A), so a quantity pushed to the wrong hub shows; the push
 * figures are printed per account. The paced SKUs are split in two halves: the first paced as above,
 * the second (phase C) while account-2's hub answers every PUT /products with a 429 and a Retry-After
 * of 5 s, until default's changes have landed. Printed: default's change -> hub p95 during the storm
 * / without it (goal <= 1.5: "a 429 storm on one account does not slow the other") and its 429s
 * meanwhile (goal 0), account-2's (> 0: the storm took place); account-2's other figures leave its
 * storm's 429s out. The reconciliation is measured on the default account alone.
 * Database: DB_HOST, DB_PORT, DB_USERNAME, DB_PASSWORD (defaults localhost, 5432, postgres, none);
 * the database BENCH_DATABASE (default medusa_hub_bench_stock) is dropped and created again.
 * Not part of `npm test`: it takes a few minutes.
 */
import { HUB_MODULE } from "../src/modules/hub"
import { setTimeout as sleep } from "node:timers/promises"
import { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { DEFAULT_ACCOUNT } from "../src/modules/hub/accounts"
import type { SandboxRequestLogEntry } from "../src/sandbox"
import type HubModuleService from "../src/modules/hub/service"
import { reconcileCatalogue } from "../src/sync/catalogue/catalogue-reconciliation"
import { SECOND_ACCOUNT, duringStorm, hubAccountsEnv, hubProducts, inStorm, secondSandbox, seedSecondChannel, stormFigures, type BenchHub, type Storm } from "./lib/accounts"
import { startBurners } from "./lib/burners"
import { coalescedChanges } from "./lib/changes"
import { figure, info, percentile } from "./lib/figures"
import { mb, sampleMemory } from "./lib/memory"
import { bootStore, byStatus, connect, control, recreateDatabase, requestLog, runBench, settled as settledOutbox, startSandbox, type SandboxProcess } from "./lib/store"

const QUICK = process.argv.includes("--quick")
const SKUS = Number(process.env.BENCH_SKUS ?? (QUICK ? 500 : 5_000))
const EVENTS = Number(process.env.BENCH_EVENTS ?? (QUICK ? 2_000 : 20_000))
const PUT_LIMIT = Number(process.env.BENCH_PUT_LIMIT ?? 40)
const GET_LIMIT = Number(process.env.BENCH_GET_LIMIT ?? 50)
const CATALOGUE = Number(process.env.BENCH_CATALOGUE ?? (QUICK ? 5_000 : 50_000))
const BURNERS = Number(process.env.BENCH_BURNERS ?? 0)
const DATABASE = process.env.BENCH_DATABASE ?? "medusa_hub_bench_stock"
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1)
if (ACCOUNTS !== 1 && ACCOUNTS !== 2) throw new Error(`BENCH_ACCOUNTS must be 1 or 2, got ${process.env.BENCH_ACCOUNTS}`)
const ACCOUNT_IDS = ACCOUNTS === 2 ? [DEFAULT_ACCOUNT, SECOND_ACCOUNT] : [DEFAULT_ACCOUNT]
const WINDOW_MS = 1000
/** Phase B paces changed SKUs at this share of the limit: "below the limit". */
const PACE_SHARE = 0.6
/** HUB_CATALOGUE_FIELDS (e.g. price,promotional_price,status) syncs those fields too: every push reads them and sends what differs. */
const CATALOGUE_FIELDS = (process.env.HUB_CATALOGUE_FIELDS ?? "").split(",").map((field) => field.trim()).filter(Boolean)
/** The figures' names say whether burners ran beside the store, and which fields it synced. */
const NAME = `stock${BURNERS ? ` with ${BURNERS} CPU burners` : ""}${CATALOGUE_FIELDS.length ? ` and ${CATALOGUE_FIELDS.join(", ")}` : ""}`
/** What the hub holds of each seeded SKU before the bench: as seedStore makes them (price 100, published, in the channel). */
const SEEDED_FIELDS = { qty: 0, price: 100, promotional_price: null, status: "enabled" }

const log = (message: string) => console.error(`[bench:stock] ${message}`)
const skuOf = (index: number) => `B-${String(index + 1).padStart(5, "0")}`
/** The SKU indexes from `from` up to `to`, excluded. */
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, offset) => from + offset)
const eventsPerSku = Math.max(1, Math.round(EVENTS / SKUS))

async function main() {
  await recreateDatabase(DATABASE)
  const sandbox = await startSandbox(
    [
      ...(ACCOUNTS === 2 ? ["--accounts", "2"] : []),
      "--products", String(Math.max(0, CATALOGUE - SKUS)),
      "--rate-limit", `PUT /products=${PUT_LIMIT}/${WINDOW_MS}`,
      "--rate-limit", `GET /products=${GET_LIMIT}/${WINDOW_MS}`,
    ],
    ACCOUNTS === 2 ? "HUB_ACCOUNTS" : undefined
  )
  let shutdown: (() => Promise<void>) | undefined
  try {
    log("booting the store")
    const store = await bootStore(DATABASE, sandbox, {
      // The client must know the hub's limits: the sandbox's.
      HUB_RATE_LIMITS: JSON.stringify({
        "PUT /products": { limit: PUT_LIMIT, windowMs: WINDOW_MS },
        "GET /products": { limit: GET_LIMIT, windowMs: WINDOW_MS },
      }),
      // An added account takes these limits from the default's options.
      ...(ACCOUNTS === 2 ? hubAccountsEnv(sandbox) : {}),
    })
    shutdown = store.shutdown
    const container = store.container
    const hub: HubModuleService = container.resolve("hub")

    const seeded = await seed(container, hub, sandbox)
    if (BURNERS) log(`${BURNERS} CPU burners beside the store`)
    const stopBurners = startBurners(BURNERS)
    const push = await measurePushes(container, hub, seeded).finally(stopBurners)
    const reconciliation = CATALOGUE > 0 ? await measureReconciliation(container, hub, sandbox) : undefined

    const os = require("node:os")
    console.log(
      `# bench/stock — ${new Date().toISOString()}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}, PostgreSQL ${seeded.pgVersion}; ` +
        `${push.events} inventory events over ${push.skus} SKUs, PUT limit ${PUT_LIMIT}/${WINDOW_MS} ms on both sides, ${BURNERS} CPU burners` +
        (ACCOUNTS === 2 ? `; ${ACCOUNTS} hub accounts, each edit at both accounts' locations` : "")
    )
    for (const hubFigures of push.hubs) {
      const name = (figureName: string) => `${NAME}: ${figureName}${ACCOUNTS === 2 ? `, ${hubFigures.account}` : ""}`
      const stormed = push.storm?.account === hubFigures.account
      figure(name("requests per changed SKU"), hubFigures.puts / push.skus, { at: "<=", target: 1 }, { detail: `${hubFigures.puts} PUTs for ${push.skus} SKUs${stormed ? ", besides its storm's 429s" : ""}` })
      // The outbox's own bound: a SKU's edits the store wrote further apart than it coalesces are two
      // changes, each allowed its push. Above 1 per SKU and within this, the store wrote slowly.
      figure(name("requests per change as the outbox coalesces"), hubFigures.puts / push.changes, { at: "<=", target: 1 }, {
        detail: `${push.changes} changes: a SKU's edits within catalogueCoalesceMs of each other and catalogueMaxDelayMs in all are one`,
      })
      figure(name("achieved rate / limit"), hubFigures.rateRatio, { at: ">=", target: 0.9 }, {
        detail: `${hubFigures.drainPuts} PUTs in ${(hubFigures.drainMs / 1000).toFixed(1)} s while a backlog of ${hubFigures.backlogAtDrainStart} drained`,
      })
      figure(name("429 answers"), hubFigures.rateLimited, { at: "<=", target: 0 }, { digits: 0 })
      figure(name("change -> hub p95 below the limit"), hubFigures.p95LatencyMs / 1000, { at: "<=", target: 1.5, unit: "s" }, {
        detail: `${push.pacedSkus} SKUs changed at ${(PACE_SHARE * PUT_LIMIT).toFixed(0)}/s; p50 ${(hubFigures.p50LatencyMs / 1000).toFixed(2)} s, max ${(hubFigures.maxLatencyMs / 1000).toFixed(2)} s`,
      })
      // The store's writes are the same for every account: shown once, after the first account's latency.
      if (hubFigures === push.hubs[0]) {
        info(`${NAME}: the store's own stock writes p95 in that phase`, `${(push.p95WriteMs / 1000).toFixed(2)} s`, `one SKU's updateInventoryLevels${ACCOUNTS === 2 ? " at both locations" : ""}, in the process the plugin shares`)
      }
      figure(name("hub quantities equal to Medusa's"), hubFigures.matching / push.skus, { at: ">=", target: 1 }, { detail: `${hubFigures.matching}/${push.skus}${stormed ? ", after its storm" : ""}` })
    }
    if (push.storm) stormFigures(NAME, push.storm, push.hubs, push.pacedSkus)
    if (reconciliation) {
      const r = reconciliation
      figure("reconciliation: requests / ceil(products / 100)", r.requestRatio, { at: "<=", target: 1 }, {
        detail: `${r.products} hub products, ${r.drifted} drifted; ${r.gets} GETs: ${r.getStatuses}`,
      })
      figure("reconciliation: resident memory growth", r.rssGrowthMb, { at: "<=", target: 64, unit: "MB" }, {
        digits: 1,
        detail: `${r.rssBeforeMb.toFixed(0)} MB before, peak ${r.rssPeakMb.toFixed(0)} MB; live JS heap +${r.liveHeapGrowthMb.toFixed(1)} MB`,
      })
      info("reconciliation: seen / differing / fixed / unknown", `${r.seen} / ${r.differing} / ${r.fixed} / ${r.unknown}`, `${(r.durationMs / 1000).toFixed(1)} s`)
    }
  } finally {
    await shutdown?.().catch(() => undefined)
    sandbox.child.kill("SIGTERM")
  }
}

// ---- Setup -------------------------------------------------------------------------------

/** `hubs`: one per account, `default` first. */
type Seeded = { inventoryItemIds: string[]; hubs: BenchHub[]; pgVersion: string }

/**
 * The store's SKUs, all at zero on both sides (on every account's hub) and recorded as in step in
 * the outbox, so that seeding sends nothing and every request measured below is caused by a
 * measured event.
 */
async function seed(container: MedusaContainer, hub: HubModuleService, sandbox: SandboxProcess): Promise<Seeded> {
  log(`seeding ${SKUS} SKUs`)
  const skus = Array.from({ length: SKUS }, (_, index) => skuOf(index))
  const sandboxes = ACCOUNTS === 2 ? [sandbox, secondSandbox(sandbox)] : [sandbox]
  for (const hubSandbox of sandboxes) {
    for (let start = 0; start < skus.length; start += 5_000) {
      await control(hubSandbox, "POST", "/products", skus.slice(start, start + 5_000).map((sku) => ({ sku, qty: 0, price: SEEDED_FIELDS.price })))
    }
  }
  // The outbox as a store in sync leaves it: each SKU's synced fields accepted by each account's hub.
  const synced = Object.fromEntries(Object.entries(SEEDED_FIELDS).filter(([field]) => field === "qty" || CATALOGUE_FIELDS.includes(field)))
  const pg = await connect(DATABASE)
  await pg.query(
    `insert into hub_catalogue_change (id, account, sku, available_quantity, wanted, accepted, state, changed_at, last_changed_at, sent_quantity, sent_at)
     select 'hubcch_bench' || account || sku, account, sku, 0, $2::jsonb, $2::jsonb, 'sent', now(), now(), 0, now()
     from unnest($1::text[]) as sku, unnest($3::text[]) as account`,
    [skus, JSON.stringify(synced), ACCOUNT_IDS]
  )
  const { seedStore } = require("../integration-tests/helpers/store")
  const started = Date.now()
  const store = await seedStore(container, { products: skus.map((sku) => ({ sku, stocked: 0 })) })
  const hubs: BenchHub[] = [{ account: DEFAULT_ACCOUNT, sandbox, locationId: store.stockLocation.id, offset: 0 }]
  if (ACCOUNTS === 2) hubs.push({ account: SECOND_ACCOUNT, sandbox: sandboxes[1], locationId: await seedSecondChannel(container, store, skus), offset: 1 })
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s; waiting for the seeding's events to settle`)
  await settled(hub)
  const { rows } = await pg.query("show server_version")
  await pg.end()
  for (const hubSandbox of sandboxes) await control(hubSandbox, "DELETE", "/requests")
  return {
    inventoryItemIds: skus.map((sku) => store.inventoryItemsBySku[sku]),
    hubs,
    pgVersion: rows[0].server_version,
  }
}

/** Waits until no outbox of `accounts` (every account's by default) has anything pending and no event has arrived for a while. */
const settled = (hub: HubModuleService, quietMs = 2_000, accounts = ACCOUNT_IDS) => settledOutbox(hub, accounts, quietMs)

// ---- Pushes ------------------------------------------------------------------------------

async function measurePushes(container: MedusaContainer, hub: HubModuleService, seeded: Seeded) {
  const inventory = container.resolve(Modules.INVENTORY)
  /** Each SKU's last stock at the default account's location; at another account's, `offset` more. */
  const finalStock = new Map<number, number>()
  /**
   * The bursts of a group of SKUs: `eventsPerSku` stock edits in a row for each, every edit an
   * inventory-level.updated event (one per account's location). A group of one is an order or a hand
   * edit; a large group is a stock count imported at once, which is how a backlog forms faster than
   * the hub's limit.
   */
  const writeMs: number[] = []
  /** When each SKU's edits were written: what the outbox may push once each, or more than once. */
  const editedAt = new Map<number, number[]>()
  async function burst(indexes: number[], edits: number) {
    for (let change = 1; change <= edits; change++) {
      const stockedOf = (index: number) => 10 * change + (index % 10)
      const writeStartedAt = Date.now()
      await inventory.updateInventoryLevels(
        seeded.hubs.flatMap(({ locationId, offset }) =>
          indexes.map((index) => ({ inventory_item_id: seeded.inventoryItemIds[index], location_id: locationId, stocked_quantity: stockedOf(index) + offset }))
        )
      )
      const writtenAt = Date.now()
      writeMs.push(writtenAt - writeStartedAt)
      for (const index of indexes) {
        finalStock.set(index, stockedOf(index))
        editedAt.set(index, [...(editedAt.get(index) ?? []), writtenAt])
      }
    }
  }

  // Phase A: changes arrive faster than the limit (stock counts of 100 SKUs at a time); the
  // backlog drains at the limit.
  const backlogSkus = Math.floor(SKUS / 2)
  const countSize = 100
  log(`phase A: ${backlogSkus * eventsPerSku} events over ${backlogSkus} SKUs, in stock counts of ${countSize} SKUs, as fast as they come`)
  const phaseAStartedAt = Date.now()
  // One stock count after the other, as one import job sends them.
  for (let first = 0; first < backlogSkus; first += countSize) {
    await burst(range(first, Math.min(first + countSize, backlogSkus)), eventsPerSku)
  }
  const drainStartedAt = Date.now()
  const backlogsAtDrainStart = await Promise.all(seeded.hubs.map(async ({ account }) => (await hub.account(account).records.catalogueFigures()).backlog))
  log(`phase A: events sent in ${((drainStartedAt - phaseAStartedAt) / 1000).toFixed(1)} s; ${backlogsAtDrainStart.join(" + ")} SKUs waiting`)
  await settled(hub, 1_000)

  const perSkuMs = 1000 / (PACE_SHARE * PUT_LIMIT)
  /** Changes the SKUs of `indexes` one at a time, one edit each, every perSkuMs; resolves with when each change was written. */
  async function pace(phase: string, indexes: number[]) {
    log(`phase ${phase}: ${indexes.length} events over ${indexes.length} SKUs, one SKU every ${perSkuMs.toFixed(0)} ms`)
    writeMs.length = 0
    const changedAt = new Map<number, number>()
    const startedAt = Date.now()
    const bursts: Promise<void>[] = []
    for (const [place, index] of indexes.entries()) {
      const due = startedAt + place * perSkuMs
      if (due > Date.now()) await sleep(due - Date.now())
      bursts.push(burst([index], 1).then(() => void changedAt.set(index, Date.now())))
    }
    await Promise.all(bursts)
    return changedAt
  }

  // Phase B: SKUs change at PACE_SHARE of the limit, one edit each (an order's reservation, a hand
  // edit); each change's latency is measured. With two accounts, half of them: phase C paces the
  // other half, so that both latencies come from one run.
  const pacedSkus = SKUS - backlogSkus
  const quietSkus = ACCOUNTS === 2 ? Math.ceil(pacedSkus / 2) : pacedSkus
  const paceStart = Date.now()
  const changedAt = await pace("B", range(backlogSkus, backlogSkus + quietSkus))
  const p95WriteMs = percentile(writeMs.sort((a, b) => a - b), 0.95)
  await settled(hub, 1_000)

  // Phase C (two accounts): the other half at the same pace, during a 429 storm on account-2's hub;
  // default's pushes must keep phase B's latency. The storm lasts until default's changes have all
  // landed; account-2's backlog drains after it.
  let storm: Storm | undefined
  if (ACCOUNTS === 2) {
    storm = await duringStorm(seeded.hubs[1], async () => {
      const stormChangedAt = await pace("C", range(backlogSkus + quietSkus, SKUS))
      await settled(hub, 1_000, [DEFAULT_ACCOUNT])
      return stormChangedAt
    })
    log(`phase C: ${storm.account}'s storm ended after ${((storm.to - storm.from) / 1000).toFixed(1)} s; its backlog drains`)
    await settled(hub, 1_000)
  }

  const hubs = []
  for (const [place, benchHub] of seeded.hubs.entries()) {
    hubs.push(await hubFigures(benchHub, { drainStartedAt, paceStart, backlogAtDrainStart: backlogsAtDrainStart[place], changedAt, storm, finalStock }))
  }
  // `pacedSkus`: phase B's, the SKUs behind the latency without a storm.
  const changes = coalescedChanges([...editedAt.values()], hub.account(DEFAULT_ACCOUNT).options)
  return { events: backlogSkus * eventsPerSku + pacedSkus, p95WriteMs, skus: SKUS, changes, pacedSkus: quietSkus, storm, hubs }
}

/**
 * One account's push figures, from its hub's request log (the backlog's drain between `drainStartedAt`
 * and `paceStart`, then each paced change's latency from `changedAt`, and phase C's from the storm's)
 * and its quantities read back.
 */
async function hubFigures(
  { account, sandbox, offset }: BenchHub,
  run: { drainStartedAt: number; paceStart: number; backlogAtDrainStart: number; changedAt: Map<number, number>; storm?: Storm; finalStock: Map<number, number> }
) {
  const logged = (await requestLog(sandbox)).filter((entry) => entry.method === "PUT")
  // The 429s while the storm lasted are the storm's figures; the other figures count the rest.
  const stormRateLimited = logged.filter((entry) => inStorm(run.storm, entry)).length
  const puts = logged.filter((entry) => !inStorm(run.storm, entry))
  const putsBySku = new Map<string, SandboxRequestLogEntry[]>()
  for (const entry of puts) {
    const sku = decodeURIComponent(entry.path.split("/")[2])
    putsBySku.set(sku, [...(putsBySku.get(sku) ?? []), entry])
  }
  const drainPuts = puts.filter((entry) => entry.at >= run.drainStartedAt && entry.at < run.paceStart)
  const drainMs = drainPuts.length > 1 ? drainPuts[drainPuts.length - 1].at - drainPuts[0].at : 0
  const latenciesOf = (changedAt: Map<number, number>) =>
    [...changedAt].map(([index, at]) => {
      const landed = (putsBySku.get(skuOf(index)) ?? []).filter((entry) => entry.at >= at && (entry.status === 204 || entry.status === 200))
      return landed.length ? landed[landed.length - 1].at - at : Number.POSITIVE_INFINITY
    }).sort((a, b) => a - b)
  const latencies = latenciesOf(run.changedAt)

  // Every hub quantity is read back after the measurement.
  let matching = 0
  for await (const product of hubProducts(sandbox, { "GET /products": { limit: GET_LIMIT, windowMs: WINDOW_MS } })) {
    const index = Number(product.sku.slice(2)) - 1
    if (product.sku.startsWith("B-") && product.qty === run.finalStock.get(index)! + offset) matching++
  }

  return {
    account,
    puts: puts.length,
    drainPuts: drainPuts.length,
    drainMs,
    backlogAtDrainStart: run.backlogAtDrainStart,
    rateRatio: drainMs > 0 ? (drainPuts.length - 1) / (drainMs / 1000) / PUT_LIMIT : 0,
    rateLimited: puts.filter((entry) => entry.status === 429).length,
    p50LatencyMs: percentile(latencies, 0.5),
    p95LatencyMs: percentile(latencies, 0.95),
    maxLatencyMs: latencies[latencies.length - 1],
    stormP95LatencyMs: percentile(run.storm ? latenciesOf(run.storm.changedAt) : [], 0.95),
    stormRateLimited,
    matching,
  }
}

// ---- Reconciliation ----------------------------------------------------------------------

async function measureReconciliation(container: MedusaContainer, hub: HubModuleService, sandbox: SandboxProcess) {
  // Drift on one SKU in ten: pushes that "succeeded" without taking effect.
  const drifted = Array.from({ length: Math.floor(SKUS / 10) }, (_, index) => ({ sku: skuOf(index * 10), qty: 999 }))
  await control(sandbox, "POST", "/products", drifted)
  // The read-back client of the push phase has a budget of its own on the same hub account: its last
  // window must end before the store's walk counts on the whole limit (one run saw a 429 there).
  await sleep(2 * WINDOW_MS)
  await control(sandbox, "DELETE", "/requests")

  const started = Date.now()
  log(`reconciling ${CATALOGUE} hub products`)
  const { result, memory } = await sampleMemory(() => reconcileCatalogue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")), { heapPeak: true })
  const durationMs = Date.now() - started
  if (!result) throw new Error("the reconciliation did not run: another process held its lock")
  await settled(hub, 1_000)

  const gets = (await requestLog(sandbox)).filter((entry) => entry.method === "GET" && entry.path.startsWith("/products"))
  const { lastReconciliation } = await hub.account("default").records.catalogueFigures()
  return {
    products: CATALOGUE,
    drifted: drifted.length,
    gets: gets.length,
    requestRatio: gets.length / Math.ceil(CATALOGUE / 100),
    getStatuses: byStatus(gets),
    rssBeforeMb: mb(memory.rssBefore),
    rssPeakMb: mb(memory.rssPeak),
    rssGrowthMb: mb(memory.rssPeak - memory.rssBefore),
    liveHeapGrowthMb: mb(memory.heapPeak - memory.heapBefore),
    seen: result.seen,
    differing: result.differing,
    fixed: lastReconciliation?.fixed ?? 0,
    unknown: result.unknown,
    durationMs,
  }
}

runBench(main)
