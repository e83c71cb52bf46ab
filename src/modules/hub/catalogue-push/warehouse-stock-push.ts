/*
 * An account's other warehouses' push (docs/catalogue.md, *Warehouses*): the sending machinery of the
 * workflow `push-hub-warehouse-stock`, the module's own as the products' push is (hub-products-push.ts),
 * so the hub's failures are translated here and the client's calls never leave the module.
 */
import { hubOutcome, type HubStoreSku } from "../../../hub-client"
import type { HubAccountOperations } from "../account-operations"
import type { HubAccountRecords } from "../account-records"
import type { CataloguePushOutcome } from "../models/hub-catalogue-change"
import type { ClaimedWarehouseStock } from "../repositories/hub-warehouse-stock"

/** How one round of an account's warehouses went. */
export type WarehouseStockPushSummary = { account: string; claimed: number; sent: number; refused: number; failed: number }

/**
 * Medusa as a round reads it as its batches leave, in plain JSON (a workflow step's answer): each
 * warehouse's available quantity by SKU (a SKU whose stock Medusa does not count left out), or why
 * Medusa could not be read (its database, a location shared with another account).
 */
export type WarehouseStockReading = { quantities: Record<string, Record<string, number>> } | { unreadable: string }

type Account = { id: string; stores: HubAccountOperations["stores"]; records: HubAccountRecords }

/**
 * Sends each warehouse's claimed rows in one `POST /stores/{code}/batch`, only the SKUs whose qty
 * differs from what the CD last took, each row settled as any outbox row. A 4xx naming one entry
 * (`skus.3.code`) refuses that SKU alone and gives the others back, so the next batch (another request)
 * goes without it; one naming none refuses the batch's SKUs, not sent again until their qty changes
 * (docs/hub-interface.md §7 rule 1). A batch sets quantities as they are, so one whose outcome is
 * unknown is sent again, read anew, after the retry delay: it cannot count anything twice. Medusa
 * unreadable: every row waits the retry delay.
 */
export async function pushWarehouseStock(account: Account, claims: ClaimedWarehouseStock[][], reading: WarehouseStockReading): Promise<WarehouseStockPushSummary> {
  const summary: WarehouseStockPushSummary = { account: account.id, claimed: claims.reduce((sum, rows) => sum + rows.length, 0), sent: 0, refused: 0, failed: 0 }
  if (!summary.claimed) return summary
  if ("unreadable" in reading) {
    for (const row of claims.flat()) await account.records.catalogueClaims.settleRow(row, { kind: "failed", reason: reading.unreadable })
    summary.failed = summary.claimed
    return summary
  }
  await Promise.all(claims.map((rows) => pushWarehouse(account, rows, reading.quantities[rows[0].warehouse] ?? {}, summary)))
  return summary
}

async function pushWarehouse(account: Account, rows: ClaimedWarehouseStock[], quantities: Record<string, number>, summary: WarehouseStockPushSummary): Promise<void> {
  const code = rows[0].warehouse
  const settling = account.records.catalogueClaims
  // A SKU whose stock Medusa does not count (inventory not managed, no level at the location): its last reading stands.
  const now = rows.map((row) => {
    const read = quantities[row.sku]
    return { row: { ...row, wanted: read !== undefined ? { qty: read } : row.wanted }, qty: read !== undefined ? read : row.wanted.qty }
  })
  const toSend = now.filter(({ row, qty }) => typeof qty === "number" && qty !== row.accepted.qty && qty !== row.refused.qty)
  for (const { row } of now.filter((entry) => !toSend.includes(entry))) await settling.settleRow(row, { kind: "unchanged" })
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
  account: Account,
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
