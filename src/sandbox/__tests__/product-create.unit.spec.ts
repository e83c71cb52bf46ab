import { hasValidCheckDigit } from "../product-create-rules"
import { SandboxHubState } from "../state"
import { refusal } from "./state-helpers"

/*
 * Products created with POST /products and variations added with POST /products/{sku}/variations,
 * against the sandbox's own reading of the public record (product-create-rules.ts), in-process.
 */


const simple = () => ({
  sku: "CANECA-01",
  name: "Caneca de cerâmica",
  description: "<p>Caneca de <strong>350 ml</strong></p>",
  price: 59.9,
  promotional_price: 49.9,
  cost: 20.5,
  qty: 12,
  status: "enabled",
  weight: 0.35,
  height: 10,
  width: 8,
  length: 12,
  brand: "Louça Boa",
  ean: "7891000000014",
  nbm: "69120000",
  images: ["https://cdn.example.com/caneca-1.jpg", "https://cdn.example.com/caneca-2.png"],
  categories: [{ code: "casa", name: "Casa > Cozinha" }],
  specifications: [{ key: "Material", value: "Cerâmica" }],
})

/** 2 attributes × 2 values: four variations told apart by Cor and Tamanho. */
const configurable = () => ({
  sku: "CAMISETA",
  name: "Camiseta básica",
  description: "Camiseta de algodão",
  price: 79.9,
  variation_attributes: ["Cor", "Tamanho"],
  variations: [
    ["Azul", "P", "7891000000021"],
    ["Azul", "M", "7891000000038"],
    ["Verde", "P", "7891000000045"],
    ["Verde", "M", "7891000000052"],
  ].map(([cor, tamanho, ean]) => ({
    sku: `CAMISETA-${cor.toUpperCase()}-${tamanho}`,
    qty: 3,
    ean,
    specifications: [
      { key: "Cor", value: cor },
      { key: "Tamanho", value: tamanho },
    ],
  })),
})

describe("sandbox product creation", () => {
  it("takes a simple product with every field and shows it as sent", () => {
    const state = new SandboxHubState()
    const created = state.createProduct(simple())
    expect(created).toEqual(simple())
    expect(state.getProduct("CANECA-01")).toEqual(simple())
    expect(state.listProducts({ perPage: 100, filters: {} }).products).toEqual([simple()])
  })

  it("defaults status to disabled, qty to 0 and promotional_price to null, and stores nothing not sent", () => {
    const state = new SandboxHubState()
    const created = state.createProduct({ sku: "MIN", name: "Mínimo", description: "Só o exigido", price: 10 })
    expect(created).toEqual({ sku: "MIN", name: "Mínimo", description: "Só o exigido", price: 10, status: "disabled", qty: 0, promotional_price: null })
  })

  it.each([
    ["2025", { promotional_price: 59.9 }, null],
    ["2025", { promotional_price: null }, "product.promotional_price: O preço e o preço promocional não podem ser zero nem vazios"],
    ["legacy", { promotional_price: null }, null],
    ["legacy", { promotional_price: 59.9 }, "product.promotional_price must be lower than price (59.9 is not below 59.9)"],
  ] as const)("holds a sale as its %s product model does: %j -> %s", (productModel, prices, refused) => {
    const state = new SandboxHubState()
    state.priceRules = { maxCutPercent: 50, productModel }
    const product = { ...simple(), ...prices }
    if (refused === null) expect(state.createProduct(product)).toMatchObject(prices)
    else expect(refusal(() => state.createProduct(product))).toMatchObject({ status: 422, message: refused })
  })

  it("on the legacy model, refuses a variation whose sale price is its product's price", () => {
    const state = new SandboxHubState()
    state.priceRules = { maxCutPercent: 50, productModel: "legacy" }
    const product = configurable()
    Object.assign(product.variations[1], { promotional_price: 79.9 })
    expect(refusal(() => state.createProduct(product)).message).toBe("product.variations.1.promotional_price must be lower than price (79.9 is not below 79.9)")
    expect(state.getProduct("CAMISETA")).toBeUndefined()
  })

  it("takes a configurable product of 2 attributes × 2 values; each variation is reachable by its SKU and sells under its product", () => {
    const state = new SandboxHubState()
    const created = state.createProduct(configurable())
    expect(created.variations?.map((variation) => variation.sku)).toEqual([
      "CAMISETA-AZUL-P",
      "CAMISETA-AZUL-M",
      "CAMISETA-VERDE-P",
      "CAMISETA-VERDE-M",
    ])
    expect(state.getProduct("CAMISETA-VERDE-M")).toBeUndefined()
    expect(state.getVariation("CAMISETA-VERDE-M")).toMatchObject({ parent_sku: "CAMISETA", qty: 3, ean: "7891000000052" })
    // A listing shows the product once, its variations inside it.
    expect(state.listProducts({ perPage: 100, filters: {} }).products.map((product) => product.sku)).toEqual(["CAMISETA"])
  })

  it("sells a variation at its product's price when it has none of its own", () => {
    const state = new SandboxHubState()
    state.createProduct(configurable())
    const order = state.createOrder({
      channel: "Loja",
      items: [{ id: "CAMISETA-AZUL-M", qty: 1 }],
      customer: { name: "Ana", email: "ana@example.com" },
      billing_address: { street: "Rua A", number: 1, city: "São Paulo", region: "SP", country: "BR", postcode: "01000000" },
      shipping_address: { street: "Rua A", number: 1, city: "São Paulo", region: "SP", country: "BR", postcode: "01000000" },
    })
    expect(order.items[0]).toMatchObject({ id: "CAMISETA-AZUL-M", product_id: "CAMISETA", name: "Camiseta básica", original_price: 79.9 })
  })

  const withVariations = (change: (product: ReturnType<typeof configurable>) => void) => {
    const product = configurable()
    change(product)
    return product
  }

  it.each<[string, Record<string, unknown>, string]>([
    ["no sku", { ...simple(), sku: undefined }, "product.sku:"],
    ["no name", { ...simple(), name: undefined }, "product.name:"],
    ["an empty name", { ...simple(), name: "  " }, "product.name: name must not be empty"],
    ["a name past 150 characters", { ...simple(), name: "x".repeat(151) }, "product.name: name may hold at most 150 characters"],
    ["no description", { ...simple(), description: undefined }, "product.description:"],
    ["a description past 4,000 characters", { ...simple(), description: "x".repeat(4001) }, "product.description: description may hold at most 4000"],
    ["no price", { ...simple(), price: undefined }, "product.price:"],
    ["a price of 0", { ...simple(), price: 0 }, "product.price: price must be above zero"],
    ["a price of three decimals", { ...simple(), price: 59.999 }, "product.price: price must have at most two decimals"],
    ["a cost below zero", { ...simple(), cost: -1 }, "product.cost: cost must be above zero"],
    ["a weight of 0", { ...simple(), weight: 0 }, "product.weight: weight must be above zero"],
    ["a negative height", { ...simple(), height: -2 }, "product.height: height must be above zero"],
    ["a width as text", { ...simple(), width: "8" }, "product.width: width must be a number"],
    ["a length of 0", { ...simple(), length: 0 }, "product.length: length must be above zero"],
    ["an http image", { ...simple(), images: ["http://cdn.example.com/a.jpg"] }, "product.images.0: each image must be an https URL"],
    ["an image that is no URL", { ...simple(), images: ["caneca.jpg"] }, "product.images.0:"],
    ["an EAN of 11 digits", { ...simple(), ean: "78910000000" }, "product.ean: ean must hold 8, 12, 13 or 14 digits"],
    ["an EAN with a wrong check digit", { ...simple(), ean: "7891000000015" }, "product.ean: ean has a wrong check digit"],
    ["an nbm of 7 digits", { ...simple(), nbm: "6912000" }, "product.nbm: nbm must be the 8 digits"],
    ["a promotional price above the price", { ...simple(), promotional_price: 60 }, "product.promotional_price: 60 must not be above price (59.9)"],
    [
      "11 categories",
      { ...simple(), categories: Array.from({ length: 11 }, (_, i) => ({ code: `c${i}`, name: `C ${i}` })) },
      "product.categories: categories may hold at most 10 entries",
    ],
    ["a specification value that is no string", { ...simple(), specifications: [{ key: "Peso", value: 1 }] }, "product.specifications.0.value:"],
    ["a field the hub does not know", { ...simple(), colour: "blue" }, 'product: Unrecognized key: "colour"'],
    [
      "a variation missing an attribute",
      withVariations((product) => product.variations[2].specifications.pop()),
      "product.variations.2.specifications: misses Tamanho (variation_attributes)",
    ],
    [
      "two variations with the same values",
      withVariations((product) => (product.variations[1].specifications[1].value = "P")),
      "product.variations.1.specifications: the same Cor, Tamanho as variations.0",
    ],
    ["variations without attributes", withVariations((product) => (product.variation_attributes = [])), "product.variation_attributes:"],
    [
      "a variation SKU twice",
      withVariations((product) => (product.variations[3].sku = product.variations[0].sku)),
      "product.variations.3.sku: CAMISETA-AZUL-P appears twice",
    ],
    ["a variation with its product's SKU", withVariations((product) => (product.variations[0].sku = "CAMISETA")), "product.variations.0.sku:"],
    [
      "a variation EAN with a wrong check digit",
      withVariations((product) => (product.variations[0].ean = "7891000000022")),
      "product.variations.0.ean: ean has a wrong check digit",
    ],
    [
      "a variation's promotional price not below its product's price",
      withVariations((product) => Object.assign(product.variations[0], { promotional_price: 80 })),
      "product.variations.0.promotional_price: 80 must not be above price (79.9)",
    ],
  ])("refuses %s with 422 naming the field, storing nothing", (_, input, message) => {
    const state = new SandboxHubState()
    const error = refusal(() => state.createProduct(input))
    expect(error.status).toBe(422)
    expect(error.message.startsWith(message)).toBe(true)
    expect(state.listProducts({ perPage: 100, filters: {} }).total).toBe(0)
    expect(state.getVariation("CAMISETA-AZUL-P")).toBeUndefined()
  })

  it("refuses an SKU already on the hub, a product's or a variation's, with 422", () => {
    const state = new SandboxHubState()
    state.createProduct(configurable())
    state.upsertProducts([{ sku: "SEEDED", qty: 1 }])
    expect(refusal(() => state.createProduct({ ...simple(), sku: "CAMISETA" }))).toMatchObject({
      status: 422,
      message: "product.sku: CAMISETA already exists on the hub",
    })
    expect(refusal(() => state.createProduct({ ...simple(), sku: "SEEDED" })).message).toBe("product.sku: SEEDED already exists on the hub")
    expect(refusal(() => state.createProduct({ ...simple(), sku: "CAMISETA-AZUL-P" })).message).toBe(
      "product.sku: CAMISETA-AZUL-P already exists on the hub"
    )
    const clash = withVariations((product) => (product.sku = "OUTRA"))
    expect(refusal(() => state.createProduct(clash)).message).toBe("product.variations.0.sku: CAMISETA-AZUL-P already exists on the hub")
    expect(state.getProduct("OUTRA")).toBeUndefined()
  })

  it("checks EAN check digits as GS1 does, at every length", () => {
    for (const valid of ["96385074", "036000291452", "4006381333931", "10012345678902"]) expect(hasValidCheckDigit(valid)).toBe(true)
    for (const wrong of ["96385075", "036000291453", "4006381333932", "10012345678901"]) expect(hasValidCheckDigit(wrong)).toBe(false)
  })
})

describe("sandbox variations added to a product", () => {
  const added = { sku: "CAMISETA-AZUL-G", qty: 4, price: 84.9, specifications: [{ key: "Cor", value: "Azul" }, { key: "Tamanho", value: "G" }] }

  it("adds a variation that carries every attribute; answers the product with it", () => {
    const state = new SandboxHubState()
    state.createProduct(configurable())
    const product = state.addVariation("CAMISETA", added)
    expect(product.variations).toHaveLength(5)
    expect(state.getVariation("CAMISETA-AZUL-G")).toEqual({ ...added, parent_sku: "CAMISETA" })
  })

  it.each<[string, Record<string, unknown>, string]>([
    ["a missing attribute", { ...added, specifications: [{ key: "Cor", value: "Azul" }] }, "variation.specifications: misses Tamanho"],
    ["the values of a sibling", { ...added, specifications: configurable().variations[0].specifications }, "variation.specifications: the same Cor, Tamanho as variations.0"],
    ["an SKU already on the hub", { ...added, sku: "CAMISETA-AZUL-P" }, "variation.sku: CAMISETA-AZUL-P already exists on the hub"],
    ["the product's own SKU", { ...added, sku: "CAMISETA" }, "variation.sku: CAMISETA already exists on the hub"],
    ["a negative qty", { ...added, qty: -1 }, "variation.qty: qty must be 0 or more"],
    ["an http image", { ...added, images: ["http://cdn.example.com/g.jpg"] }, "variation.images.0: each image must be an https URL"],
    ["a promotional price above its price", { ...added, promotional_price: 90 }, "variation.promotional_price: 90 must not be above price (84.9)"],
  ])("refuses %s with 422 naming the field, changing nothing", (_, input, message) => {
    const state = new SandboxHubState()
    state.createProduct(configurable())
    const before = state.getProduct("CAMISETA")
    const error = refusal(() => state.addVariation("CAMISETA", input))
    expect(error.status).toBe(422)
    expect(error.message.startsWith(message)).toBe(true)
    expect(state.getProduct("CAMISETA")).toEqual(before)
  })

  it("refuses a variation of a product without attributes (422) or of no product (404)", () => {
    const state = new SandboxHubState()
    state.createProduct(simple())
    expect(refusal(() => state.addVariation("CANECA-01", added))).toMatchObject({ status: 422 })
    expect(refusal(() => state.addVariation("NOPE", added))).toMatchObject({ status: 404 })
    expect(state.getVariation("CAMISETA-AZUL-G")).toBeUndefined()
  })
})

describe("sandbox partial updates of catalogue fields", () => {
  it("change only the fields given", () => {
    const state = new SandboxHubState()
    state.createProduct(simple())
    const updated = state.updateProduct("CANECA-01", { name: "Caneca grande", images: ["https://cdn.example.com/caneca-3.jpg"] })
    expect(updated).toEqual({ ...simple(), name: "Caneca grande", images: ["https://cdn.example.com/caneca-3.jpg"] })
  })

  it("refuse catalogue fields as a creation does, changing nothing", () => {
    const state = new SandboxHubState()
    state.createProduct(configurable())
    const before = state.getProduct("CAMISETA")
    expect(refusal(() => state.updateProduct("CAMISETA", { ean: "7891000000015" })).message).toBe("product.ean: ean has a wrong check digit")
    expect(refusal(() => state.updateProduct("CAMISETA", { variation_attributes: ["Cor", "Tamanho", "Manga"] })).message).toBe(
      "product.variations.0.specifications: misses Manga (variation_attributes)"
    )
    expect(state.getProduct("CAMISETA")).toEqual(before)
  })

  it("change a variation by its SKU, keeping its values apart from its siblings'", () => {
    const state = new SandboxHubState()
    state.createProduct(configurable())
    expect(state.updateProduct("CAMISETA-AZUL-P", { qty: 9 })).toMatchObject({ sku: "CAMISETA-AZUL-P", qty: 9, parent_sku: "CAMISETA" })
    expect(state.getProduct("CAMISETA")?.variations?.[0].qty).toBe(9)
    const twin = configurable().variations[1].specifications
    expect(refusal(() => state.updateProduct("CAMISETA-AZUL-P", { specifications: twin })).message).toBe(
      "product.variations.1.specifications: the same Cor, Tamanho as variations.0"
    )
    expect(refusal(() => state.updateProduct("CAMISETA-AZUL-P", { name: "x" })).message).toBe('variation: Unrecognized key: "name"')
    expect(state.getVariation("CAMISETA-AZUL-P")?.specifications).toEqual(configurable().variations[0].specifications)
  })
})
