import { wantedAt, warehouseDrift } from "../compare-warehouse-stock"
import type { WarehouseStockReading, WarehouseStockRecord } from "../../../../modules/hub/warehouse-reconciliation-records"

const reading = (sku: string, qty?: number) => ({ sku, variantId: `variant_${sku}`, productId: `prod_${sku}`, fields: qty === undefined ? {} : { qty } })
const record = (sku: string, over: Partial<WarehouseStockRecord> = {}): WarehouseStockRecord => ({ warehouse: "01", sku, pending: false, acceptedQty: null, refusedQty: null, ...over })

describe("warehouseDrift", () => {
  it("drifts a SKU the CD never took or took at another qty, with its qty forgotten as accepted", () => {
    const compared = warehouseDrift("01", [reading("A", 3), reading("B", 4), reading("C", 5)], [record("B", { acceptedQty: 2 }), record("C", { acceptedQty: 5 })])
    expect(compared).toEqual({ code: "01", seen: 3, drifted: [{ ...reading("A", 3), drifted: ["qty"] }, { ...reading("B", 4), drifted: ["qty"] }] })
  })

  it("leaves a queued push, a qty refused as it is, and a SKU whose stock Medusa does not count", () => {
    const records = [record("A", { pending: true, acceptedQty: 1 }), record("B", { refusedQty: 4 }), record("C", { refusedQty: 9 })]
    expect(warehouseDrift("01", [reading("A", 3), reading("B", 4), reading("C", 5), reading("D")], records)).toEqual({ code: "01", seen: 3, drifted: [{ ...reading("C", 5), drifted: ["qty"] }] })
  })

  it("reads only its own warehouse's records", () => {
    expect(warehouseDrift("02", [reading("A", 3)], [record("A", { acceptedQty: 3 })]).drifted).toHaveLength(1)
  })
})

describe("wantedAt", () => {
  const row = (over: Partial<WarehouseStockReading> = {}): WarehouseStockReading => ({
    sku: "A",
    variant_id: "variant_A",
    product_id: "prod_A",
    manage_inventory: true,
    in_channel: true,
    items: [{ required: 2, levels: [{ location: "sloc_rio", stocked: 11, reserved: 2 }, { location: "sloc_sp", stocked: 50, reserved: 0 }] }],
    ...over,
  })
  const qty = (reading: WarehouseStockReading, buffer = 0) => wantedAt(reading, "sloc_rio", { stockBuffer: buffer }).map((entry) => entry.fields.qty)

  it("reads the location's stocked - reserved, divided by the required quantity, less the buffer, never below 0", () => {
    expect(qty(row())).toEqual([4])
    expect(qty(row(), 1)).toEqual([3])
    expect(qty(row(), 9)).toEqual([0])
  })

  it("reads 0 outside the channel or once the SKU left Medusa, and nothing for stock Medusa does not count", () => {
    expect(qty(row({ in_channel: false }))).toEqual([0])
    expect(qty(row({ variant_id: null, product_id: null, manage_inventory: null, items: [] }))).toEqual([0])
    expect(qty(row({ manage_inventory: false }))).toEqual([])
    expect(qty(row({ items: [] }))).toEqual([])
  })
})
