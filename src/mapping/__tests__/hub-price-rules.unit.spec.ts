import { BigNumber } from "@medusajs/framework/utils"
import { hubPriceByRules, hubPricesByRules, hubPriceRulesSchema, NO_PRICE_RULES, type PriceContext } from "../hub-price-rules"

const NONE: PriceContext = { categoryPaths: [], metadata: null }
const rules = (input: object) => hubPriceRulesSchema.parse(input)

describe("a hub account's price rules", () => {
  it("without rules, Medusa's price to the cent", () => {
    expect(hubPriceByRules(59.9, NO_PRICE_RULES, NONE)).toEqual({ amount: 59.9, rule: "default" })
    expect(hubPriceByRules(new BigNumber("10.005"), NO_PRICE_RULES, NONE)).toEqual({ amount: 10.01, rule: "default" })
  })

  it("a markup in percent and a fixed amount, exact where floats drift, rounded once", () => {
    // 19.99 * 1.15 = 22.9885 exactly (floats: 22.988499999999998): 22.99.
    expect(19.99 * 1.15).not.toBe(22.9885)
    expect(hubPriceByRules(19.99, rules({ markup_percent: 15 }), NONE)).toEqual({ amount: 22.99, rule: "default" })
    // 0.1 + 0.2 as a price, 10 % and R$ 0,05 more: 0.38 exactly.
    expect(hubPriceByRules("0.3", rules({ markup_percent: "10", fixed_amount: "0.05" }), NONE)).toEqual({ amount: 0.38, rule: "default" })
    expect(hubPriceByRules(100, rules({ markup_percent: 12.5, fixed_amount: 2 }), NONE)).toEqual({ amount: 114.5, rule: "default" })
  })

  it("a category's rule over the default, the nearest category to the product winning", () => {
    const byCategory = rules({
      markup_percent: 10,
      categories: [
        { category_id: "pcat_ROUPAS", markup_percent: 15 },
        { category_id: "pcat_CAMISETAS", markup_percent: 19 },
      ],
    })
    expect(hubPriceByRules(100, byCategory, { categoryPaths: [["pcat_ROUPAS", "pcat_CAMISETAS"]], metadata: null })).toEqual({ amount: 119, rule: "pcat_CAMISETAS" })
    expect(hubPriceByRules(100, byCategory, { categoryPaths: [["pcat_ROUPAS", "pcat_CALCAS"]], metadata: null })).toEqual({ amount: 115, rule: "pcat_ROUPAS" })
    expect(hubPriceByRules(100, byCategory, { categoryPaths: [["pcat_CASA"]], metadata: null })).toEqual({ amount: 110, rule: "default" })
  })

  it("rounds up to an ending, as Brazilian shoppers expect", () => {
    const ninety = rules({ markup_percent: 15, rounding: { kind: "ending", ending_cents: 90 } })
    expect(hubPriceByRules(100, ninety, NONE)).toMatchObject({ amount: 115.9 })
    expect(hubPriceByRules("104.35", ninety, NONE)).toMatchObject({ amount: 120.9 })
    expect(hubPriceByRules(103.39, ninety, NONE)).toMatchObject({ amount: 118.9 })
    expect(hubPriceByRules(100, rules({ rounding: { kind: "ending", ending_cents: 99 } }), NONE)).toMatchObject({ amount: 100.99 })
  })

  it("holds a price under its floor (an amount, or the variant's metadata), and caps one above its ceiling", () => {
    expect(hubPriceByRules(50, rules({ floor: { kind: "amount", amount: 60 } }), NONE)).toEqual({ held: "under_floor", floor: 60 })
    const byMetadata = rules({ floor: { kind: "metadata", key: "min_price" } })
    expect(hubPriceByRules(50, byMetadata, { categoryPaths: [], metadata: { min_price: "55.5" } })).toEqual({ held: "under_floor", floor: 55.5 })
    expect(hubPriceByRules(50, byMetadata, { categoryPaths: [], metadata: {} })).toMatchObject({ amount: 50 })
    expect(hubPriceByRules(500, rules({ markup_percent: 20, ceiling: 550 }), NONE)).toMatchObject({ amount: 550 })
    expect(hubPriceByRules(10, rules({ fixed_amount: -10 }), NONE)).toEqual({ held: "not_positive" })
  })

  it("a floor of the variant's cost times a factor, exact: 19.99 × 1.15 = 22.9885, so 22.99", () => {
    const byCost = rules({ floor: { kind: "cost", key: "cost", factor: "1.15" } })
    const costing = (cost: unknown): PriceContext => ({ categoryPaths: [], metadata: { cost } })
    expect(hubPriceByRules("22.98", byCost, costing("19.99"))).toEqual({ held: "under_floor", floor: 22.99 })
    expect(hubPriceByRules("22.99", byCost, costing(19.99))).toEqual({ amount: 22.99, rule: "default" })
    // No cost: no floor; one that cannot be read holds the price (hub-price-floor.unit.spec.ts).
    expect(hubPriceByRules(1, byCost, costing("n/a"))).toEqual({ held: "floor_unreadable", value: "n/a" })
    expect(hubPriceByRules(1, byCost, NONE)).toMatchObject({ amount: 1 })
    expect(hubPriceRulesSchema.safeParse({ floor: { kind: "cost", key: "cost", factor: 0 } }).error?.issues[0].message).toBe("floor.factor must be between 0.01 and 100")
  })

  it("starts from Medusa's region price unless a price list is named", () => {
    expect(rules({}).source).toEqual({ kind: "region" })
    expect(rules({ source: { kind: "price_list", price_list_id: "plist_01MARKET" } }).source).toEqual({ kind: "price_list", price_list_id: "plist_01MARKET" })
    expect(hubPriceRulesSchema.safeParse({ source: { kind: "price_list", price_list_id: "marketplace" } }).error?.issues[0].message).toContain("source.price_list_id")
  })

  it("makes the sale price by the same rules, sent only while it stays below the price", () => {
    const fifteen = rules({ markup_percent: 15 })
    expect(hubPricesByRules({ originalAmount: 100, calculatedAmount: 80, onSale: true }, fifteen, NONE)).toEqual({
      price: { amount: 115, rule: "default" },
      sale: { amount: 92, rule: "default" },
    })
    expect(hubPricesByRules({ originalAmount: 100, calculatedAmount: 80, onSale: false }, fifteen, NONE).sale).toBeNull()
    // A fixed amount lifts both alike; a ceiling can bring the price to the sale price: the sale is not sent.
    const capped = rules({ markup_percent: 50, ceiling: 100 })
    expect(hubPricesByRules({ originalAmount: 100, calculatedAmount: 70, onSale: true }, capped, NONE)).toEqual({
      price: { amount: 100, rule: "default" },
      sale: { held: "sale_not_below" },
    })
    expect(hubPricesByRules({ originalAmount: 100, calculatedAmount: 80, onSale: true }, rules({ markup_percent: 15, sale_follows_rules: false }), NONE).sale).toEqual({ amount: 80, rule: "medusa" })
  })

  it("refuses rules it cannot apply, naming the field", () => {
    expect(hubPriceRulesSchema.safeParse({ markup_percent: "abc" }).error?.issues[0].message).toContain("markup_percent")
    expect(hubPriceRulesSchema.safeParse({ categories: [{ category_id: "roupas" }] }).error?.issues[0].message).toContain("category_id")
    expect(hubPriceRulesSchema.safeParse({ rounding: { kind: "ending", ending_cents: 100 } }).success).toBe(false)
  })
})
