import { hubDate } from "../paging"
import { HubIncompleteListingError, maskSecrets } from "../errors"
import { parseHubOrder } from "../listed-order"
import { allProducts, type HubPageReader } from "../paging"
import type { HubProductList } from "../schemas"
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
    [{ ...listedOrder, items: [{ id: "SKU-1", qty: 1.5 }] }, "items.0.qty"],
    [{ ...listedOrder, items: [{ id: null, qty: 1 }] }, "items.0.id"],
    [{ ...listedOrder, total_ordered: "a lot" }, "total_ordered"],
    [{ ...listedOrder, items: [{ id: "SKU-1", qty: 1, original_price: -5 }] }, "items.0.original_price"],
    [{ ...listedOrder, status: undefined }, "status"],
  ])("sets a malformed order aside with the field named (%#)", (listed, field) => {
    const parsed = parseHubOrder(listed as typeof listedOrder)
    expect(parsed.ok).toBe(false)
    expect(!parsed.ok && parsed.code).toBe(listedOrder.code)
    expect(!parsed.ok && parsed.reason).toContain(field)
  })
})

/** A products listing read from `pages`: page 1 first, then the page each `next` names; the reads counted. */
function fakeProducts(first: HubProductList, pageAt: (next: string, read: number) => HubProductList) {
  const reads = { count: 0, followed: [] as string[] }
  const reader = {
    listOrders: async () => ({ total: 0, orders: [] }),
    listProducts: async () => (reads.count++, first),
    followProductsCursor: async (next: string) => (reads.count++, reads.followed.push(next), pageAt(next, reads.count)),
  } as HubPageReader
  return { reader, reads }
}

const products = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ sku: `SKU-${from + i}`, qty: 1 }))

async function walkProducts(reader: HubPageReader, maxPages = 50) {
  const seen: string[] = []
  const error = await (async () => {
    for await (const product of allProducts(reader, {}, maxPages)) seen.push(product.sku)
  })().then(
    () => undefined,
    (failure: unknown) => failure
  )
  return { seen, error }
}

describe("a products walk stops where the hub's own answers say it should", () => {
  it("a `next` repeating a cursor already followed (a loop) ends it as incomplete after the pages read once", async () => {
    // Page 1 -> A -> B -> A again.
    const { reader, reads } = fakeProducts({ products: products(1, 2), next: "/products?cursor=A" }, (next) =>
      next.endsWith("cursor=A") ? { products: products(3, 2), next: "/products?cursor=B" } : { products: products(5, 2), next: "/products?cursor=A" }
    )
    const { seen, error } = await walkProducts(reader)
    expect(error).toBeInstanceOf(HubIncompleteListingError)
    expect((error as Error).message).toContain("read only in part")
    expect((error as Error).message).toContain("repeats a cursor already followed")
    expect(reads.count).toBe(3)
    expect(seen).toEqual(["SKU-1", "SKU-2", "SKU-3", "SKU-4", "SKU-5", "SKU-6"])
  })

  it("a repeated cursor is seen as one whether the hub writes it absolute or relative, its query in any order", async () => {
    // The hub names the same page three ways: the walk reads it once.
    const spellings = ["/v3/products?per_page=100&cursor=A", "https://hub.example/v3/products?cursor=A&per_page=100", "/v3/products?cursor=A&per_page=100"]
    const { reader, reads } = fakeProducts({ products: products(1, 1), next: spellings[0] }, (_next, read) => ({
      products: products(read, 1),
      next: spellings[Math.min(read - 1, spellings.length - 1)],
    }))
    const { error } = await walkProducts(reader)
    expect(error).toBeInstanceOf(HubIncompleteListingError)
    expect(reads.followed).toEqual([spellings[0]])
    expect(reads.count).toBe(2)
  })

  it("once the products read reach the `total` its first page announced, a `next` still given is not followed: the walk ends whole", async () => {
    // An endless cursor past the listing's end: each page after it empty, each with a new `next`.
    const { reader, reads } = fakeProducts({ products: products(1, 3), total: 3, next: "/products?cursor=0" }, (_next, read) => ({
      products: [],
      total: 3,
      next: `/products?cursor=${read}`,
    }))
    const { seen, error } = await walkProducts(reader)
    expect(error).toBeUndefined()
    expect(seen).toEqual(["SKU-1", "SKU-2", "SKU-3"])
    expect(reads.count).toBe(1)
  })

  it("reads on until the total is reached on a later page, then stops though `next` is still given", async () => {
    const { reader, reads } = fakeProducts({ products: products(1, 100), total: 250, next: "/products?cursor=100" }, (_next, read) => ({
      products: read === 2 ? products(101, 100) : read === 3 ? products(201, 50) : [],
      // Later pages may count otherwise: the first page's total is the one that holds.
      total: 999,
      next: `/products?cursor=${read * 100}`,
    }))
    const { seen, error } = await walkProducts(reader)
    expect(error).toBeUndefined()
    expect(seen).toHaveLength(250)
    expect(reads.count).toBe(3)
  })

  it("without a total, or with one below its own first page (not the listing's count), only a loop or maxPages stops an endless `next`", async () => {
    for (const total of [undefined, 0]) {
      const { reader, reads } = fakeProducts({ products: products(1, 2), total, next: "/products?cursor=0" }, (_next, read) => ({
        products: [],
        next: `/products?cursor=${read}`,
      }))
      const { error } = await walkProducts(reader, 7)
      expect(error).toBeInstanceOf(HubIncompleteListingError)
      expect((error as Error).message).toContain("after 7 pages (maxProductPages)")
      expect(reads.count).toBe(7)
    }
  })
})
