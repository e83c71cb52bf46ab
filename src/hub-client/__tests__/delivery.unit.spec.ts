import { hubDeliveryFacts, hubDeliveryOf, marketplaceCarries } from "../delivery"

describe("hub delivery", () => {
  it("tells the marketplace's delivery (Correios, Direct, its warehouse) from the merchant's own carrier", () => {
    expect(hubDeliveryOf({ calculation_type: "b2wentregacorreios", shipping_method: "Pac" })).toBe("correios")
    expect(hubDeliveryOf({ calculation_type: "B2WEntregaDirect", shipping_method: "Expressa" })).toBe("direct")
    expect(hubDeliveryOf({ calculation_type: "b2wentregadirect", shipping_method: "B2W Fulfillment" })).toBe("fulfillment")
    expect(hubDeliveryOf({ calculation_type: "custom", shipping_method: "Sedex" })).toBe("own")
    expect(hubDeliveryOf({ calculation_type: null, shipping_method: null })).toBe("own")
    expect(["correios", "direct", "fulfillment", "own"].map((delivery) => marketplaceCarries(delivery as never))).toEqual([true, true, true, false])
  })

  it("keeps the order's words for its delivery, trimmed and bounded; a field of another shape is none", () => {
    expect(hubDeliveryFacts({ calculation_type: " b2wentregadirect ", shipping_method: "x".repeat(300), shipping_carrier: 7 })).toEqual({
      calculation_type: "b2wentregadirect",
      shipping_method: "x".repeat(200),
      shipping_carrier: null,
    })
    expect(hubDeliveryFacts({})).toEqual({ calculation_type: null, shipping_method: null, shipping_carrier: null })
  })
})
