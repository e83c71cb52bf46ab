import { HubClient } from "../client"
import { describeIssues, HubInvalidRequestError } from "../errors"
import { hubProductDetailResponseSchema } from "../product-schemas"

/*
 * A product's SKU in a path, and the product read back: pure parts, no hub. The same over HTTP, with
 * the sandbox's request log, is in integration-tests/hub/client-errors.spec.ts and catalogue.spec.ts.
 */

describe("a SKU that cannot name a product in a path", () => {
  // Nothing listens there: a request sent would fail as unavailable, not as invalid.
  const client = new HubClient({ baseUrl: "http://127.0.0.1:9/v3", userEmail: "dev@store.example", apiKey: "k", accountManagerKey: "m", maxRetries: 0 })
  afterAll(() => client.close())

  it.each([
    ["", "it is empty"],
    [".", "a path segment . or .. names the folder or its parent"],
    ["..", "a path segment . or .. names the folder or its parent"],
    [" SKU-1 ", "it has spaces around it"],
  ])("%j is refused before sending, saying why", async (sku, why) => {
    for (const call of [() => client.getProduct(sku), () => client.updateProduct(sku, { qty: 1 }, "variations")]) {
      const error = await call().catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(HubInvalidRequestError)
      expect((error as Error).message).toContain(`sku: ${JSON.stringify(sku)} cannot name a hub product in a URL: ${why}`)
    }
    expect(client.figures().byEndpoint).toEqual({})
  })
})

describe("the product read back", () => {
  const read = (body: unknown) => {
    const parsed = hubProductDetailResponseSchema.safeParse(body)
    return parsed.success ? { held: parsed.data } : { issues: describeIssues(parsed.error.issues) }
  }

  it("needs only its SKU and its variations' SKUs; the rest passes as it came", () => {
    expect(read({ sku: "A" })).toEqual({ held: { sku: "A" } })
    const wrapped = { sku: "A", name: null, qty: "3", images: [{ url: "x" }], variations: [{ sku: "A-1", price: "9,90" }] }
    expect(read({ product: wrapped })).toEqual({ held: wrapped })
    expect(read({ sku: "A", variations: null })).toEqual({ held: { sku: "A", variations: null } })
  })

  it.each([
    [{ product: null }, "product: expected a product: an object naming its sku"],
    [{ sku: "A", qty: 1, product: null }, "product: expected a product: an object naming its sku"],
    [null, "(body): expected a product: an object naming its sku"],
    [{ product: { name: "A" } }, "product.sku: sku must be a string"],
    [{ sku: "" }, "sku: sku must not be empty"],
    [{ sku: "A", variations: [{ qty: 1 }] }, "variations.0.sku: sku must be a string"],
  ])("%j is no product, the field named", (body, issues) => {
    expect(read(body)).toEqual({ issues })
  })
})
