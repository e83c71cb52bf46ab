import { answerRoute } from "../http"
import { buildHubRoutes } from "../hub-routes"
import { sandboxVariationUpdateBodySchema } from "../product-rules"
import { SandboxHubState } from "../state"
import { refusal } from "./state-helpers"

/*
 * Product and variation updates against the sandbox's own rules (product-rules.ts), in-process:
 * through the state, and through the hub's routes without a server.
 */

function withProducts() {
  const state = new SandboxHubState()
  state.upsertProducts([
    { sku: "SKU-1", qty: 10, name: "Camiseta", price: 50, status: "enabled" },
    { sku: "SKU-1-P", qty: 2, name: "Camiseta P", price: 50, promotional_price: 45, status: "enabled" },
  ])
  return state
}


describe("sandbox product updates", () => {
  it("change only the fields given", () => {
    const state = withProducts()
    expect(state.updateProduct("SKU-1", { price: 59.9 })).toEqual({
      sku: "SKU-1",
      name: "Camiseta",
      status: "enabled",
      qty: 10,
      price: 59.9,
      promotional_price: null,
    })
    state.updateProduct("SKU-1", { promotional_price: 49.99, status: "disabled" })
    expect(state.getProduct("SKU-1")).toEqual({
      sku: "SKU-1",
      name: "Camiseta",
      status: "disabled",
      qty: 10,
      price: 59.9,
      promotional_price: 49.99,
    })
  })

  it("clear the promotional price with null on a hub of the legacy model; one of the 2025 model refuses it in its words", () => {
    const state = withProducts()
    expect(refusal(() => state.updateProduct("SKU-1-P", { promotional_price: null })).message).toBe("O preço e o preço promocional não podem ser zero nem vazios")
    state.priceRules = { maxCutPercent: 50, productModel: "legacy" }
    expect(state.updateProduct("SKU-1-P", { promotional_price: null })).toMatchObject({ price: 50, promotional_price: null })
  })

  it.each([
    [{ price: 10.005 }, "product.price: price must have at most two decimals"],
    [{ promotional_price: 0.125 }, "product.promotional_price: promotional_price must have at most two decimals"],
    [{ price: 0 }, "product.price: price must be above zero"],
    [{ price: -5 }, "product.price: price must be above zero"],
    [{ price: "50" }, "product.price: price must be a number"],
    [{ qty: 1.5 }, "product.qty: qty must be a whole number"],
    [{ qty: -1 }, "product.qty: qty must be 0 or more"],
    [{ status: "active" }, 'product.status: Invalid option: expected one of "enabled"|"disabled"'],
    [{ qty: 1, variations: [] }, 'product: Unrecognized key: "variations"'],
    [{}, "product: a product update needs at least one field"],
  ])("refuse %j with 422 naming the field", (update, message) => {
    const state = withProducts()
    const before = state.getProduct("SKU-1")
    const error = refusal(() => state.updateProduct("SKU-1", update))
    expect(error.status).toBe(422)
    expect(error.message.startsWith(message)).toBe(true)
    expect(state.getProduct("SKU-1")).toEqual(before)
  })

  it("take prices whose cents are exact only in decimal (19.99, 0.29, 1234.56)", () => {
    const state = withProducts()
    // Cuts of half or more among them: not what this test is about.
    state.priceRules = { maxCutPercent: null, productModel: "2025" }
    for (const price of [19.99, 0.29, 1234.56, 0.1 + 0.2]) {
      expect(state.updateProduct("SKU-1", { price }).price).toBe(price)
    }
  })

  it("refuse, changing nothing, a promotional price that would be above the price once merged", () => {
    const state = withProducts()
    const before = state.getProduct("SKU-1-P")
    const refusals = [
      [{ qty: 1, promotional_price: 60 }, "product.promotional_price: 60 must not be above price (50)"],
      [{ price: 40 }, "product.promotional_price: 45 must not be above price (40)"],
      [{ price: 30, promotional_price: 35.5, status: "disabled" }, "product.promotional_price: 35.5 must not be above price (30)"],
    ] as const
    for (const [update, message] of refusals) {
      const error = refusal(() => state.updateProduct("SKU-1-P", update))
      expect({ status: error.status, message: error.message }).toEqual({ status: 422, message })
      expect(state.getProduct("SKU-1-P")).toEqual(before)
    }
    const accepted = [
      { price: 40, promotional_price: 39.99 },
      // Equal to the price: no sale, on a hub that takes neither 0 nor null.
      { price: 30, promotional_price: 30 },
    ]
    for (const update of accepted) expect(state.updateProduct("SKU-1-P", update)).toMatchObject(update)
  })

  it("still take stock for a product seeded with a pair of prices the hub would refuse", () => {
    const state = withProducts()
    state.upsertProducts([{ sku: "SKU-DRIFT", qty: 1, price: 20, promotional_price: 25 }])
    expect(state.updateProduct("SKU-DRIFT", { qty: 4 })).toMatchObject({ qty: 4, price: 20, promotional_price: 25 })
    expect(refusal(() => state.updateProduct("SKU-DRIFT", { price: 21 })).message).toBe(
      "product.promotional_price: 25 must not be above price (21)"
    )
  })

  it("answer 404 to an unknown SKU", () => {
    const error = refusal(() => withProducts().updateProduct("NOPE", { qty: 1 }))
    expect(error).toMatchObject({ status: 404, message: "Product not found" })
  })
})

describe("sandbox product and variation update routes", () => {
  function hubRoutes(productUpdateResponse: 200 | 204 = 204) {
    const state = withProducts()
    const routes = buildHubRoutes({
      state,
      sandboxAccount: true,
      productUpdateResponse,
      shipmentExceptionPath: "both",
      nextOrigin: () => "http://127.0.0.1:1",
    })
    const put = (path: string, body: unknown) => answerRoute(routes, "PUT", path.split("/").filter(Boolean), "", () => body)
    return { state, put }
  }

  it("update the same record by SKU through /products and /variations, wrapped in product or variation", () => {
    const { state, put } = hubRoutes()
    expect(put("/variations/SKU-1-P", { product: { qty: 3 } })).toEqual({ status: 204 })
    expect(put("/variations/SKU-1-P", { variation: { price: 48 } })).toEqual({ status: 204 })
    expect(put("/products/SKU-1-P", { product: { status: "disabled" } })).toEqual({ status: 204 })
    expect(state.getProduct("SKU-1-P")).toMatchObject({ qty: 3, price: 48, promotional_price: 45, status: "disabled" })
    expect(hubRoutes(200).put("/variations/SKU-1", { variation: { qty: 0 } })).toMatchObject({
      status: 200,
      body: { sku: "SKU-1", qty: 0, price: 50 },
    })
  })

  it.each([
    ["/products/SKU-1", { variation: { qty: 1 } }, "product: Invalid input: expected object"],
    ["/products/SKU-1", { product: { qty: 1 }, extra: true }, 'Unrecognized key: "extra"'],
    ["/variations/SKU-1", { product: { qty: 1 }, variation: { qty: 1 } }, 'exactly one of "product" and "variation"'],
    ["/variations/SKU-1", {}, 'exactly one of "product" and "variation"'],
    ["/variations/SKU-1", { variation: { price: 9.999 } }, "variation.price: price must have at most two decimals"],
    ["/variations/SKU-1", { variation: { sku: "SKU-2" } }, 'variation: Unrecognized key: "sku"'],
    ["/variations/SKU-1", { variation: { promotional_price: 80 } }, "product.promotional_price: 80 must not be above price (50)"],
  ])("refuse PUT %s %j with 422 and {error}", (path, body, message) => {
    const { state, put } = hubRoutes()
    const answer = put(path, body)
    expect(answer.status).toBe(422)
    expect(answer.body).toEqual({ error: expect.stringContaining(message) })
    expect(state.getProduct("SKU-1")).toMatchObject({ qty: 10, price: 50, promotional_price: null })
  })

  it("answer 404 to an unknown SKU before reading the body", () => {
    expect(hubRoutes().put("/variations/NOPE", { nonsense: true })).toEqual({ status: 404, body: { error: "Product not found" } })
  })

  it("take either wrapper in the variation body schema, never both or neither", () => {
    expect(sandboxVariationUpdateBodySchema.safeParse({ variation: { qty: 1 } }).success).toBe(true)
    expect(sandboxVariationUpdateBodySchema.safeParse({ product: { qty: 1 } }).success).toBe(true)
    expect(sandboxVariationUpdateBodySchema.safeParse({ product: { qty: 1 }, variation: { qty: 1 } }).success).toBe(false)
    expect(sandboxVariationUpdateBodySchema.safeParse({}).success).toBe(false)
  })
})
