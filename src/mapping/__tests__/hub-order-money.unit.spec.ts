import type { HubOrder } from "../../hub-client"
import { hubOrderMoney, hubPaymentOf, spread } from "../hub-order-money"

function hubOrder(overrides: Partial<HubOrder> = {}): HubOrder {
  return {
    code: "Loja-1",
    status: { code: "book_product" },
    items: [{ id: "SKU-1", qty: 2, original_price: 49.9, special_price: 44.9 }],
    shipping_cost: 12.5,
    interest: 7.35,
    discount: 10,
    total_ordered: 99.65,
    customer: { name: "Ana", email: "ana@example.com" },
    billing_address: {} as HubOrder["billing_address"],
    shipping_address: {} as HubOrder["shipping_address"],
    ...overrides,
  } as HubOrder
}

const money = (order: HubOrder) => {
  const result = hubOrderMoney(order, order.items)
  if (!result.ok) throw new Error(result.reason)
  return result.money
}

describe("hubOrderMoney", () => {
  it("lands 2 x 44.90 + 12.50 shipping + 7.35 interest - 10.00 discount at 99.65, the discount on the item", () => {
    expect(money(hubOrder())).toEqual({
      lines: [{ unitPrice: 44.9, discount: 10 }],
      shipping: { amount: 12.5, discount: 0 },
      interest: 7.35,
      total: 99.65,
    })
  })

  it("spreads a discount over the items in proportion to their totals, to the cent, adding up exactly", () => {
    const order = hubOrder({
      items: [
        { id: "A", qty: 1, special_price: 10 },
        { id: "B", qty: 1, special_price: 10 },
        { id: "C", qty: 1, special_price: 10 },
      ],
      shipping_cost: 0,
      interest: 0,
      discount: 1,
      total_ordered: 29,
    })
    const { lines, total } = money(order)
    expect(lines.map((line) => line.discount)).toEqual([0.34, 0.33, 0.33])
    expect(total).toBe(29)
  })

  it("puts what the items cannot hold of the discount on the shipping", () => {
    const { lines, shipping, total } = money(hubOrder({ items: [{ id: "A", qty: 1, special_price: 5 }], shipping_cost: 10, interest: 0, discount: 8, total_ordered: 7 }))
    expect(lines[0].discount).toBe(5)
    expect(shipping).toEqual({ amount: 10, discount: 3 })
    expect(total).toBe(7)
  })

  it("sets aside an order whose parts do not add up to total_ordered, naming both figures and the parts", () => {
    const result = hubOrderMoney(hubOrder({ total_ordered: 109.65 }), hubOrder().items)
    expect(result).toEqual({
      ok: false,
      reason: "total_ordered 109.65 is not what its parts add up to, 99.65 (items 89.80 + shipping_cost 12.50 + interest 7.35 - discount 10.00)",
    })
  })

  it("takes a one-cent rounding into the discount, else the interest, else the shipping", () => {
    expect(money(hubOrder({ total_ordered: 99.64 }))).toMatchObject({ lines: [{ discount: 10.01 }], total: 99.64 })
    expect(money(hubOrder({ total_ordered: 99.66 }))).toMatchObject({ lines: [{ discount: 9.99 }], total: 99.66 })
    expect(money(hubOrder({ discount: 0, total_ordered: 109.66 }))).toMatchObject({ interest: 7.36, total: 109.66 })
    expect(money(hubOrder({ discount: 0, interest: 0, total_ordered: 102.31 }))).toMatchObject({ shipping: { amount: 12.51 }, total: 102.31 })
  })

  it("without total_ordered, lands the parts as sent; without interest or discount, the items and shipping alone", () => {
    expect(money(hubOrder({ total_ordered: undefined })).total).toBe(99.65)
    expect(money(hubOrder({ interest: undefined, discount: undefined, total_ordered: 102.3 }))).toEqual({
      lines: [{ unitPrice: 44.9, discount: 0 }],
      shipping: { amount: 12.5, discount: 0 },
      interest: 0,
      total: 102.3,
    })
  })

  it("adds the items' own shipping costs when the order has none", () => {
    const order = hubOrder({ shipping_cost: undefined, items: [{ id: "A", qty: 1, special_price: 20, shipping_cost: 3.1 }, { id: "B", qty: 1, special_price: 20, shipping_cost: 4.2 }], interest: 0, discount: 0, total_ordered: 47.3 })
    expect(money(order).shipping.amount).toBe(7.3)
  })

  it("adds amounts as cents: 0.1 + 0.2 is 0.30, not 0.30000000000000004", () => {
    const order = hubOrder({ items: [{ id: "A", qty: 1, special_price: 0.1 }], shipping_cost: 0.2, interest: 0, discount: 0, total_ordered: 0.3 })
    expect(money(order).total).toBe(0.3)
  })
})

describe("spread", () => {
  it("gives every cent to some weight, never more than asked", () => {
    for (const [amount, weights] of [[1, [1, 1, 1]], [100, [3, 7]], [7, [0, 5, 0]], [0, [4, 4]]] as const) {
      const shares = spread(amount, [...weights])
      expect(shares.reduce((a, b) => a + b, 0)).toBe(amount)
      weights.forEach((weight, index) => weight === 0 && expect(shares[index]).toBe(0))
    }
  })

  it("returns at once on absurd amounts, where floats lose the cents (its work bounded by the weights, not the amount)", () => {
    // 7e24 cents: floored shares fall 1,073,741,824 short of the amount, which a cent at a time took seconds.
    const amount = 7e24
    const started = performance.now()
    const shares = spread(amount, [amount / 3, amount / 7, 999])
    expect(performance.now() - started).toBeLessThan(100)
    expect(shares).toHaveLength(3)
    for (const share of shares) expect(Number.isFinite(share) && share >= 0).toBe(true)
    // Beyond any float: still a bounded answer, never a loop.
    expect(spread(1e300, [1e300, 1e300, 1]).every((share) => share >= 0)).toBe(true)
  })
})

describe("hubPaymentOf", () => {
  it("sums the hub's payments and keeps them as the payment's details", () => {
    const payments = [
      { method: "credit_card", value: 60.1, parcels: 3, status: "approved" },
      { method: "voucher", value: 39.55 },
    ]
    expect(hubPaymentOf({ payments, total_ordered: 99.65 })).toEqual({ amount: 99.65, data: { hub_payments: payments } })
  })

  it("falls back to total_ordered without payments, and to nothing (the order's total) without either", () => {
    expect(hubPaymentOf({ payments: [], total_ordered: 99.65 })).toEqual({ amount: 99.65, data: { hub_payments: [] } })
    expect(hubPaymentOf({ payments: [{ value: "lots" }], total_ordered: 10 })).toEqual({ amount: 10, data: { hub_payments: [] } })
    expect(hubPaymentOf({})).toBeNull()
  })
})
