import { defaultFieldMapping } from "../hub-field-mapping"
import { hubProductChanges } from "../hub-product-changes"
import {
  checkHubProduct,
  hubCategories,
  hubImages,
  hubProductBody,
  type HubProductBody,
  type PublicationOptions,
} from "../hub-product-publication"
import type { ProductPublicationReading, VariantPublicationReading } from "../hub-product-reading"

const OPTIONS: PublicationOptions = {
  weightUnit: "g",
  dimensionUnit: "mm",
  mapping: defaultFieldMapping({ brandFrom: "metadata.brand", specificationKeys: ["warranty", "voltage", "empty"] }),
  categoryNaming: "hub",
  variationFormat: "fields",
  nameMaxLength: 150,
}

const mugVariant: VariantPublicationReading = {
  id: "variant_mug",
  sku: "MUG-1",
  title: "Default",
  ean: "789-1000-31550-7",
  upc: "036000291452",
  hs_code: null,
  weight: 1234,
  height: null,
  width: null,
  length: 105,
  options: [{ value: "Default", option: { title: "Default option" } }],
  images: [{ url: "https://cdn.example/mug-variant.jpg", rank: 0 }],
  qty: 7,
  price: 59.9,
  promotional_price: 49.9,
}

/** A one-variant product with every field the hub takes. */
const mug: ProductPublicationReading = {
  title: "  Caneca Esmaltada  ",
  subtitle: "not sent",
  description: "<p>Caneca de aço esmaltado.</p>",
  handle: "caneca-esmaltada",
  status: "enabled",
  metadata: { brand: "Ferro & Fogo", warranty: "12 meses", voltage: 220, empty: "  ", hub_sku: "IGNORED-ON-A-SIMPLE-PRODUCT" },
  material: "aço",
  origin_country: "br",
  hs_code: "7323.94.00",
  weight: 999,
  height: 95,
  width: 80,
  length: 120,
  images: [
    { url: "https://cdn.example/mug-b.jpg", rank: 1 },
    { url: "http://cdn.example/mug-insecure.jpg", rank: 0 },
    { url: "https://cdn.example/mug-a.jpg", rank: 0 },
    { url: "https://cdn.example/mug-a.jpg", rank: 2 },
  ],
  categories: [{ id: "pcat_mugs", handle: "canecas", name: "Canecas", parent_category: { id: "pcat_kitchen", handle: "cozinha", name: "Cozinha", parent_category: null } }],
  type: { value: "Utensílio" },
  collection: { title: "Inverno" },
  options: [{ title: "Default option", values: [{ value: "Default" }] }],
  variants: [mugVariant],
}

describe("a simple product (one variant)", () => {
  it("maps every field, under the variant's SKU, with the measures in kg and cm", () => {
    expect(checkHubProduct(mug, OPTIONS)).toEqual({
      ok: true,
      product: {
        sku: "MUG-1",
        name: "Caneca Esmaltada",
        description: "<p>Caneca de aço esmaltado.</p>",
        status: "enabled",
        qty: 7,
        price: 59.9,
        promotional_price: 49.9,
        // The variant's weight and length (grams, millimetres); the product's height and width.
        weight: 1.234,
        height: 9.5,
        width: 8,
        length: 10.5,
        brand: "Ferro & Fogo",
        ean: "7891000315507",
        nbm: "73239400",
        images: ["https://cdn.example/mug-a.jpg", "https://cdn.example/mug-b.jpg", "https://cdn.example/mug-variant.jpg"],
        categories: [{ code: "canecas", name: "Cozinha > Canecas" }],
        specifications: [
          { key: "material", value: "aço" },
          { key: "origin_country", value: "BR" },
          { key: "warranty", value: "12 meses" },
          { key: "voltage", value: "220" },
        ],
      },
    })
  })

  it("the variant's own hs_code, material and origin country come before the product's", () => {
    const body = hubProductBody({ ...mug, variants: [{ ...mugVariant, hs_code: "6912.00.00", material: "porcelana", origin_country: "pt" }] }, OPTIONS)
    expect(body.nbm).toBe("69120000")
    expect(body.specifications.slice(0, 2)).toEqual([
      { key: "material", value: "porcelana" },
      { key: "origin_country", value: "PT" },
    ])
  })

  it("the brand from the type or the collection with brandFrom", () => {
    const brandFrom = (from: "type" | "collection") => ({ ...OPTIONS, mapping: defaultFieldMapping({ brandFrom: from, specificationKeys: [] }) })
    expect(hubProductBody(mug, brandFrom("type")).brand).toBe("Utensílio")
    expect(hubProductBody(mug, brandFrom("collection")).brand).toBe("Inverno")
    expect(hubProductBody({ ...mug, metadata: {} }, OPTIONS)).not.toHaveProperty("brand")
  })

  it("a variant whose stock Medusa does not count sends no qty; no sale sends no promotional_price, unless the store says how its hub wants it", () => {
    const body = hubProductBody({ ...mug, variants: [{ ...mugVariant, qty: null, promotional_price: null }] }, OPTIONS)
    expect(body).not.toHaveProperty("qty")
    // Either product model takes a creation without it (issue 49: the legacy one refuses it equal to the price).
    expect(body).not.toHaveProperty("promotional_price")
    const said = hubProductBody({ ...mug, variants: [{ ...mugVariant, promotional_price: null }] }, { ...OPTIONS, promotionalPriceClearedAs: "price" })
    expect(said.promotional_price).toBe(said.price)
    expect(hubProductBody({ ...mug, variants: [{ ...mugVariant, promotional_price: null }] }, { ...OPTIONS, promotionalPriceClearedAs: "null" })).not.toHaveProperty("promotional_price")
  })
})

describe("images and categories", () => {
  it("https only, by rank (ties in the order given), each once, the variant's own after the product's", () => {
    const images = hubImages(
      [
        { url: "https://cdn.example/3.jpg", rank: 3 },
        { url: "ftp://cdn.example/x.jpg", rank: 0 },
        { url: "not a url", rank: 0 },
        { url: "https://cdn.example/1.jpg", rank: 1 },
        { url: "https://cdn.example/1b.jpg", rank: 1 },
        { url: "http://cdn.example/2.jpg", rank: 2 },
      ],
      [{ url: "https://cdn.example/1.jpg" }, { url: "https://cdn.example/v.png" }]
    )
    expect(images).toEqual(["https://cdn.example/1.jpg", "https://cdn.example/1b.jpg", "https://cdn.example/3.jpg", "https://cdn.example/v.png"])
  })

  it("each category named by its whole chain, coded by its handle (else its id), each once, at most 10", () => {
    const home = { id: "pcat_home", handle: "casa", name: "Casa", parent_category: null }
    const kitchen = { id: "pcat_kitchen", handle: "cozinha", name: "Cozinha", parent_category: home }
    const mugs = { id: "pcat_mugs", handle: null, name: "Canecas", parent_category: kitchen }
    expect(hubCategories([mugs, kitchen, { ...kitchen }])).toEqual([
      { code: "pcat_mugs", name: "Casa > Cozinha > Canecas" },
      { code: "cozinha", name: "Casa > Cozinha" },
    ])
    const many = Array.from({ length: 12 }, (_, i) => ({ id: `pcat_${i}`, handle: `c${i}`, name: `C${i}` }))
    expect(hubCategories(many).map((category) => category.code)).toEqual(["c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9"])
  })

  it("a loop in the parents (bad data) ends the chain", () => {
    const a: { id: string; name: string; parent_category?: unknown } = { id: "pcat_a", name: "A" }
    const b = { id: "pcat_b", name: "B", parent_category: a }
    a.parent_category = b
    expect(hubCategories([b as never])).toEqual([{ code: "pcat_b", name: "A > B" }])
  })
})

/** A T-shirt in 2 colours and 2 sizes: 4 variants, each with its own stock; the blue ones dearer. */
function tshirt(): ProductPublicationReading {
  const variants = [
    ["RED", "S", 1],
    ["RED", "M", 2],
    ["BLUE", "S", 3],
    ["BLUE", "M", 4],
  ].map(([color, size, qty]) => ({
    id: `variant_${color}_${size}`,
    sku: `TS-${color}-${size}`,
    title: `${color} / ${size}`,
    weight: size === "M" ? 220 : null,
    options: [
      { value: color === "RED" ? "Vermelho" : "Azul", option: { title: "Cor" } },
      { value: String(size), option: { title: "Tamanho" } },
    ],
    images: color === "BLUE" ? [{ url: "https://cdn.example/ts-blue.jpg", rank: 0 }] : [],
    qty: Number(qty),
    price: color === "BLUE" ? 79.9 : 69.9,
    promotional_price: color === "BLUE" ? 59.9 : null,
  }))
  return {
    ...mug,
    title: "Camiseta Básica",
    handle: "camiseta-basica",
    metadata: { brand: "Algodão Bom" },
    hs_code: "6109.10.00",
    weight: 200,
    images: [{ url: "https://cdn.example/ts.jpg", rank: 0 }],
    options: [
      { title: "Cor", values: [{ value: "Vermelho" }, { value: "Azul" }] },
      { title: "Tamanho", values: [{ value: "S" }, { value: "M" }] },
    ],
    variants,
  }
}

describe("a configurable product (several variants)", () => {
  it("one hub product under the handle, told apart by the option titles, 4 variations each with its own qty and price (fields)", () => {
    const result = checkHubProduct(tshirt(), OPTIONS)
    expect(result.ok).toBe(true)
    const body = (result as { product: HubProductBody }).product
    expect(body).toMatchObject({
      sku: "camiseta-basica",
      name: "Camiseta Básica",
      variation_attributes: ["Cor", "Tamanho"],
      // The cheapest variant's price; the product's own weight.
      price: 69.9,
      weight: 0.2,
      nbm: "61091000",
      images: ["https://cdn.example/ts.jpg"],
    })
    expect(body).not.toHaveProperty("qty")
    expect(body).not.toHaveProperty("ean")
    expect(body.variations).toEqual([
      {
        sku: "TS-RED-S",
        qty: 1,
        specifications: [
          { key: "Cor", value: "Vermelho" },
          { key: "Tamanho", value: "S" },
        ],
        price: 69.9,
        weight: 0.2,
        height: 9.5,
        width: 8,
        length: 12,
      },
      expect.objectContaining({ sku: "TS-RED-M", qty: 2, weight: 0.22, price: 69.9 }),
      expect.objectContaining({ sku: "TS-BLUE-S", qty: 3, price: 79.9, promotional_price: 59.9, images: ["https://cdn.example/ts-blue.jpg"] }),
      expect.objectContaining({ sku: "TS-BLUE-M", qty: 4, weight: 0.22 }),
    ])
    expect(body.variations![0]).not.toHaveProperty("images")
  })

  it("variationFormat specifications: price and sale price as specifications, no measures on the variation", () => {
    const body = hubProductBody(tshirt(), { ...OPTIONS, variationFormat: "specifications" })
    expect(body.variations![2]).toEqual({
      sku: "TS-BLUE-S",
      qty: 3,
      images: ["https://cdn.example/ts-blue.jpg"],
      specifications: [
        { key: "Cor", value: "Azul" },
        { key: "Tamanho", value: "S" },
        { key: "price", value: "79.90" },
        { key: "promotional_price", value: "59.90" },
      ],
    })
    expect(body.variations![0].specifications).toEqual([
      { key: "Cor", value: "Vermelho" },
      { key: "Tamanho", value: "S" },
      { key: "price", value: "69.90" },
    ])
  })

  it("metadata.hub_sku names the hub product; the product's measures missing, the first variant's that has them", () => {
    const body = hubProductBody({ ...tshirt(), metadata: { hub_sku: " TS-BASICA " }, weight: null }, OPTIONS)
    expect(body.sku).toBe("TS-BASICA")
    expect(body.weight).toBe(0.22)
    expect(body.variations![0]).not.toHaveProperty("weight")
  })
})

describe("the check before sending: each problem named by its field", () => {
  const fields = (product: ProductPublicationReading, options = OPTIONS) => {
    const result = checkHubProduct(product, options)
    return result.ok ? [] : result.problems.map((problem) => problem.field)
  }
  const withVariant = (change: Partial<VariantPublicationReading>) => ({ ...mug, variants: [{ ...mugVariant, ...change }] })

  it.each<[string, ProductPublicationReading, string[]]>([
    ["no title", { ...mug, title: " " }, ["name"]],
    ["a title over nameMaxLength", { ...mug, title: "x".repeat(151) }, ["name"]],
    ["no description", { ...mug, description: null }, ["description"]],
    ["no price", withVariant({ price: null }), ["price"]],
    ["a sale price above the price", withVariant({ promotional_price: 60 }), ["promotional_price"]],
    ["no weight anywhere", { ...withVariant({ weight: null }), weight: null }, ["weight"]],
    ["no measure anywhere", { ...withVariant({ weight: null, length: null }), weight: null, height: null, width: null, length: null }, ["weight", "height", "width", "length"]],
    ["a zero width", { ...mug, width: 0 }, ["width"]],
    ["no https image", { ...mug, images: [{ url: "http://cdn.example/a.jpg" }], variants: [{ ...mugVariant, images: [] }] }, ["images"]],
    ["an EAN with a wrong check digit", withVariant({ ean: "7891000315508" }), ["ean"]],
    ["an hs_code that is no NCM", { ...mug, hs_code: "7323.94" }, ["nbm"]],
    ["a variant without SKU", withVariant({ sku: null }), ["sku"]],
    ["no variant", { ...mug, variants: [] }, ["sku"]],
  ])("%s", (_, product, expected) => {
    expect(fields(product)).toEqual(expected)
  })

  it("every message names its field and says what to do", () => {
    const result = checkHubProduct({ ...mug, title: "", weight: null, variants: [{ ...mugVariant, weight: null }] }, OPTIONS)
    expect(result).toEqual({
      ok: false,
      problems: [
        { field: "name", message: "name: give the product a title" },
        { field: "weight", message: "weight: set the variant's or the product's weight" },
      ],
    })
    const long = checkHubProduct({ ...mug, title: "x".repeat(101) }, { ...OPTIONS, nameMaxLength: 100 })
    expect(long).toEqual({ ok: false, problems: [{ field: "name", message: "name: shorten the product's title to at most 100 characters (it has 101)" }] })
  })

  it("a configurable product: a variation without an option's value, a variant without SKU or price, duplicate SKUs", () => {
    const product = tshirt()
    product.variants[0] = { ...product.variants[0], options: [{ value: "Vermelho", option: { title: "Cor" } }] }
    product.variants[1] = { ...product.variants[1], sku: null, price: null }
    product.variants[3] = { ...product.variants[3], sku: "TS-BLUE-S", ean: "4006381333932" }
    expect(fields(product)).toEqual([
      "variations[TS-RED-S].Tamanho",
      "variations[variant_RED_M].sku",
      "variations[variant_RED_M].price",
      "variations[TS-BLUE-S].ean",
      "sku",
    ])
    const result = checkHubProduct(product, OPTIONS) as { problems: Array<{ message: string }> }
    expect(result.problems[0].message).toBe("variations[TS-RED-S].Tamanho: set the variant's Tamanho")
    expect(result.problems[4].message).toBe("sku: the SKU TS-BLUE-S is used by 2 variants: give each its own")
  })

  it("a configurable product without options, or whose hub SKU is also a variant's", () => {
    expect(fields({ ...tshirt(), options: [] })).toEqual(["variation_attributes"])
    expect(fields({ ...tshirt(), metadata: { hub_sku: "TS-RED-S" } })).toEqual(["sku"])
  })
})

describe("a Medusa edit, read again, changes only its fields (hubProductChanges)", () => {
  const sent = hubProductBody(mug, OPTIONS)
  it("a title edit: only name", () => {
    expect(hubProductChanges(sent, hubProductBody({ ...mug, title: "Caneca Esmaltada Grande" }, OPTIONS))).toEqual({
      kind: "update",
      product: { name: "Caneca Esmaltada Grande" },
      cleared: [],
      variationsToAdd: [],
      variationsToUpdate: [],
    })
  })

  it("two images' ranks swapped: only images, in the new order", () => {
    const images = [
      { url: "https://cdn.example/mug-a.jpg", rank: 1 },
      { url: "https://cdn.example/mug-b.jpg", rank: 0 },
    ]
    expect(hubProductChanges(sent, hubProductBody({ ...mug, images }, OPTIONS))).toMatchObject({
      product: { images: ["https://cdn.example/mug-b.jpg", "https://cdn.example/mug-a.jpg", "https://cdn.example/mug-variant.jpg"] },
    })
    expect(Object.keys((hubProductChanges(sent, hubProductBody({ ...mug, images }, OPTIONS)) as { product: object }).product)).toEqual(["images"])
  })

  it("a fifth variant of the T-shirt: one variation to add, the rest unchanged", () => {
    const before = tshirt()
    const after = tshirt()
    after.variants.push({ ...after.variants[3], id: "variant_BLUE_L", sku: "TS-BLUE-L", qty: 9, options: [{ value: "Azul", option: { title: "Cor" } }, { value: "L", option: { title: "Tamanho" } }] })
    const changes = hubProductChanges(hubProductBody(before, OPTIONS), hubProductBody(after, OPTIONS))
    expect(changes).toMatchObject({ kind: "update", product: {}, variationsToUpdate: [] })
    expect(changes.kind === "update" && changes.variationsToAdd.map((variation) => [variation.sku, variation.qty])).toEqual([["TS-BLUE-L", 9]])
  })
})
