import type { RuledVariantPrice } from "../../../../../queries/hub-prices"
import { hubPricesView } from "../prices"

const OPTIONS = { priceCutLimitPercent: 50, priceCutMarginPercent: 5 }

describe("each SKU's price on the hub, as the product card shows it", () => {
  it("says what the hub holds and, while a cut goes in steps, the next step and how many are left", () => {
    const rows = [
      { sku: "B", variant_id: null, wanted: { qty: 1, price: 40 }, accepted: { price: 100 } },
      { sku: "A", variant_id: null, wanted: { price: 59.9 }, accepted: { price: 59.9 } },
      { sku: "C", variant_id: null, wanted: { price: 80 }, accepted: {} },
      { sku: "D", variant_id: null, wanted: { qty: 3 }, accepted: { qty: 3 } },
    ]
    expect(hubPricesView(rows, OPTIONS)).toEqual([
      expect.objectContaining({ sku: "A", hub_price: 59.9, price: 59.9, next_price: null, steps_left: 0, held: null }),
      expect.objectContaining({ sku: "B", hub_price: 100, price: 40, next_price: 55, steps_left: 2, held: null }),
      expect.objectContaining({ sku: "C", hub_price: null, price: 80, next_price: 80, steps_left: 1, held: null }),
    ])
  })

  it("names the rule that made each price, and shows a price the rules hold (never sent) with its floor", () => {
    const reading = (price: RuledVariantPrice["price"], source: RuledVariantPrice["source"] = "region"): RuledVariantPrice => ({
      medusa: { originalAmount: 100, calculatedAmount: 100, onSale: false },
      context: { categoryPaths: [], metadata: null },
      source,
      price,
      sale: null,
    })
    const ruled = new Map([
      ["variant_a", reading({ amount: 119, rule: "pcat_SHIRTS" })],
      ["variant_b", reading({ amount: 110, rule: "default" }, "price_list")],
      ["variant_c", reading({ held: "under_floor", floor: 120 })],
      ["variant_d", reading({ amount: 100, rule: "none" })],
      ["variant_e", reading({ held: "floor_unreadable", value: "abc" })],
    ])
    const rows = [
      { sku: "A", variant_id: "variant_a", wanted: { price: 119 }, accepted: { price: 119 } },
      { sku: "B", variant_id: "variant_b", wanted: { price: 110 }, accepted: { price: 100 } },
      // Held: its price is not among the fields wanted on the hub; the hub keeps the one it has.
      { sku: "C", variant_id: "variant_c", wanted: { qty: 2 }, accepted: { price: 130 } },
      { sku: "D", variant_id: "variant_d", wanted: { price: 100 }, accepted: { price: 100 } },
      // Held under a floor it could not read: the value as written.
      { sku: "E", variant_id: "variant_e", wanted: { qty: 1 }, accepted: { price: 90 } },
    ]
    const view = hubPricesView(rows, OPTIONS, ruled, new Map([["pcat_SHIRTS", "Shirts"]]))
    expect(view).toEqual([
      { sku: "A", hub_price: 119, medusa_price: 100, source: "region", rule: { kind: "category", category: "Shirts" }, price: 119, next_price: null, steps_left: 0, held: null, floor: null, unreadable_floor: null },
      { sku: "B", hub_price: 100, medusa_price: 100, source: "price_list", rule: { kind: "default" }, price: 110, next_price: 110, steps_left: 1, held: null, floor: null, unreadable_floor: null },
      { sku: "C", hub_price: 130, medusa_price: 100, source: "region", rule: null, price: null, next_price: null, steps_left: 0, held: "under_floor", floor: 120, unreadable_floor: null },
      { sku: "D", hub_price: 100, medusa_price: 100, source: "region", rule: { kind: "none" }, price: 100, next_price: null, steps_left: 0, held: null, floor: null, unreadable_floor: null },
      { sku: "E", hub_price: 90, medusa_price: 100, source: "region", rule: null, price: null, next_price: null, steps_left: 0, held: "floor_unreadable", floor: null, unreadable_floor: "abc" },
    ])
  })
})
