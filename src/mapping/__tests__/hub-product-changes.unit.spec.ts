import { hubProductChanges, sameJson } from "../hub-product-changes"
import type { HubProductBody, HubVariation } from "../hub-product-publication"

const simple: HubProductBody = {
  sku: "MUG-1",
  name: "Caneca Esmaltada",
  description: "<p>Caneca.</p>",
  status: "enabled",
  qty: 7,
  price: 59.9,
  promotional_price: null,
  weight: 1.234,
  height: 9.5,
  width: 8,
  length: 10.5,
  brand: "Ferro & Fogo",
  ean: "7891000315507",
  images: ["https://cdn.example/a.jpg", "https://cdn.example/b.jpg"],
  categories: [{ code: "canecas", name: "Cozinha > Canecas" }],
  specifications: [{ key: "material", value: "aço" }],
}

const variation = (sku: string, qty: number, price = 69.9): HubVariation => ({
  sku,
  qty,
  price,
  specifications: [
    { key: "Cor", value: sku.includes("RED") ? "Vermelho" : "Azul" },
    { key: "Tamanho", value: sku.endsWith("S") ? "S" : "M" },
  ],
})

const configurable: HubProductBody = {
  ...simple,
  sku: "camiseta-basica",
  qty: undefined,
  ean: undefined,
  variation_attributes: ["Cor", "Tamanho"],
  variations: [variation("TS-RED-S", 1), variation("TS-RED-M", 2)],
}

describe("hubProductChanges", () => {
  it("nothing changed: nothing to send", () => {
    expect(hubProductChanges(simple, structuredClone(simple))).toEqual({ kind: "update", product: {}, cleared: [], variationsToAdd: [], variationsToUpdate: [] })
  })

  it("a title edit sends only name", () => {
    expect(hubProductChanges(simple, { ...simple, name: "Caneca Esmaltada Azul" })).toMatchObject({ product: { name: "Caneca Esmaltada Azul" }, variationsToUpdate: [] })
    expect(Object.keys((hubProductChanges(simple, { ...simple, name: "x" }) as { product: object }).product)).toEqual(["name"])
  })

  it("images reordered send the whole ordered list; the same URLs in the same order send nothing", () => {
    const reordered = { ...simple, images: ["https://cdn.example/b.jpg", "https://cdn.example/a.jpg"] }
    expect(hubProductChanges(simple, reordered)).toMatchObject({ product: { images: ["https://cdn.example/b.jpg", "https://cdn.example/a.jpg"] } })
    expect(hubProductChanges(simple, { ...simple, images: [...simple.images] })).toMatchObject({ product: {} })
  })

  it("amounts to the cent and a cleared sale price as null or 0; stored JSON's key order is no change", () => {
    expect(hubProductChanges(simple, { ...simple, price: 59.900000000001, promotional_price: 0 })).toMatchObject({ product: {} })
    const stored = JSON.parse(JSON.stringify({ ...simple, categories: [{ name: "Cozinha > Canecas", code: "canecas" }] }))
    expect(hubProductChanges(stored, simple)).toMatchObject({ product: {} })
    expect(hubProductChanges(simple, { ...simple, price: 49.9 })).toMatchObject({ product: { price: 49.9 } })
  })

  it("a brand or EAN removed in Medusa is listed as cleared; a qty today's mapping did not decide is left alone", () => {
    const { brand: _brand, ean: _ean, qty: _qty, ...without } = simple
    expect(hubProductChanges(simple, without)).toEqual({ kind: "update", product: {}, cleared: ["brand", "ean"], variationsToAdd: [], variationsToUpdate: [] })
  })

  it("a variant added is a variation to add, and nothing else is sent", () => {
    const next = { ...configurable, variations: [...configurable.variations!, variation("TS-BLUE-S", 3, 79.9)] }
    expect(hubProductChanges(configurable, next)).toEqual({
      kind: "update",
      product: {},
      cleared: [],
      variationsToAdd: [variation("TS-BLUE-S", 3, 79.9)],
      variationsToUpdate: [],
    })
  })

  it("only the variations that changed, with only their changed fields; a variant gone is sent qty 0", () => {
    const next = { ...configurable, variations: [{ ...variation("TS-RED-S", 1), qty: 5, ean: "96385074" }] }
    expect(hubProductChanges(configurable, next)).toEqual({
      kind: "update",
      product: {},
      cleared: [],
      variationsToAdd: [],
      variationsToUpdate: [
        { sku: "TS-RED-S", variation: { qty: 5, ean: "96385074" }, cleared: [] },
        { sku: "TS-RED-M", variation: { qty: 0 }, cleared: [] },
      ],
    })
  })

  it("a variant gone whose variation was already sold out sends nothing", () => {
    const soldOut = { ...configurable, variations: [variation("TS-RED-S", 1), variation("TS-RED-M", 0)] }
    expect(hubProductChanges(soldOut, { ...configurable, variations: [variation("TS-RED-S", 1)] })).toMatchObject({ variationsToUpdate: [] })
  })

  it("an option added changes variation_attributes", () => {
    expect(hubProductChanges(configurable, { ...configurable, variation_attributes: ["Cor", "Tamanho", "Gola"] })).toMatchObject({
      product: { variation_attributes: ["Cor", "Tamanho", "Gola"] },
    })
  })

  it("another hub SKU (a second variant made the product configurable) is a new product, not an update", () => {
    expect(hubProductChanges(simple, configurable)).toEqual({ kind: "new-sku", previousSku: "MUG-1", sku: "camiseta-basica" })
  })
})

describe("sameJson", () => {
  it("arrays in order, objects whatever their key order, undefined keys as absent", () => {
    expect(sameJson([1, { a: 1, b: [2] }], [1, { b: [2], a: 1 }])).toBe(true)
    expect(sameJson([1, 2], [2, 1])).toBe(false)
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true)
    expect(sameJson({ a: 1 }, { a: 2 })).toBe(false)
    expect(sameJson([], {})).toBe(false)
  })
})
