import { legacyAnswer, partnerAnswer, readQuoteRequest, addBusinessDays, type FreightQuote } from "../freight-contracts"
import { applyFreightRules, fallbackOf, flatAmountOf, freightRulesSchema, cepRange, geoZoneServes, itemTotalOf, postalExpressionHolds, stateOfCep, transitDaysOf, volumeBand, parcelOf, weightBand } from "../freight-rules"

const quote = (id: string, amount: string, transitDays: number): FreightQuote => ({ id, name: id, displayName: `Entrega ${id}`, amount, transitDays, handlingDays: 1 })

describe("freight quote contracts", () => {
  it("reads the legacy request: the CEP as an integer gets its leading zero back, measures kept in metres and kg", () => {
    const read = readQuoteRequest("legacy", { destinationZip: 1310100, volumes: [{ sku: "A", quantity: 2, price: 10.5, height: 0.2, length: 0.3, width: 0.1, weight: 1.2 }] })
    expect(read).toEqual({ ok: true, request: { contract: "legacy", cep: "01310100", lines: [{ sku: "A", quantity: 2, unitPrice: 10.5, weightKg: 1.2, heightM: 0.2, widthM: 0.1, lengthM: 0.3 }] } })
  })

  it("reads the partner's request and names the bad field by its path", () => {
    const ok = readQuoteRequest("partner", { destinationZipCode: "80010-000", products: [{ skuId: "B", sellerTenant: "t1", quantity: 1, cost: 99, weight: 2 }] })
    expect(ok.ok && ok.request).toMatchObject({ cep: "80010000", sellerTenant: "t1", lines: [{ sku: "B", unitPrice: 99, weightKg: 2 }] })
    const bad = readQuoteRequest("partner", { destinationZipCode: "8001", products: [{ skuId: "B", quantity: 0, cost: 1 }] })
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.issues.map((issue) => issue.path.join("."))).toEqual(["destinationZipCode", "products.0.quantity"])
  })

  it("reads the partner's units as the account's option says: unset, the legacy's (kg, metres, reais); grams, centimetres and centavos converted exactly", () => {
    const body = { destinationZipCode: "01310100", products: [{ skuId: "A", quantity: 1, cost: 1999, weight: 1250, height: 20, width: 15, length: 33 }] }
    const legacyUnits = readQuoteRequest("partner", { ...body, products: [{ ...body.products[0], cost: 19.99, weight: 1.25, height: 0.2, width: 0.15, length: 0.33 }] })
    expect(legacyUnits.ok && legacyUnits.request.lines).toEqual([{ sku: "A", quantity: 1, unitPrice: 19.99, weightKg: 1.25, heightM: 0.2, widthM: 0.15, lengthM: 0.33 }])
    const units = { weight: "g", measures: "cm", money: "centavos" } as const
    const read = readQuoteRequest("partner", body, units)
    expect(read.ok && read.request.lines).toEqual([{ sku: "A", quantity: 1, unitPrice: 19.99, weightKg: 1.25, heightM: 0.2, widthM: 0.15, lengthM: 0.33 }])
    const mm = readQuoteRequest("partner", { ...body, products: [{ ...body.products[0], height: 205 }] }, { ...units, measures: "mm" })
    expect(mm.ok && mm.request.lines[0].heightM).toBe(0.205)
    // The legacy contract's units are on the record: the option does not touch them.
    const legacy = readQuoteRequest("legacy", { destinationZip: 1310100, volumes: [{ sku: "A", quantity: 1, price: 19.99, weight: 1.25 }] }, units)
    expect(legacy.ok && legacy.request.lines[0]).toMatchObject({ unitPrice: 19.99, weightKg: 1.25 })
    if (!read.ok) throw new Error("unread")
    const answer = partnerAnswer(read.request, [quote("x", "12.35", 2)], [], new Date("2026-11-27T12:00:00Z"), units).body as { content: { deliveryOptions: Array<{ finalShippingCost: number }> } }
    expect(answer.content.deliveryOptions[0].finalShippingCost).toBe(1235)
    expect((partnerAnswer(read.request, [quote("x", "12.35", 2)], [], new Date()).body as typeof answer).content.deliveryOptions[0].finalShippingCost).toBe(12.35)
  })

  it("the partner's units option is checked with messages naming the field; a cost in centavos must be whole", () => {
    const bad = freightRulesSchema.safeParse({ partnerUnits: { weight: "lb", measures: "km" } })
    expect(bad.success).toBe(false)
    if (!bad.success) expect(bad.error.issues.map((issue) => issue.message)).toEqual(["freight.partnerUnits.weight must be kg or g", "freight.partnerUnits.measures must be m, cm or mm"])
    expect(freightRulesSchema.parse({ partnerUnits: { weight: "g" } }).partnerUnits).toEqual({ weight: "g", measures: "m", money: "reais" })
    expect(freightRulesSchema.parse({}).partnerUnits).toBeUndefined()
    const fraction = readQuoteRequest("partner", { destinationZipCode: "01310100", products: [{ skuId: "A", quantity: 1, cost: 19.99 }] }, { weight: "kg", measures: "m", money: "centavos" })
    expect(fraction.ok).toBe(false)
    if (!fraction.ok) expect(fraction.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["products.0.cost", "cost must be a whole number of centavos"]])
  })

  it("answers legacy cheapest first, fastest among equals; nothing quoted is a 404 in the hub's words", () => {
    const answer = legacyAnswer([quote("slow", "10.00", 9), quote("fast", "10.00", 2), quote("dear", "30.00", 1)])
    expect((answer.body as { shippingQuotes: Array<{ shippingMethodId: string }> }).shippingQuotes.map((q) => q.shippingMethodId)).toEqual(["fast", "slow", "dear"])
    expect((answer.body as { shippingQuotes: unknown[] }).shippingQuotes[0]).toEqual({ shippingCost: 10, deliveryTime: { total: 3, transit: 2, expedition: 1 }, shippingMethodId: "fast", shippingMethodName: "fast", shippingMethodDisplayName: "Entrega fast" })
    expect(legacyAnswer([])).toEqual({ status: 404, body: { message: "Região de entrega não atendida" } })
  })

  it("nothing known in time for a CEP the store may serve is a 503 in both contracts (the hub's contingency table), never the no-options 404 (issue 59)", () => {
    expect(legacyAnswer([], "unavailable")).toEqual({ status: 503, body: { message: "Cotação de frete indisponível no momento" } })
    const read = readQuoteRequest("partner", { destinationZipCode: "01310100", products: [{ skuId: "A", sellerTenant: "t", quantity: 1, cost: 1 }] })
    const answer = partnerAnswer(read.ok ? read.request : (undefined as never), [], [], new Date("2026-12-01T12:00:00Z"), undefined, "unavailable")
    expect(answer.status).toBe(503)
    expect(answer.body).toMatchObject({ statusHttp: 503, status: "error", messages: [{ type: "ERROR", key: "QUOTE_UNAVAILABLE", sellerTenant: "t" }], content: { deliveryOptions: [] } })
    // Quotes answered: the reason is not read.
    expect(legacyAnswer([quote("a", "1.00", 1)], "unavailable").status).toBe(200)
  })

  it("answers the partner with business days, an estimated date, unknown SKUs and NO_DELIVERY_OPTIONS in messages", () => {
    const read = readQuoteRequest("partner", { destinationZipCode: "01310100", products: [{ skuId: "A", sellerTenant: "t", quantity: 1, cost: 1 }] })
    if (!read.ok) throw new Error("unread")
    const friday = new Date("2026-11-27T12:00:00Z")
    const answer = partnerAnswer(read.request, [quote("x", "12.30", 2)], ["ZZ"], friday).body as { content: { deliveryOptions: unknown[] }; messages: Array<{ key: string; text: string }> }
    expect(answer.content.deliveryOptions).toEqual([{ deliveryMethodId: "x", deliveryMethodName: "Entrega x", deliveryTime: 3, deliveryTimeType: "bd", finalShippingCost: 12.3, deliveryEstimatedDateExactIso: "2026-12-02", deliveryEstimateBusinessDays: 3 }])
    expect(answer.messages).toEqual([{ type: "WARNING", key: "SKU_NOT_FOUND", text: "SKU ZZ não encontrado", sellerTenant: "t" }])
    const none = partnerAnswer(read.request, [], [], friday)
    expect(none.status).toBe(404)
    expect((none.body as { messages: Array<{ key: string }> }).messages.map((m) => m.key)).toEqual(["NO_DELIVERY_OPTIONS"])
    expect(addBusinessDays(friday, 1)).toBe("2026-11-30")
    // Kept per day: the same day at another hour answers the same, the next day anew.
    expect(addBusinessDays(new Date("2026-11-27T23:59:00Z"), 1)).toBe("2026-11-30")
    expect(addBusinessDays(new Date("2026-11-30T00:00:00Z"), 1)).toBe("2026-12-01")
    expect(addBusinessDays(friday, 1)).toBe("2026-11-30")
  })
})

describe("freight zones and rules", () => {
  it("finds the state of a CEP from the Correios' ranges", () => {
    expect([stateOfCep("01310100"), stateOfCep("20040002"), stateOfCep("80010000"), stateOfCep("69301000"), stateOfCep("00000100")]).toEqual(["SP", "RJ", "PR", "RR", null])
  })

  it("matches Medusa's geo zones: BR, the CEP's province however written, zip zones exact, by prefix or range; never another country", () => {
    expect(geoZoneServes({ type: "country", country_code: "br" }, "01310100")).toBe(true)
    expect(geoZoneServes({ type: "country", country_code: "pt" }, "01310100")).toBe(false)
    for (const code of ["SP", "sp", "BR-SP", "br-sp"]) expect(geoZoneServes({ type: "province", country_code: "br", province_code: code }, "01310100")).toBe(true)
    expect(geoZoneServes({ type: "province", country_code: "br", province_code: "br-pr" }, "01310100")).toBe(false)
    expect(postalExpressionHolds("01310-100", "01310100")).toBe(true)
    expect(postalExpressionHolds({ value: "0131*" }, "01310100")).toBe(true)
    expect(postalExpressionHolds("01000..05999", "05999999")).toBe(true)
    expect(postalExpressionHolds("01000..05999", "06000000")).toBe(false)
    expect(geoZoneServes({ type: "city", country_code: "br", province_code: "sp", city: "São Paulo" }, "01310100")).toBe(false)
  })

  it("keys the cache by the CEP's first five digits and a weight band", () => {
    expect(cepRange("01310100")).toBe("01310")
    expect([weightBand(0), weightBand(0.4), weightBand(0.51), weightBand(7.2), weightBand(31)]).toEqual(["0.5", "0.5", "1", "8", "35"])
  })

  it("bounds the cache's bands (issue 59): a weight past 1,000 kg or a volume past 5 m³ is no band; the parcel's volume is a band of its own", () => {
    expect([weightBand(99), weightBand(101), weightBand(1000), weightBand(1000.1), weightBand(1e14), weightBand(Number.NaN)]).toEqual(["100", "150", "1000", null, null, null])
    expect([volumeBand(0), volumeBand(0.3), volumeBand(6), volumeBand(333), volumeBand(5000), volumeBand(5001)]).toEqual(["0", "1", "10", "400", "5000", null])
    // 2 × (0.1 × 0.2 × 0.3 m) = 12 litres.
    expect(parcelOf([{ quantity: 2, weightKg: 1.5, heightM: 0.1, widthM: 0.2, lengthM: 0.3 }])).toEqual({ kg: 3, litres: expect.closeTo(12, 9) })
  })

  it("refuses more lines than the limit by their count before any line is read (a 64 KB body of empty products)", () => {
    const empty = Array.from({ length: 21_000 }, () => ({}))
    const partner = readQuoteRequest("partner", { destinationZipCode: "01310100", products: empty })
    expect(!partner.ok && partner.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["products", "products must hold at most 100 items"]])
    const legacy = readQuoteRequest("legacy", { destinationZip: 1310100, volumes: empty })
    expect(!legacy.ok && legacy.issues.map((issue) => issue.path.join("."))).toEqual(["volumes"])
  })

  it("picks a flat option's price as Medusa's pricing does: every rule holding on the items' total, the most rules first, then the lowest amount (issue 59)", () => {
    const prices = [
      { amount: "30", rules: [] },
      { amount: "0", rules: [{ attribute: "item_total", operator: "gte", value: "200" }] },
      { amount: "12.5", rules: [{ attribute: "item_total", operator: "gt", value: "100" }, { attribute: "item_total", operator: "lt", value: "200" }] },
      { amount: "5", rules: [{ attribute: "region_id", operator: "eq", value: "reg_1" }] },
    ]
    expect(flatAmountOf(prices, "99.99")).toBe("30")
    expect(flatAmountOf(prices, "100")).toBe("30")
    expect(flatAmountOf(prices, "150.5")).toBe("12.5")
    expect(flatAmountOf(prices, "200")).toBe("0")
    expect(flatAmountOf([{ amount: "20", rules: [] }, { amount: "19.9", rules: [] }], "1")).toBe("19.9")
    expect(flatAmountOf([{ amount: "7", rules: [{ attribute: "item_total", operator: "eq", value: "50" }] }], "50.00")).toBe("7")
    expect(flatAmountOf([{ amount: "7", rules: [{ attribute: "region_id", operator: "eq", value: "x" }] }], "50")).toBeNull()
    // Exact money on top: 19.9 with 10 % and 0.01 is 21.90, not 21.900000000000002.
    expect(applyFreightRules(flatAmountOf([{ amount: "19.9", rules: [] }], "1")!, "1", { markupPercent: 10, fixedAmount: 0.01 })).toBe("21.90")
  })

  it("applies the merchant's rules exactly: markup, fixed amount, free above an items' total; never below zero", () => {
    expect(applyFreightRules("19.90", "100", { markupPercent: 10, fixedAmount: 0.01 })).toBe("21.90")
    expect(applyFreightRules(0.1, 1, { markupPercent: 0, fixedAmount: 0.2 })).toBe("0.30")
    expect(applyFreightRules("50", "299.99", { markupPercent: 0, fixedAmount: 0, freeAbove: 300 })).toBe("50.00")
    expect(applyFreightRules("50", "300", { markupPercent: 0, fixedAmount: 0, freeAbove: 300 })).toBe("0.00")
    expect(applyFreightRules("5", "1", { markupPercent: 0, fixedAmount: -10 })).toBe("0.00")
    expect(itemTotalOf([{ unitPrice: 0.1, quantity: 3 }, { unitPrice: 0.2, quantity: 1 }])).toBe("0.5")
  })

  it("reads a shipping option's delivery days from its metadata, or none (a cleared one is null)", () => {
    expect([transitDaysOf({ hub_delivery_days: 3 }), transitDaysOf({ hub_delivery_days: "4" }), transitDaysOf({}), transitDaysOf(null), transitDaysOf({ hub_delivery_days: -1 }), transitDaysOf({ hub_delivery_days: null }), transitDaysOf({ hub_delivery_days: 0 })]).toEqual([3, 4, null, null, null, null, 0])
  })

  it("reads an account's zone table for an option from its metadata: its own entry, a cleared one is none, a bad amount is none", () => {
    const metadata = { hub_freight_fallback: { default: { amount: "19.90", days: 6 }, "brand-b": null, bad: { amount: "19,9" }, nodays: { amount: "7", days: null } } }
    expect([fallbackOf(metadata, "default"), fallbackOf(metadata, "brand-b"), fallbackOf(metadata, "bad"), fallbackOf(metadata, "nodays"), fallbackOf(null, "default")]).toEqual([{ amount: "19.90", days: 6 }, null, null, { amount: "7", days: null }, null])
  })
})
