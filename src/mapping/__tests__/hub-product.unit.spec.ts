import { BigNumber } from "@medusajs/framework/utils"
import { CATALOGUE_FIELDS, driftedFields, fieldsToSend, hubAmount, hubProductFields, refusedFields, syncedHubFields, type CatalogueField, type CatalogueOptions, type VariantReading } from "../hub-product"

const ALL: CatalogueOptions = { catalogueFields: ["price", "promotional_price", "status"], stockBuffer: 0 }
const QTY_ONLY: CatalogueOptions = { ...ALL, catalogueFields: [] }

const selling: VariantReading = {
  availableQuantity: 7,
  inHubChannel: true,
  published: true,
  price: { originalAmount: 100, calculatedAmount: 100, onSale: false },
}

describe("hubProductFields", () => {
  it("with no catalogue fields synced, only qty", () => {
    expect(hubProductFields(selling, QTY_ONLY)).toEqual({ qty: 7 })
  })

  it("every synced field of a published variant in the channel", () => {
    expect(hubProductFields(selling, ALL)).toEqual({ qty: 7, price: 100, promotional_price: null, status: "enabled" })
  })

  it("a sale price list that lowers the price sets promotional_price; one that does not lower it clears it", () => {
    const onSale = { ...selling, price: { originalAmount: 100, calculatedAmount: 79.9, onSale: true } }
    expect(hubProductFields(onSale, ALL)).toMatchObject({ price: 100, promotional_price: 79.9 })
    const override = { ...selling, price: { originalAmount: 100, calculatedAmount: 79.9, onSale: false } }
    // No sale is null whatever the hub's way: said on the wire only (hub-no-sale.ts).
    expect(hubProductFields(override, ALL).promotional_price).toBeNull()
  })

  it("never a zero price: a variant priced 0 (or under a cent) sends neither price nor sale price", () => {
    const free = { ...selling, price: { originalAmount: 0.004, calculatedAmount: 0, onSale: true } }
    expect(hubProductFields(free, ALL)).toEqual({ qty: 7, status: "enabled" })
    const saleToZero = { ...selling, price: { originalAmount: 100, calculatedAmount: 0, onSale: true } }
    expect(hubProductFields(saleToZero, ALL)).toMatchObject({ price: 100, promotional_price: null })
  })

  it("holds back stockBuffer units, never below zero", () => {
    expect(hubProductFields(selling, { ...QTY_ONLY, stockBuffer: 2 }).qty).toBe(5)
    expect(hubProductFields(selling, { ...QTY_ONLY, stockBuffer: 9 }).qty).toBe(0)
  })

  it("an unpublished product is disabled and keeps its stock; outside the channel it sells nothing", () => {
    expect(hubProductFields({ ...selling, published: false }, ALL)).toMatchObject({ qty: 7, status: "disabled" })
    expect(hubProductFields({ ...selling, inHubChannel: false }, ALL)).toMatchObject({ qty: 0, status: "disabled" })
  })

  it("a SKU no variant holds any more: qty 0 and disabled, no price", () => {
    expect(hubProductFields(null, ALL)).toEqual({ qty: 0, status: "disabled" })
    expect(hubProductFields(null, QTY_ONLY)).toEqual({ qty: 0 })
  })

  it("a variant whose stock Medusa does not count, or with no price in the hub's currency, leaves those fields out", () => {
    expect(hubProductFields({ ...selling, availableQuantity: null, price: null }, ALL)).toEqual({ status: "enabled" })
  })
})

describe("syncedHubFields", () => {
  it("of a reading with every field, gives what a store's catalogueFields would read: one reading serves a product's push and its SKUs", () => {
    const readings: Array<VariantReading | null> = [
      selling,
      { ...selling, availableQuantity: null, price: { originalAmount: 100, calculatedAmount: 79.9, onSale: true } },
      { ...selling, inHubChannel: false },
      { ...selling, published: false, price: null },
      null,
    ]
    const subsets: CatalogueField[][] = [[], ["price"], ["promotional_price"], ["status"], ["price", "status"], [...CATALOGUE_FIELDS]]
    for (const reading of readings) {
      const whole = hubProductFields(reading, ALL)
      for (const catalogueFields of subsets) expect(syncedHubFields(whole, catalogueFields)).toEqual(hubProductFields(reading, { ...ALL, catalogueFields }))
    }
  })
})

describe("hubAmount", () => {
  it("two decimals, half up, from Medusa's exact values", () => {
    expect(hubAmount(new BigNumber("19.995"))).toBe(20)
    expect(hubAmount("0.1")).toBe(0.1)
    expect(hubAmount(0.1 + 0.2)).toBe(0.3)
    expect(hubAmount(44.904)).toBe(44.9)
  })
})

describe("fieldsToSend", () => {
  it("only the fields that differ from what the hub accepted", () => {
    const wanted = { qty: 7, price: 100, promotional_price: null, status: "enabled" as const }
    expect(fieldsToSend(wanted, { qty: 7, price: 100, promotional_price: null, status: "enabled" }, {})).toEqual({})
    expect(fieldsToSend(wanted, { qty: 7, price: 90, promotional_price: null, status: "enabled" }, {})).toEqual({ price: 100 })
    expect(fieldsToSend(wanted, {}, {})).toEqual(wanted)
  })

  it("never a value the hub refused; a changed value goes again", () => {
    const accepted = { qty: 7, price: 100, promotional_price: null }
    expect(fieldsToSend({ qty: 6, price: 100, promotional_price: 79.9 }, accepted, { promotional_price: 79.9 })).toEqual({ qty: 6 })
    expect(fieldsToSend({ qty: 7, price: 100, promotional_price: 69.9 }, accepted, { promotional_price: 79.9 })).toEqual({ promotional_price: 69.9 })
  })

  it("amounts compare to the cent", () => {
    expect(fieldsToSend({ price: 0.3 }, { price: 0.1 + 0.2 }, {})).toEqual({})
  })
})

describe("refusedFields", () => {
  it("holds the catalogue fields of a refused push, and qty only when it went alone", () => {
    expect(refusedFields({ qty: 3, promotional_price: 79.9 })).toEqual({ promotional_price: 79.9 })
    expect(refusedFields({ qty: 3 })).toEqual({ qty: 3 })
  })
})

describe("driftedFields", () => {
  const wanted = { qty: 7, price: 100, promotional_price: null, status: "enabled" as const }

  it("each field whose hub value differs", () => {
    expect(driftedFields({ qty: 7, price: 100, promotional_price: null, status: "enabled" }, wanted)).toEqual([])
    expect(driftedFields({ qty: 5, price: 55, promotional_price: 10, status: "disabled" }, wanted)).toEqual(["qty", "price", "promotional_price", "status"])
  })

  it("a field the listing does not show is not judged; a cleared promotional price is null or 0 alike", () => {
    expect(driftedFields({ qty: 7 }, wanted)).toEqual([])
    expect(driftedFields({ qty: 7, price: 100, promotional_price: 0, status: "enabled" }, wanted)).toEqual([])
  })
})
