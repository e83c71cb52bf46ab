import { hubDate } from "../client"
import { maskSecrets } from "../errors"
import { parseHubOrder } from "../paging"
import { rateLimitBucketOf } from "../endpoints"

const address = { street: "Rua A", number: 10, city: "São Paulo", region: "SP", country: "BR", postcode: "01310100" }
const listedOrder = {
  code: "Loja Exemplo-1517940500554-01",
  status: { code: "book_product", type: "NEW" },
  customer: { name: "Ana", email: "ana@example.com" },
  billing_address: address,
  shipping_address: address,
  items: [{ id: "SKU-1", qty: 1 }],
}

describe("hub client pure parts", () => {
  it("formats the order listing's date filter as DD/MM/YYYY in UTC", () => {
    expect(hubDate(new Date("2026-03-05T23:59:59Z"))).toBe("05/03/2026")
  })

  it("classifies requests into the hub's rate-limit buckets", () => {
    expect(rateLimitBucketOf("GET", "/orders")).toBe("GET /orders")
    expect(rateLimitBucketOf("GET", "/orders/Loja%20X-1")).toBe("GET /orders/{code}")
    expect(rateLimitBucketOf("POST", "/orders/Loja%20X-1/invoice")).toBe("POST /orders")
    expect(rateLimitBucketOf("put", "/products/SKU-1")).toBe("PUT /products")
    expect(rateLimitBucketOf("GET", "/products?cursor=abc")).toBe("GET /products")
  })

  it("masks every configured secret in a text", () => {
    expect(maskSecrets("bad key abc123 for abc123 and xyz", ["abc123", "", "xyz"])).toBe("bad key [redacted] for [redacted] and [redacted]")
  })

  it("accepts a well-formed listed order", () => {
    const parsed = parseHubOrder(listedOrder)
    expect(parsed.ok && parsed.hubOrder.items[0].id).toBe("SKU-1")
  })

  it.each([
    [{ ...listedOrder, items: [] }, "items"],
    [{ ...listedOrder, items: [{ id: "SKU-1", qty: 0 }] }, "items.0.qty"],
    [{ ...listedOrder, customer: { name: "Ana", email: "not-an-email" } }, "customer.email"],
    [{ ...listedOrder, customer: { name: "Ana", email: "ana@example.com", date_of_birth: "31/12/1990" } }, "customer.date_of_birth"],
    [{ ...listedOrder, shipping_address: { ...address, postcode: "01310-100" } }, "shipping_address.postcode"],
    [{ ...listedOrder, status: undefined }, "status"],
  ])("sets a malformed order aside with the field named (%#)", (listed, field) => {
    const parsed = parseHubOrder(listed as typeof listedOrder)
    expect(parsed.ok).toBe(false)
    expect(!parsed.ok && parsed.code).toBe(listedOrder.code)
    expect(!parsed.ok && parsed.reason).toContain(field)
  })
})
