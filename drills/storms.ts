/*
 * Drill: hub storms. For STORM_SECONDS (120, --quick 40) stock changes, marketplace orders
 * (placed, some approved, some canceled) and merchant cancels (the move a lost answer hurts most:
 * it must never be resent blindly) keep coming while the sandbox hub answers 20% of requests
 * with 500/503, drops 10% of connections, loses the answer of 10% of the writes it carried out,
 * and, in the second and fourth quarters, counts requests against limits half the configured ones
 * (a 429 storm below the configured limit). Then the hub calms down and the store catches up.
 * Goals: SKUs whose hub quantity differs from Medusa's available quantity at the end 0; requests
 * arriving inside a 429 window 0; hub orders lost 0, duplicated 0, lines reserved exactly once;
 * every cancel followed in Medusa and every merchant cancel on the hub; cancels sent to an order
 * the hub had already canceled 0.
 *   node -r ts-node/register drills/storms.ts [--quick]
 */
import { setTimeout as sleep } from "node:timers/promises"
import { Modules } from "@medusajs/framework/utils"
import { STANDARD_STATUS_CODES } from "../src/hub-client"
import type { RateLimit } from "../src/hub-client/endpoints"
import { sampleTestOrder } from "../src/sandbox"
import { mulberry32, REFUSAL_CROSSING_MS } from "../src/sandbox/traffic"
import { runOrderImport } from "../src/sync/orders/order-listing"
import { settleUnknownHubOrderMoves } from "../src/sync/moves/unknown-moves"
import { HUB_MODULE } from "../src/modules/hub"
import type HubModuleService from "../src/modules/hub/service"
import { moveHubOrderWorkflow } from "../src/workflows/hub-orders/move-hub-order"
import { seedStore } from "../integration-tests/helpers/store"
import { DrillReport, log as logger, QUICK, runDrill } from "./lib/figures"
import { bootInProcessStore } from "./lib/in-process-store"
import { auditHubOrders, availableBySku } from "../integration-tests/helpers/store-audit"
import { cancelsNotFollowed, lostHubOrders, sqlOf } from "./lib/orders-check"
import { settleStock } from "./lib/settle"

const DRILL = "storms"
const log = logger(DRILL)
const STORM_SECONDS = Number(process.env.DRILL_STORM_SECONDS ?? (QUICK ? 40 : 120))
const SKUS = 40
const STOCKED = 500
const STOCK_CHANGE_EVERY_MS = 150
const ORDER_EVERY_MS = 1_000
const MERCHANT_CANCEL_EVERY_MS = 4_000
/** What the store is told (HUB_RATE_LIMITS); the storm halves each on the hub's side. */
const CONFIGURED: Record<string, RateLimit> = {
  "PUT /products": { limit: 8, windowMs: 1000 },
  "GET /products": { limit: 8, windowMs: 1000 },
  "GET /orders": { limit: 2, windowMs: 1000 },
  "GET /orders/{code}": { limit: 2, windowMs: 1000 },
  "GET /statuses": { limit: 2, windowMs: 1000 },
}
const STORM_LIMITS = Object.fromEntries(Object.entries(CONFIGURED).map(([bucket, { limit, windowMs }]) => [bucket, { limit: Math.max(1, Math.floor(limit / 2)), windowMs }]))
const FAULTS = { errorRate: 0.2, dropRate: 0.1, loseAnswerRate: 0.1, seed: 7 }

const CANCELED_STATUS = STANDARD_STATUS_CODES.CANCELED
const skuOf = (index: number) => `STORM-${String(index + 1).padStart(2, "0")}`
const draw = mulberry32(11)
const random = (below: number) => Math.floor(draw() * below)

async function main(): Promise<DrillReport> {
  const report = new DrillReport(DRILL)
  log("booting the store")
  const store = await bootInProcessStore("medusa_hub_drill_storms", {
    sandbox: { rateLimits: CONFIGURED },
    env: { HUB_RATE_LIMITS: JSON.stringify(CONFIGURED), HUB_CATALOGUE_RETRY_DELAY_MS: "1000" },
  })
  try {
    const { container, hub } = store
    const skus = Array.from({ length: SKUS }, (_, index) => skuOf(index))
    const seeded = await seedStore(container, { products: skus.map((sku) => ({ sku, stocked: STOCKED })) })
    await hub.upsertProducts(skus.map((sku) => ({ sku, qty: STOCKED, name: `Produto ${sku}`, price: 25 })))
    await settleStock(container)
    await hub.resetRequestLog()

    // ---- The storm ---------------------------------------------------------------------------
    const inventory = container.resolve(Modules.INVENTORY)
    const placed: string[] = []
    const canceled = new Set<string>()
    const merchantCanceled = new Set<string>()
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const notCanceledOnHub = async () => {
      const codes: string[] = []
      for (const code of merchantCanceled) if ((await hub.getOrder(code))?.status.code !== CANCELED_STATUS) codes.push(code)
      return codes
    }
    const merchantCancel = (code: string) =>
      moveHubOrderWorkflow(container)
        .run({ input: { code, account: "default", move: { kind: "cancel" } } })
        .catch((error) => log(`merchant cancel of ${code}: ${(error as Error).message}`))
    let stockChanges = 0
    let importRuns = 0
    let running = true
    const stockChanger = (async () => {
      while (running) {
        const sku = skus[random(SKUS)]
        await inventory
          .updateInventoryLevels([{ inventory_item_id: seeded.inventoryItemsBySku[sku], location_id: seeded.stockLocation.id, stocked_quantity: 300 + random(400) }])
          .then(() => stockChanges++)
        await sleep(STOCK_CHANGE_EVERY_MS)
      }
    })()
    const marketplace = (async () => {
      while (running) {
        const items = [...new Set([skus[random(SKUS)], skus[random(SKUS)]])].map((id) => ({ id, qty: 1 + random(2) }))
        const order = await hub.createOrder(sampleTestOrder({ channel: "Storm", items }))
        placed.push(order.code)
        // The marketplace's own moves on earlier orders: every 6th order cancels one, every 4th approves one.
        const earlier = placed[random(placed.length)]
        try {
          if (!canceled.has(earlier) && placed.length % 6 === 0) {
            await hub.marketplaceCancel(earlier)
            canceled.add(earlier)
          } else if (!canceled.has(earlier) && placed.length % 4 === 0) {
            await hub.marketplaceApprove(earlier)
          }
        } catch {
          // Already approved, or the merchant canceled it: the sandbox's state machine refuses, as the hub would.
        }
        await sleep(ORDER_EVERY_MS)
      }
    })()
    // The merchant cancels the newest imported order now and then, from the order page.
    const merchant = (async () => {
      while (running) {
        await sleep(MERCHANT_CANCEL_EVERY_MS)
        const open = placed.filter((code) => !canceled.has(code) && !merchantCanceled.has(code))
        const [record] = await hubModule.listHubOrders({ import_state: "imported", code: open }, { take: 1, order: { imported_at: "DESC" } })
        if (!record) continue
        merchantCanceled.add(record.code)
        await merchantCancel(record.code)
      }
    })()
    const importer = (async () => {
      while (running) {
        await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).catch((error) => log(`import run failed: ${(error as Error).message}`))
        importRuns++
        await sleep(1_000)
      }
    })()

    log(`storm for ${STORM_SECONDS} s: faults ${JSON.stringify(FAULTS)}, 429 storm (limits halved) in the 2nd and 4th quarters`)
    await hub.setFaults(FAULTS)
    const quarter = (STORM_SECONDS * 1000) / 4
    for (let index = 0; index < 4; index++) {
      await hub.setRateLimits(index % 2 === 1 ? STORM_LIMITS : CONFIGURED)
      await sleep(quarter)
    }
    running = false
    await Promise.all([stockChanger, marketplace, merchant, importer])
    const stormCounters = await hub.counters()
    for (const line of insideRefusalWindows(await hub.requestLog()).slice(0, 8)) report.note(`inside a 429 window: ${line}`)
    await hub.setFaults({})
    await hub.setRateLimits(CONFIGURED)

    // ---- Calm: the store catches up ------------------------------------------------------------
    log("calm: importing and flushing until the store has caught up")
    const calmStartedAt = Date.now()
    // Lost answers are settled by reading the hub order (the job hub-resolve-order-moves does this);
    // a cancel that failed outright the merchant tries again, as the order page offers.
    for (let round = 0; round < 5; round++) {
      await settleUnknownHubOrderMoves(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      const notLanded = await notCanceledOnHub()
      if (!notLanded.length) break
      for (const code of notLanded) await merchantCancel(code)
    }
    // Import runs until two in a row find nothing to import or follow.
    for (let quiet = 0; quiet < 2 && Date.now() - calmStartedAt < 180_000; ) {
      const summary = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      quiet = summary && !summary.error && summary.imported === 0 && summary.updated === 0 ? quiet + 1 : 0
    }
    const settled = await settleStock(container)
    const calmMs = Date.now() - calmStartedAt
    const counters = await hub.counters()
    const requestLog = await hub.requestLog()

    const sql = sqlOf(process.env.DATABASE_URL!)
    const audit = await auditHubOrders(sql)
    const lost = await lostHubOrders(sql, placed)
    const notFollowed = await cancelsNotFollowed(sql, [...canceled, ...merchantCanceled])
    const merchantNotLanded = await notCanceledOnHub()
    // A cancel the hub refuses because the order was already canceled: sent blindly after a lost answer.
    const cancelsOnCanceled = requestLog.filter((entry) => /\/orders\/[^/]+\/cancel$/.test(entry.path) && entry.status === 422)
    const available = await availableBySku(sql)
    const differing: string[] = []
    for (const sku of skus) if ((await hub.getProduct(sku))?.qty !== available.get(sku)) differing.push(sku)
    const byStatus = Object.entries(stormCounters.byStatus).map(([status, count]) => `${count} × ${status}`).join(", ")
    report.note(`storm: ${STORM_SECONDS} s, ${stockChanges} stock changes over ${SKUS} SKUs, ${placed.length} orders placed (${canceled.size} canceled by the marketplace), ${importRuns} import runs`)
    report.note(`hub answers during the storm: ${byStatus}`)
    const cancelRequests = requestLog.filter((entry) => /\/orders\/[^/]+\/cancel$/.test(entry.path))
    report.note(`merchant cancel requests: ${cancelRequests.length} (${cancelRequests.filter((entry) => entry.status === "dropped").length} without an answer)`)
    report.note(`caught up ${(calmMs / 1000).toFixed(1)} s after the storm${settled ? "" : " (the outbox had not drained)"}`)
    for (const line of [...differing, ...lost, ...audit.duplicated, ...audit.unreserved, ...audit.reservedMismatch, ...notFollowed].slice(0, 10)) report.note(`wrong: ${line}`)
    report.equal("SKUs differing at the end", differing.length, 0, `of ${SKUS}`)
    report.equal(
      "requests inside a 429 window",
      counters.insideRefusalWindow,
      0,
      `${counters.byStatus["429"] ?? 0} × 429 in all; ${counters.crossingRefusal} crossed a 429 (arrived within ${REFUSAL_CROSSING_MS} ms of it)`
    )
    report.equal("hub orders lost", lost.length, 0, `of ${placed.length}`)
    report.equal("hub orders duplicated", audit.duplicated.length + audit.unrecorded.length, 0)
    report.equal("lines not reserved exactly once", audit.unreserved.length + audit.reservedMismatch.length, 0)
    report.equal("cancels not followed in Medusa", notFollowed.length, 0, `of ${canceled.size} by the marketplace, ${merchantCanceled.size} by the merchant`)
    report.equal("merchant cancels not on the hub", merchantNotLanded.length, 0, `of ${merchantCanceled.size}`)
    report.equal("cancels sent to an order the hub had canceled", cancelsOnCanceled.length, 0)
    return report
  } finally {
    await store.stop()
  }
}

/** For the record: each request that arrived within a second after a 429 of the same window ("+ms bucket status"). */
function insideRefusalWindows(entries: Array<{ at: number; bucket: string; status: number | string }>): string[] {
  const lines: string[] = []
  for (const refused of entries.filter((entry) => entry.status === 429)) {
    const windowEnd = (Math.floor(refused.at / 1000) + 1) * 1000
    const after = entries.filter((entry) => entry !== refused && entry.at >= refused.at && entry.at < windowEnd)
    if (after.length) lines.push(`429 on ${refused.bucket}, then ${after.map((entry) => `+${entry.at - refused.at} ms ${entry.bucket} ${entry.status}`).join(", ")}`)
  }
  return lines
}

runDrill(main)
