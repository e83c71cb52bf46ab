import { hubPriceByRules, hubPricesByRules, hubPriceRulesSchema, readMerchantAmount, type PriceContext } from "../hub-price-rules"

const rules = (input: object) => hubPriceRulesSchema.parse(input)
const byMetadata = rules({ floor: { kind: "metadata", key: "min_price" } })
const withFloor = (min_price: unknown): PriceContext => ({ categoryPaths: [], metadata: { min_price } })

describe("a floor as merchants write it (issue 49): read, or the price held", () => {
  it("reads an amount written with a decimal comma, Brazilian or English thousands, or as a number", () => {
    expect(readMerchantAmount("90")).toBe("90")
    expect(readMerchantAmount(" 90.5 ")).toBe("90.5")
    expect(readMerchantAmount("90,00")).toBe("90.00")
    expect(readMerchantAmount("1.234,56")).toBe("1234.56")
    expect(readMerchantAmount("1,234.56")).toBe("1234.56")
    expect(readMerchantAmount("1.234.567")).toBe("1234567")
    expect(readMerchantAmount("0,125")).toBe("0.125")
    expect(readMerchantAmount(90)).toBe("90")
    expect(readMerchantAmount(0)).toBe("0")
  })

  it("reads nothing from what is not an amount, nor from a lone separator before three digits (thousands or decimals?)", () => {
    for (const value of ["R$ 90", "abc", "-5", "", "  ", "1.2.3", "90,", ",5", "1 234,56", "1.234", "1,234", "+5", "0x10", "1e3"]) expect(readMerchantAmount(value)).toBeNull()
    for (const value of [-5, Number.NaN, Number.POSITIVE_INFINITY, true, {}, [90]]) expect(readMerchantAmount(value)).toBeNull()
  })

  it('"90,00" is a floor of 90: a price of 89 is held under it, 91 goes', () => {
    expect(hubPriceByRules(89, byMetadata, withFloor("90,00"))).toEqual({ held: "under_floor", floor: 90 })
    expect(hubPriceByRules(91, byMetadata, withFloor("90,00"))).toEqual({ amount: 91, rule: "default" })
    expect(hubPriceByRules("1234.55", byMetadata, withFloor("1.234,56"))).toEqual({ held: "under_floor", floor: 1234.56 })
    expect(hubPriceByRules("1234.56", byMetadata, withFloor("1.234,56"))).toEqual({ amount: 1234.56, rule: "default" })
  })

  it("a floor that is there but cannot be read holds the price, naming the value as written; no floor there is none", () => {
    for (const value of ["abc", "R$ 90", "-5", "", "1.2.3"]) {
      expect(hubPriceByRules(100, byMetadata, withFloor(value))).toEqual({ held: "floor_unreadable", value })
    }
    expect(hubPriceByRules(100, byMetadata, withFloor(-5))).toEqual({ held: "floor_unreadable", value: "-5" })
    expect(hubPriceByRules(100, byMetadata, withFloor({ amount: 90 }))).toEqual({ held: "floor_unreadable", value: '{"amount":90}' })
    // A long value is named by its start.
    const long = hubPriceByRules(100, byMetadata, withFloor("x".repeat(500)))
    expect(long).toEqual({ held: "floor_unreadable", value: `${"x".repeat(40)}…` })
    // No key, or null under it, is no floor: nothing to read.
    expect(hubPriceByRules(100, byMetadata, { categoryPaths: [], metadata: null })).toEqual({ amount: 100, rule: "default" })
    expect(hubPriceByRules(100, byMetadata, { categoryPaths: [], metadata: {} })).toEqual({ amount: 100, rule: "default" })
    expect(hubPriceByRules(100, byMetadata, withFloor(null))).toEqual({ amount: 100, rule: "default" })
    // The sale price is held alike.
    expect(hubPricesByRules({ originalAmount: 100, calculatedAmount: 80, onSale: true }, byMetadata, withFloor("abc"))).toEqual({
      price: { held: "floor_unreadable", value: "abc" },
      sale: { held: "floor_unreadable", value: "abc" },
    })
  })

  it("a cost floor reads its cost the same way: \"80,00\" × 1.3 = 104; a cost it cannot read holds", () => {
    const byCost = rules({ floor: { kind: "cost", key: "cost", factor: "1.3" } })
    const costing = (cost: unknown): PriceContext => ({ categoryPaths: [], metadata: { cost } })
    expect(hubPriceByRules(100, byCost, costing("80,00"))).toEqual({ held: "under_floor", floor: 104 })
    expect(hubPriceByRules(104, byCost, costing("80,00"))).toEqual({ amount: 104, rule: "default" })
    expect(hubPriceByRules(100, byCost, costing("n/a"))).toEqual({ held: "floor_unreadable", value: "n/a" })
  })

  it("refuses at save a floor above the ceiling, naming both; a floor at the ceiling is taken", () => {
    const refused = hubPriceRulesSchema.safeParse({ floor: { kind: "amount", amount: "150" }, ceiling: 100 })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues).toEqual([expect.objectContaining({ path: ["floor", "amount"], message: "floor.amount (150) must not be above the ceiling (100)" })])
    expect(hubPriceRulesSchema.safeParse({ floor: { kind: "amount", amount: "100.01" }, ceiling: "100" }).success).toBe(false)
    expect(hubPriceRulesSchema.safeParse({ floor: { kind: "amount", amount: "100" }, ceiling: "100.00" }).success).toBe(true)
    expect(hubPriceRulesSchema.safeParse({ floor: { kind: "amount", amount: "150" } }).success).toBe(true)
  })
})
