import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { availableQuantity } from "../../../mapping/available-quantity"
import { HUB_MODULE } from "../../../modules/hub"
import type { HubAccountOptions } from "../../../modules/hub/accounts"
import type { WantedSkuFields } from "../../../modules/hub/types"
import type HubModuleService from "../../../modules/hub/service"
import type { WarehouseStockReading, WarehouseStockRecord } from "../../../modules/hub/warehouse-reconciliation-records"
import { hubStockLocations } from "../../../queries/hub-stock-locations"

/** A page of an account's SKUs, walked by the reconciliation of its other warehouses: the next `limit` after `after`. */
export type WarehouseStockPage = { account: string; after: string | null; limit: number }

/** One warehouse's page: the SKUs compared, and those whose qty its CD does not hold (each to be sent again). */
export type WarehousePageComparison = { code: string; seen: number; drifted: WantedSkuFields[] }

/** What a page compared: each warehouse's part, and the page's SKUs (the last one is where the next page starts). */
export type WarehouseStockComparison = { skus: string[]; warehouses: WarehousePageComparison[] }

/**
 * Each of the account's other warehouses (as saved, else the option `warehouses`) against what the outbox says its CD
 * holds: the qty Medusa reads at its location now (stocked - reserved, the buffer applied, as a change
 * reads it: src/queries/hub-product-fields.ts, `warehouseQuantities`) beside the qty the CD last took.
 * The record publishes no read of a CD's stock (docs/hub-public-facts.md, *Stock per warehouse*), so
 * what the CD took is the hub's side. The page's stock is read in one statement (the module reads cost
 * a read per module and relation: the walk ran at a fiftieth of the stores' limit); a drifted SKU's push
 * reads Medusa again as its batch leaves, in one statement too (`wantedAt` on `stockOf`). Reads only.
 */
export const compareWarehouseStockStep = createStep("compare-hub-warehouse-stock", async ({ account, after, limit }: WarehouseStockPage, { container }) => {
  const target = container.resolve<HubModuleService>(HUB_MODULE).account(account)
  // The account's channel and mapped locations, checked as a change's reading checks them (a location shared with another account refused).
  const { salesChannelId, warehouses } = await hubStockLocations(container, target.options)
  const codes = warehouses.map(({ code }) => code)
  if (!codes.length) return new StepResponse<WarehouseStockComparison>({ skus: [], warehouses: [] })
  const readings = await target.records.warehouseReconciliation.stockPage({ after, limit }, salesChannelId, warehouses.map((warehouse) => warehouse.locationId))
  const skus = readings.map((reading) => reading.sku)
  const records = skus.length ? await target.records.warehouseReconciliation.recordsOf(codes, skus) : []
  return new StepResponse<WarehouseStockComparison>({
    skus,
    warehouses: warehouses.map(({ code, locationId }) => warehouseDrift(code, readings.flatMap((reading) => wantedAt(reading, locationId, target.options)), records)),
  })
})

/** A SKU's qty at one mapped location, as a change reads it; none when Medusa does not count its stock. */
export function wantedAt(reading: WarehouseStockReading, locationId: string, options: Pick<HubAccountOptions, "stockBuffer">): WantedSkuFields[] {
  const entry = { sku: reading.sku, variantId: reading.variant_id, productId: reading.product_id }
  // A SKU no live variant holds has left Medusa: 0, as its last holder's row says.
  if (!reading.variant_id) return [{ ...entry, fields: { qty: 0 } }]
  if (!reading.manage_inventory) return []
  const at = availableQuantity(
    reading.items.map((item) => ({ requiredQuantity: item.required, levels: item.levels.map((level) => ({ locationId: level.location, stockedQuantity: level.stocked, reservedQuantity: level.reserved })) })),
    new Set([locationId])
  )
  if (at === null) return []
  return [{ ...entry, fields: { qty: reading.in_channel ? Math.max(0, at - options.stockBuffer) : 0 } }]
}

/**
 * Which of a warehouse's readings its CD does not hold: a SKU the CD never took, or took at another
 * qty. Left out: a SKU whose push is queued already (it reads Medusa again as it leaves), one the CD
 * refused at this very qty (never resent unchanged after a 4xx, docs/hub-interface.md §7), and one
 * whose stock Medusa does not count (no qty).
 */
export function warehouseDrift(code: string, wanted: WantedSkuFields[], records: WarehouseStockRecord[]): WarehousePageComparison {
  const held = new Map(records.filter((record) => record.warehouse === code).map((record) => [record.sku, record]))
  const counted = wanted.filter((entry) => typeof entry.fields.qty === "number")
  const drifted = counted.flatMap((entry): WantedSkuFields[] => {
    const record = held.get(entry.sku)
    const qty = entry.fields.qty
    if (record && (record.pending || record.acceptedQty === qty || record.refusedQty === qty)) return []
    return [{ ...entry, drifted: ["qty"] }]
  })
  return { code, seen: counted.length, drifted }
}
