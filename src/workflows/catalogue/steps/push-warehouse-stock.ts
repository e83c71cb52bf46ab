import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { hubOutcome, type HubStoreSku } from "../../../hub-client"
import { HUB_MODULE } from "../../../modules/hub"
import type { HubAccount } from "../../../modules/hub/hub-account"
import type HubModuleService from "../../../modules/hub/service"
import type { CataloguePushOutcome, ClaimedWarehouseStock, WantedSkuFields } from "../../../modules/hub/types"
import { hubStockLocations } from "../../../queries/hub-stock-locations"
import { wantedAt } from "./compare-warehouse-stock"

/** How one round of an account's warehouses went. */
export type WarehouseStockPushSummary = { account: string; claimed: number; sent: number; refused: number; failed: number }

/**
 * Claims, for each of the account's other warehouses (as saved, else the option `warehouses`), up to
 * `warehouseBatchSize` due outbox rows: one batch per warehouse and round (docs/catalogue.md, *Warehouses*).
 */
export const claimWarehouseStockStep = createStep("claim-hub-warehouse-stock", async ({ account }: { account: string }, { container }) => {
  const { options, records } = container.resolve<HubModuleService>(HUB_MODULE).account(account)
  const { warehouses } = await records.settings.warehouses()
  const claims = await Promise.all(warehouses.map(({ code }) => records.claimWarehouseStock(code, options.warehouseBatchSize)))
  return new StepResponse({ account, claims: claims.filter((rows) => rows.length > 0) })
})

/**
 * Sends each warehouse's claimed rows in one `POST /stores/{code}/batch`, with Medusa's available
 * quantity at the warehouse's location read again as the batch leaves (never a value older than its
 * send; one statement for every warehouse's batch, read as the reconciliation reads: `wantedAt`),
 * only the SKUs whose qty differs from what the CD last took; each row settled as any outbox row. A 4xx naming one entry (`skus.3.code`) refuses that SKU alone and gives the others back, so the
 * next batch (another request) goes without it; one naming none refuses the batch's SKUs, not sent
 * again until their qty changes (docs/hub-interface.md §7 rule 1). A batch sets quantities as they are,
 * so one whose outcome is unknown is sent again, read anew, after the retry delay: it cannot count
 * anything twice.
 */
export const pushWarehouseStockStep = createStep(
  "push-hub-warehouse-stock",
  async ({ account, claims }: { account: string; claims: ClaimedWarehouseStock[][] }, { container }) => {
    const hubModule = container.resolve<HubModuleService>(HUB_MODULE)
    const summary: WarehouseStockPushSummary = { account, claimed: claims.reduce((sum, rows) => sum + rows.length, 0), sent: 0, refused: 0, failed: 0 }
    if (!summary.claimed) return new StepResponse(summary)
    const target = hubModule.account(account)
    const skus = [...new Set(claims.flat().map((row) => row.sku))]
    let wantedOf: (code: string) => WantedSkuFields[]
    try {
      // The account's channel and mapped locations, checked as a change's reading checks them (a location shared with another account refused).
      const { salesChannelId, warehouses } = await hubStockLocations(container, target.options)
      const readings = await target.records.warehouseReconciliation.stockOf(skus, salesChannelId, warehouses.map((warehouse) => warehouse.locationId))
      const locationOf = new Map(warehouses.map((warehouse) => [warehouse.code, warehouse.locationId]))
      wantedOf = (code) => {
        const locationId = locationOf.get(code)
        return locationId ? readings.flatMap((reading) => wantedAt(reading, locationId, target.options)) : []
      }
    } catch (error) {
      // Medusa unreadable (its database, a location shared with another account): every row waits the retry delay.
      const reason = error instanceof Error ? error.message : String(error)
      for (const row of claims.flat()) await target.records.catalogueClaims.settleRow(row, { kind: "failed", reason })
      summary.failed = summary.claimed
      return new StepResponse(summary)
    }
    await Promise.all(claims.map((rows) => pushWarehouse(target, rows, wantedOf(rows[0].warehouse), summary)))
    return new StepResponse(summary)
  }
)

async function pushWarehouse(
  account: HubAccount,
  rows: ClaimedWarehouseStock[],
  wanted: WantedSkuFields[],
  summary: WarehouseStockPushSummary
): Promise<void> {
  const code = rows[0].warehouse
  const qtyOf = new Map(wanted.map((entry) => [entry.sku, entry.fields.qty]))
  // A SKU whose stock Medusa does not count (inventory not managed, no level at the location): its last reading stands.
  const now = rows.map((row) => ({ row: { ...row, wanted: qtyOf.has(row.sku) ? { qty: qtyOf.get(row.sku) } : row.wanted }, qty: qtyOf.has(row.sku) ? qtyOf.get(row.sku) : row.wanted.qty }))
  const toSend = now.filter(({ row, qty }) => typeof qty === "number" && qty !== row.accepted.qty && qty !== row.refused.qty)
  for (const { row } of now.filter((entry) => !toSend.includes(entry))) await account.records.catalogueClaims.settleRow(row, { kind: "unchanged" })
  if (!toSend.length) return
  const batch: HubStoreSku[] = toSend.map(({ row, qty }) => ({ code: row.sku, qty: qty as number }))
  try {
    await account.stores.batch(code, batch)
  } catch (error) {
    const read = hubOutcome(error)
    let outcome: (index: number) => CataloguePushOutcome | "give back"
    if (read?.kind === "refused") {
      const hubMessage = read.hubMessage ?? read.message
      const named = /\bskus\.(\d+)\./.exec(hubMessage)
      const only = named ? Number(named[1]) : null
      outcome = (index) =>
        only !== null && only < batch.length && index !== only
          ? "give back"
          : { kind: "refused", status: read.status, hubMessage: `${code}: ${hubMessage}`, sent: read.sent, refused: { qty: batch[index].qty }, more: false }
    } else {
      const reason = read ? read.message : error instanceof Error ? error.message : String(error)
      outcome = () => ({ kind: "failed", status: read && "status" in read ? (read.status ?? undefined) : undefined, reason })
    }
    await settleEachRow(account, toSend, outcome, summary)
    return
  }
  // Taken whole: settled in one statement, not a row at a time (a batch of 500 is 500 rows).
  await account.records.completeWarehouseStockSent(toSend.map(({ row }, index) => ({ claim: row, qty: batch[index].qty })))
  summary.sent += toSend.length
}

/** A refused or failed batch, settled a row at a time: each row's outcome differs (the entry a 4xx named, the others given back). */
async function settleEachRow(
  account: HubAccount,
  toSend: Array<{ row: ClaimedWarehouseStock }>,
  outcome: (index: number) => CataloguePushOutcome | "give back",
  summary: WarehouseStockPushSummary
): Promise<void> {
  for (const [index, { row }] of toSend.entries()) {
    const settled = outcome(index)
    if (settled === "give back") await account.records.catalogueClaims.settleRow(row, { kind: "returned" })
    else {
      await account.records.catalogueClaims.settleRow(row, settled)
      if (settled.kind === "sent") summary.sent++
      else if (settled.kind === "refused") summary.refused++
      else summary.failed++
    }
  }
}
