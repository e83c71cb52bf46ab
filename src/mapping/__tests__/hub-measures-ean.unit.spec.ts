import { hubEan, isGtin } from "../hub-ean"
import { hubMeasure } from "../hub-measures"

/* What a product's publication reads of its measures and its EAN (src/mapping/hub-measures.ts, hub-ean.ts). */

describe("measures in kg and cm, exact", () => {
  const units = { weightUnit: "g", dimensionUnit: "cm" } as const
  it.each([
    ["weight", 1234, { weightUnit: "g" }, 1.234],
    // In floats 1234.5 * 0.001 is a hair below 1.2345, so toFixed(3) says 1.234: half up needs the exact digits.
    ["weight", 1234.5, { weightUnit: "g" }, 1.235],
    ["weight", 1000.5, { weightUnit: "g" }, 1.001],
    ["weight", 2.5, { weightUnit: "kg" }, 2.5],
    ["weight", 2.5, { weightUnit: "lb" }, 1.134],
    ["weight", 1, { weightUnit: "lb" }, 0.454],
    ["weight", 16, { weightUnit: "oz" }, 0.454],
    ["weight", 0.4, { weightUnit: "g" }, 0.001],
    ["length", 105, { dimensionUnit: "mm" }, 10.5],
    ["length", 0.05, { dimensionUnit: "mm" }, 0.01],
    ["height", 10, { dimensionUnit: "in" }, 25.4],
    ["height", 2.005, { dimensionUnit: "in" }, 5.09],
    ["height", 0.125, { dimensionUnit: "in" }, 0.32],
    ["width", 1.2, { dimensionUnit: "m" }, 120],
    ["width", 33.333, { dimensionUnit: "cm" }, 33.33],
  ] as const)("%s %s in %j is %s", (field, value, unit, expected) => {
    expect(hubMeasure(field, [value], { ...units, ...unit })).toEqual({ value: expected })
  })

  it("the first value given wins; none, zero or negative is a problem", () => {
    expect(hubMeasure("weight", [null, undefined, 500], units)).toEqual({ value: 0.5 })
    expect(hubMeasure("weight", [200, 500], units)).toEqual({ value: 0.2 })
    expect(hubMeasure("weight", [null, null], units)).toEqual({ problem: "set the variant's or the product's weight" })
    expect(hubMeasure("width", [0], units)).toEqual({ problem: "set a width above 0 (it is 0)" })
    expect(hubMeasure("width", [-3], units)).toEqual({ problem: "set a width above 0 (it is -3)" })
  })
})

describe("EAN", () => {
  it.each([
    ["96385074", 8],
    ["036000291452", 12],
    ["4006381333931", 13],
    ["10012345678902", 14],
  ])("%s (%i digits): a right check digit passes, every wrong one fails", (code) => {
    expect(isGtin(code)).toBe(true)
    const last = Number(code[code.length - 1])
    for (let digit = 0; digit <= 9; digit++) {
      if (digit !== last) expect(isGtin(code.slice(0, -1) + digit)).toBe(false)
    }
  })

  it("lengths other than 8, 12, 13 and 14 fail even with a right check digit", () => {
    expect(isGtin("0123456789012")).toBe(true)
    expect(isGtin("00123456789012")).toBe(true)
    expect(isGtin("000123456789012")).toBe(false) // 15 digits
    expect(isGtin("123456789012".slice(1))).toBe(false) // 11 digits
    expect(isGtin("9638507A")).toBe(false)
  })

  it("the variant's ean, else upc, else barcode; a barcode that is no GTIN is left out", () => {
    expect(hubEan({ ean: "4006381333931", upc: "036000291452" })).toEqual({ value: "4006381333931" })
    expect(hubEan({ ean: " ", upc: "0360 0029 1452" })).toEqual({ value: "036000291452" })
    expect(hubEan({ barcode: "96385074" })).toEqual({ value: "96385074" })
    expect(hubEan({ barcode: "SHELF-A12" })).toEqual({})
    expect(hubEan({})).toEqual({})
  })

  it("a wrong ean, upc, or a barcode shaped as a GTIN with a wrong check digit is a problem", () => {
    expect(hubEan({ ean: "4006381333932" })).toEqual({ problem: "the variant's ean 4006381333932 has a wrong check digit: copy it again from the package, or clear it" })
    expect(hubEan({ upc: "12345" })).toEqual({ problem: 'the variant\'s upc "12345" must be 8, 12, 13 or 14 digits: correct it or clear it' })
    expect(hubEan({ barcode: "96385075" })).toHaveProperty("problem")
  })
})
