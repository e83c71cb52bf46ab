import { parseHubOrder } from "../../hub-client"
import { sampleTestOrder } from "../../sandbox/sample-order"
import { HUB_AMOUNT_CEILING, HUB_TEXT_LIMITS, hubOrderOutOfBounds } from "../hub-order-bounds"

const hubOrder = (overrides: Record<string, unknown> = {}) => {
  const order = { code: "Loja-1", status: { code: "book_product", type: "NEW" }, ...sampleTestOrder(), items: [{ id: "SKU-1", qty: 2, special_price: 10 }], ...overrides }
  const parsed = parseHubOrder(order)
  if (!parsed.ok) throw new Error(parsed.reason)
  return parsed.hubOrder
}
const bounds = { maxItemQuantity: 1000, maxOrderLines: 100, countryCodes: ["br"] }
const address = sampleTestOrder().billing_address
const digits = (length: number) => "9".repeat(length)
const text = (length: number) => "x".repeat(length)

describe("hubOrderOutOfBounds", () => {
  it("accepts an ordinary order", () => {
    expect(hubOrderOutOfBounds(hubOrder(), bounds)).toBeNull()
  })

  it("refuses a line above the maximum quantity, naming the SKU and the option", () => {
    expect(hubOrderOutOfBounds(hubOrder({ items: [{ id: "SKU-9", qty: 1001, special_price: 1 }] }), bounds)).toMatch(
      /^items\[SKU-9\]\.qty is above the 1000 .*maxItemQuantity/
    )
  })

  it("adds up the lines of one SKU before bounding the quantity: two lines of 600 are 1200", () => {
    const split = hubOrder({ items: [{ id: "SKU-9", qty: 600, special_price: 1 }, { id: "SKU-2", qty: 1000, special_price: 1 }, { id: "SKU-9", qty: 600, special_price: 1 }] })
    expect(hubOrderOutOfBounds(split, bounds)).toMatch(/^items\[SKU-9\]\.qty is above the 1000 .*added up.*maxItemQuantity/)
    // At the bound, added up, it is accepted.
    expect(hubOrderOutOfBounds(hubOrder({ items: [{ id: "SKU-9", qty: 500, special_price: 1 }, { id: "SKU-9", qty: 500, special_price: 1 }] }), bounds)).toBeNull()
  })

  it("refuses an order with more lines than maxOrderLines, naming items and the option", () => {
    const lines = (count: number) => Array.from({ length: count }, (_, n) => ({ id: `SKU-${n}`, qty: 1, special_price: 1 }))
    expect(hubOrderOutOfBounds(hubOrder({ items: lines(100) }), bounds)).toBeNull()
    expect(hubOrderOutOfBounds(hubOrder({ items: lines(101) }), bounds)).toBe("items has 101 lines, more than the 100 an order may have (the maxOrderLines option)")
    // 2,000 lines of 1,000 units of one SKU: refused for its lines before anything is added up.
    const flood = Array.from({ length: 2000 }, () => ({ id: "SKU-1", qty: 1000, special_price: 1 }))
    expect(hubOrderOutOfBounds(hubOrder({ items: flood }), bounds)).toMatch(/^items has 2000 lines, .*maxOrderLines/)
  })

  it("refuses a shipping country outside the region, whatever its case", () => {
    const abroad = hubOrder({ shipping_address: { ...address, country: "US" } })
    expect(hubOrderOutOfBounds(abroad, bounds)).toMatch(/^shipping_address\.country US is not a country of the region/)
    expect(hubOrderOutOfBounds(abroad, { ...bounds, countryCodes: ["br", "us"] })).toBeNull()
  })

  it("refuses text beyond its limit, naming the field", () => {
    const long = hubOrder({ billing_address: { ...address, street: "R".repeat(301) } })
    expect(hubOrderOutOfBounds(long, bounds)).toBe("billing_address.street is 301 characters long, more than the 300 accepted")
    expect(hubOrderOutOfBounds(hubOrder({ items: [{ id: "SKU-1", qty: 1, special_price: 1, name: "x".repeat(501) }] }), bounds)).toMatch(/^items\[SKU-1\]\.name/)
  })

  // Each text field the import stores, one past its limit (digits where the hub's schema wants digits).
  const sample = sampleTestOrder()
  const textCases: Array<[string, (length: number) => Record<string, unknown>]> = [
    ["channel", (n) => ({ channel: text(n) })],
    ["shipping_method", (n) => ({ shipping_method: text(n) })],
    ["estimated_delivery", (n) => ({ estimated_delivery: text(n) })],
    ["placed_at", (n) => ({ placed_at: text(n) })],
    ["updated_at", (n) => ({ updated_at: text(n) })],
    ["approved_date", (n) => ({ approved_date: text(n) })],
    ["sync_status", (n) => ({ sync_status: text(n) })],
    ["status.code", (n) => ({ status: { code: text(n), type: "NEW" } })],
    ["status.label", (n) => ({ status: { code: "book_product", type: "NEW", label: text(n) } })],
    ["customer.name", (n) => ({ customer: { ...sample.customer, name: text(n) } })],
    ["customer.gender", (n) => ({ customer: { ...sample.customer, gender: text(n) } })],
    ["customer.vat_number", (n) => ({ customer: { ...sample.customer, vat_number: digits(n) } })],
    ["customer.state_registration", (n) => ({ customer: { ...sample.customer, state_registration: text(n) } })],
    ["import_info.remote_code", (n) => ({ import_info: { remote_code: text(n) } })],
    ["expedition_limit_date", (n) => ({ expedition_limit_date: text(n) })],
    ...(["billing_address", "shipping_address"] as const).flatMap((which): Array<[string, (length: number) => Record<string, unknown>]> => [
      ...(["full_name", "street", "number", "detail", "complement", "neighborhood", "city", "region", "reference"] as const).map(
        (field): [string, (length: number) => Record<string, unknown>] => [`${which}.${field}`, (n) => ({ [which]: { ...address, [field]: text(n) } })]
      ),
      [`${which}.postcode`, (n) => ({ [which]: { ...address, postcode: digits(n) } })],
    ]),
    ["items[0].id", (n) => ({ items: [{ id: text(n), qty: 1, special_price: 1 }] })],
    ["items[SKU-1].product_id", (n) => ({ items: [{ id: "SKU-1", qty: 1, special_price: 1, product_id: text(n) }] })],
    ["items[SKU-1].remote_store_id", (n) => ({ items: [{ id: "SKU-1", qty: 1, special_price: 1, remote_store_id: text(n) }] })],
    ["items[SKU-1].promotions[0].name", (n) => ({ items: [{ id: "SKU-1", qty: 1, special_price: 1, promotions: [{ name: text(n), value: 1 }] }] })],
    ["payments[0].method", (n) => ({ payments: [{ value: 1, method: text(n) }] })],
    ["payments[0].description", (n) => ({ payments: [{ value: 1, description: text(n) }] })],
  ]
  it.each(textCases)("refuses %s one character past its limit, accepts it at the limit", (field, order) => {
    const escaped = field.replace(/[.[\]]/g, "\\$&")
    const limitOf = (length: number) => hubOrderOutOfBounds(hubOrder(order(length)), bounds)
    // The limit is found from the reason itself, then checked at and past it.
    const reason = limitOf(5000)
    expect(reason).toMatch(new RegExp(`^${escaped} is 5000 characters long, more than the \\d+ accepted$`))
    const limit = Number(/the (\d+) accepted/.exec(reason!)![1])
    expect(limit).toBeLessThanOrEqual(500)
    expect(limitOf(limit)).toBeNull()
    expect(limitOf(limit + 1)).toMatch(new RegExp(`^${escaped} is ${limit + 1} characters`))
  })

  it("keeps every limit in one table, each far below what could flood the admin", () => {
    for (const limit of Object.values(HUB_TEXT_LIMITS)) expect(limit).toBeLessThanOrEqual(500)
  })

  const amountCases: Array<[string, (amount: number) => Record<string, unknown>]> = [
    ["total_ordered", (amount) => ({ total_ordered: amount })],
    ["shipping_cost", (amount) => ({ shipping_cost: amount })],
    ["interest", (amount) => ({ interest: amount })],
    ["discount", (amount) => ({ discount: amount })],
    ["items[SKU-1].special_price", (amount) => ({ items: [{ id: "SKU-1", qty: 1, special_price: amount }] })],
    ["items[SKU-1].original_price", (amount) => ({ items: [{ id: "SKU-1", qty: 1, original_price: amount }] })],
    ["items[SKU-1].shipping_cost", (amount) => ({ items: [{ id: "SKU-1", qty: 1, special_price: 1, shipping_cost: amount }] })],
    ["payments[0].value", (amount) => ({ payments: [{ value: amount }] })],
  ]
  it.each(amountCases)("refuses an absurd %s (1e26), naming the field; the ceiling itself is accepted", (field, order) => {
    const escaped = field.replace(/[.[\]]/g, "\\$&")
    expect(hubOrderOutOfBounds(hubOrder(order(1e26)), bounds)).toMatch(new RegExp(`^${escaped} is above 1e9`))
    expect(hubOrderOutOfBounds(hubOrder(order(HUB_AMOUNT_CEILING + 0.01)), bounds)).toMatch(new RegExp(`^${escaped} is above`))
    expect(hubOrderOutOfBounds(hubOrder(order(HUB_AMOUNT_CEILING)), bounds)).toBeNull()
  })
})
