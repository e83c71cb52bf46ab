import { hubPricesView } from "../prices"

const OPTIONS = { priceCutLimitPercent: 50, priceCutMarginPercent: 5 }

describe("each SKU's price on the hub, as the product card shows it", () => {
  it("says what the hub holds and, while a cut goes in steps, the next step and how many are left", () => {
    const rows = [
      { sku: "B", wanted: { qty: 1, price: 40 }, accepted: { price: 100 } },
      { sku: "A", wanted: { price: 59.9 }, accepted: { price: 59.9 } },
      { sku: "C", wanted: { price: 80 }, accepted: {} },
      { sku: "D", wanted: { qty: 3 }, accepted: { qty: 3 } },
    ]
    expect(hubPricesView(rows, OPTIONS)).toEqual([
      { sku: "A", hub_price: 59.9, price: 59.9, next_price: null, steps_left: 0 },
      { sku: "B", hub_price: 100, price: 40, next_price: 55, steps_left: 2 },
      { sku: "C", hub_price: null, price: 80, next_price: 80, steps_left: 1 },
    ])
  })
})
