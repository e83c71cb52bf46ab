import { priceStep, priceStepsLeft, stepDownPrices } from "../hub-price-steps"

const LIMIT = { limitPercent: 50, marginPercent: 5 }

describe("a price cut stepped down under the hub's limit", () => {
  it("goes at once when the cut stays a margin under the limit, or is no cut", () => {
    expect(priceStep(100, 55, LIMIT)).toBe(55)
    expect(priceStep(100, 120, LIMIT)).toBe(120)
    expect(priceStep(null, 10, LIMIT)).toBe(10)
    expect(priceStep(100, 10, { limitPercent: 0, marginPercent: 5 })).toBe(10)
  })

  it("sends the target when a step cannot move near the cent, never the same value again (0.02 -> 0.01; a 1 % step from 0.50)", () => {
    expect(priceStep(0.02, 0.01, LIMIT)).toBe(0.01)
    expect(priceStep(0.5, 0.1, { limitPercent: 2, marginPercent: 1 })).toBe(0.1)
    expect(priceStepsLeft(0.02, 0.01, LIMIT)).toBe(1)
    // Where a step still moves, it is taken: 0.03 -> 0.02 (a third) then 0.01.
    expect(priceStep(0.04, 0.01, LIMIT)).toBe(0.03)
  })

  it("steps as merchants do, 200 -> 110 -> 80, each step's cut under the limit", () => {
    expect(priceStep(200, 80, LIMIT)).toBe(110)
    expect(priceStep(110, 80, LIMIT)).toBe(80)
    expect(priceStepsLeft(200, 80, LIMIT)).toBe(2)
    expect(priceStepsLeft(100, 55, LIMIT)).toBe(1)
    expect(priceStepsLeft(1000, 1, LIMIT)).toBe(12)
  })

  it("rounds each step up to the cent, in whole cents, so no step cuts the limit even where floats drift", () => {
    // 33.33 * 0.55 = 18.3315: 18.34, never 18.33 (a cut of 45.005 %).
    expect(priceStep(33.33, 10, LIMIT)).toBe(18.34)
    expect(priceStep(18.34, 10, LIMIT)).toBe(10.09)
    expect(priceStep(10.09, 10, LIMIT)).toBe(10)
    // 0.1 + 0.2 is 0.30000000000000004 in floats: the same cents.
    expect(priceStep(0.1 + 0.2, 0.17, LIMIT)).toBe(0.17)
    expect(priceStep(0.1 + 0.2, 0.16, LIMIT)).toBe(0.17)
    for (let from = 1; from < 5000; from += 37.77) {
      const step = priceStep(from, 0.01, LIMIT)
      expect(Math.round(step * 100) * 100).toBeGreaterThan(Math.round(from * 100) * 50)
    }
  })

  it("steps a sale price from the sale price the hub holds, or from its price when it holds none", () => {
    expect(stepDownPrices({ promotional_price: 40 }, { price: 100, promotional_price: null }, LIMIT)).toEqual({ promotional_price: 55 })
    expect(stepDownPrices({ promotional_price: 40 }, { price: 100, promotional_price: 60 }, LIMIT)).toEqual({ promotional_price: 40 })
    expect(stepDownPrices({ price: 40, promotional_price: 40 }, { price: 100, promotional_price: 100 }, LIMIT)).toEqual({ price: 55, promotional_price: 55 })
    expect(stepDownPrices({ qty: 3, promotional_price: null }, { price: 100 }, LIMIT)).toEqual({ qty: 3, promotional_price: null })
  })
})
