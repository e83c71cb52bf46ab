import { aboutSalePrice, noSale, onTheWire, saysNoSale } from "../hub-no-sale"
import { driftedFields, fieldsToSend } from "../hub-product"

describe('"no sale", said the way the account\'s hub takes it (issue 49)', () => {
  it("is the option when set (nothing learnt), else the way the hub took, else the first way not refused", () => {
    expect(noSale("zero", { taken: "price", refused: ["zero"] })).toEqual({ way: "zero", source: "option", refused: [] })
    expect(noSale(undefined, { taken: "null", refused: ["price"] })).toEqual({ way: "null", source: "learnt", refused: ["price"] })
    expect(noSale(undefined, { taken: null, refused: [] })).toMatchObject({ way: "price", source: "guess" })
    expect(noSale(undefined, { taken: null, refused: ["price"] })).toMatchObject({ way: "null", source: "guess" })
    expect(noSale(undefined, { taken: null, refused: ["price", "null", "zero"] })).toMatchObject({ way: null })
  })

  it("says no sale on the wire as null, 0 or the price; the price way goes with every price sent while there is no sale", () => {
    const held = { price: 59.9, saleless: true }
    expect(onTheWire({ promotional_price: null }, "null", held)).toEqual({ promotional_price: null })
    expect(onTheWire({ promotional_price: null }, "zero", held)).toEqual({ promotional_price: 0 })
    expect(onTheWire({ promotional_price: null }, "price", held)).toEqual({ promotional_price: 59.9 })
    expect(onTheWire({ price: 70 }, "price", held)).toEqual({ price: 70, promotional_price: 70 })
    expect(onTheWire({ price: 70 }, "null", held)).toEqual({ price: 70 })
    // A sale (or a store that does not sync the sale price) is left as it is.
    expect(onTheWire({ price: 70, promotional_price: 49.9 }, "price", held)).toEqual({ price: 70, promotional_price: 49.9 })
    expect(onTheWire({ price: 70 }, "price", { price: 59.9, saleless: false })).toEqual({ price: 70 })
    // Every way refused: no sale is not said at all.
    expect(onTheWire({ qty: 1, promotional_price: null }, null, held)).toEqual({ qty: 1 })
    expect(saysNoSale({ price: 70 }, { price: 70, promotional_price: 70 })).toBe(true)
    expect(saysNoSale({ promotional_price: 49.9 }, { promotional_price: 49.9 })).toBe(false)
  })

  it("hears a refusal about the sale price in either model's words", () => {
    expect(aboutSalePrice("product.promotional_price must be lower than price (59.9 is not below 59.9)")).toBe(true)
    expect(aboutSalePrice("O preço e o preço promocional não podem ser zero nem vazios")).toBe(true)
    expect(aboutSalePrice("Não é permitida uma redução de preço maior ou igual a 50%")).toBe(false)
  })

  it("takes a listed or accepted sale price equal to the price as no sale", () => {
    expect(driftedFields({ price: 59.9, promotional_price: 59.9 }, { price: 59.9, promotional_price: null })).toEqual([])
    expect(driftedFields({ price: 59.9, promotional_price: 49.9 }, { price: 59.9, promotional_price: null })).toEqual(["promotional_price"])
    expect(fieldsToSend({ price: 59.9, promotional_price: null }, { price: 59.9, promotional_price: 59.9 }, {})).toEqual({})
  })
})
