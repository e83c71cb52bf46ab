import { parseHubOrder } from "../../hub-client"
import { sampleTestOrder } from "../../sandbox/sample-order"
import { hubOrderOutOfBounds } from "../hub-order-bounds"

const hubOrder = (overrides: Record<string, unknown> = {}) => {
  const order = { code: "Loja-1", status: { code: "book_product", type: "NEW" }, ...sampleTestOrder(), items: [{ id: "SKU-1", qty: 2, special_price: 10 }], ...overrides }
  const parsed = parseHubOrder(order)
  if (!parsed.ok) throw new Error(parsed.reason)
  return parsed.hubOrder
}
const bounds = { maxItemQuantity: 1000, countryCodes: ["br"] }

describe("hubOrderOutOfBounds", () => {
  it("accepts an ordinary order", () => {
    expect(hubOrderOutOfBounds(hubOrder(), bounds)).toBeNull()
  })

  it("refuses a line above the maximum quantity, naming the SKU and the option", () => {
    expect(hubOrderOutOfBounds(hubOrder({ items: [{ id: "SKU-9", qty: 1001, special_price: 1 }] }), bounds)).toMatch(
      /^items\[SKU-9\]\.qty is above the 1000 .*maxItemQuantity/
    )
  })

  it("refuses a shipping country outside the region, whatever its case", () => {
    const abroad = hubOrder({ shipping_address: { ...sampleTestOrder().shipping_address, country: "US" } })
    expect(hubOrderOutOfBounds(abroad, bounds)).toMatch(/^shipping_address\.country US is not a country of the region/)
    expect(hubOrderOutOfBounds(abroad, { ...bounds, countryCodes: ["br", "us"] })).toBeNull()
  })

  it("refuses text beyond its limit, naming the field", () => {
    const long = hubOrder({ billing_address: { ...sampleTestOrder().billing_address, street: "R".repeat(301) } })
    expect(hubOrderOutOfBounds(long, bounds)).toBe("billing_address.street is 301 characters long, more than the 300 accepted")
    expect(hubOrderOutOfBounds(hubOrder({ items: [{ id: "SKU-1", qty: 1, special_price: 1, name: "x".repeat(501) }] }), bounds)).toMatch(/^items\[SKU-1\]\.name/)
  })
})
