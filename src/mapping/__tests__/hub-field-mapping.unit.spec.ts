import { defaultFieldMapping, hubFieldMappingSchema, sourceValue, type HubFieldMapping, type MappedHubCategory } from "../hub-field-mapping"
import { checkHubProduct, hubProductBody, type PublicationOptions } from "../hub-product-publication"
import type { ProductPublicationReading, VariantPublicationReading } from "../hub-product-reading"

const SHIRTS: MappedHubCategory = {
  id: "1001",
  name: "Camisetas",
  ean_required: false,
  attributes: [
    { name_id: "gen", name: "Gênero", required: true, variant: false, values: ["Masculino", "Feminino", "Unissex"] },
    { name_id: "tam", name: "Tamanho", required: true, variant: true, values: [] },
    { name_id: "est", name: "Estampa", required: false, variant: false, values: [] },
  ],
}

const mapping = (changes: Partial<HubFieldMapping> = {}): HubFieldMapping => ({
  ...defaultFieldMapping({ brandFrom: "metadata.brand", specificationKeys: [] }),
  categories: [{ category_id: "pcat_clothes", hub_category: SHIRTS }],
  ...changes,
})
const options = (changes: Partial<HubFieldMapping> = {}, categoryNaming: "hub" | "medusa" = "hub"): PublicationOptions => ({
  weightUnit: "g",
  dimensionUnit: "cm",
  mapping: mapping(changes),
  categoryNaming,
  variationFormat: "fields",
  nameMaxLength: 150,
})

const variant = (sku: string, size: string | null, codes: Partial<VariantPublicationReading> = {}): VariantPublicationReading => ({
  id: `variant_${sku}`,
  sku,
  title: sku,
  weight: 200,
  height: 2,
  width: 30,
  length: 40,
  options: size ? [{ value: size, option: { title: "Size" } }] : [],
  qty: 5,
  price: 49.9,
  ...codes,
})

/** A T-shirt in Medusa's category Shirts, under Clothes (mapped to the hub's Camisetas). */
const shirt = (variants: VariantPublicationReading[], metadata: Record<string, unknown> = { gender: "Unissex" }): ProductPublicationReading => ({
  title: "Camiseta Básica",
  description: "Algodão",
  handle: "camiseta-basica",
  status: "enabled",
  metadata,
  images: [{ url: "https://cdn.example/shirt.jpg" }],
  categories: [{ id: "pcat_shirts", handle: "shirts", name: "Shirts", parent_category: { id: "pcat_clothes", handle: "clothes", name: "Clothes", parent_category: null } }],
  type: { value: "Vestuário" },
  collection: { title: "Verão" },
  options: [{ title: "Size", values: [{ value: "P" }, { value: "M" }] }],
  variants,
})

const GENDER = { hub_category_id: "1001", name_id: "gen", source: { kind: "metadata", key: "gender" } } as const
const SIZE = { hub_category_id: "1001", name_id: "tam", source: { kind: "option", title: "Size" } } as const

describe("the mapping of hub fields", () => {
  it("reads each kind of source, the variant's own before the product's", () => {
    const product = { title: "T", metadata: { brand: "Acme", gtin: "x" }, type: { value: "Tipo" }, collection: { title: "Coleção" }, hs_code: "6109.10.00" }
    const one = { metadata: { gtin: "7891000315507" }, options: [{ value: "M", option: { title: "Size" } }], barcode: " 123 " }
    expect(sourceValue({ kind: "metadata", key: "gtin" }, product, one)).toBe("7891000315507")
    expect(sourceValue({ kind: "metadata", key: "brand" }, product, one)).toBe("Acme")
    expect(sourceValue({ kind: "type" }, product)).toBe("Tipo")
    expect(sourceValue({ kind: "collection" }, product)).toBe("Coleção")
    expect(sourceValue({ kind: "option", title: "Size" }, product, one)).toBe("M")
    expect(sourceValue({ kind: "field", field: "barcode" }, product, one)).toBe("123")
    expect(sourceValue({ kind: "field", field: "hs_code" }, product, one)).toBe("6109.10.00")
    expect(sourceValue({ kind: "fixed", value: "Genérica" }, product)).toBe("Genérica")
    expect(sourceValue({ kind: "option", title: "Color" }, product, one)).toBeUndefined()
  })

  it("a product without a saved mapping maps as the options say (brandFrom, specificationKeys)", () => {
    expect(defaultFieldMapping({ brandFrom: "collection", specificationKeys: ["warranty"] })).toEqual({
      brand: { kind: "collection" },
      ean: null,
      ncm: null,
      specifications: [{ key: "warranty", source: { kind: "metadata", key: "warranty" } }],
      categories: [],
      attributes: [],
    })
    expect(hubFieldMappingSchema.safeParse({ specifications: [{ key: "a", source: { kind: "metadata", key: "x" } }, { key: "a", source: { kind: "type" } }] }).error?.issues[0].message).toBe(
      "specifications: each key once"
    )
    expect(hubFieldMappingSchema.safeParse({ categories: [{ category_id: "shirts", hub_category: SHIRTS }] }).error?.issues[0].message).toContain("pcat_")
  })

  it("a required attribute of the product's hub category not mapped: not publishable, naming it and where to map it", () => {
    const check = checkHubProduct(shirt([variant("TEE-P", "P"), variant("TEE-M", "M")]), options())
    expect(check).toMatchObject({ ok: false })
    const messages = !check.ok ? check.problems.map((problem) => problem.message) : []
    expect(messages).toEqual([
      "attributes.Gênero: the hub category Camisetas requires Gênero: choose where Medusa keeps it (Settings → Marketplace hub, Mapping)",
      "attributes.Tamanho: the hub category Camisetas requires Tamanho: choose where Medusa keeps it (Settings → Marketplace hub, Mapping)",
    ])
  })

  it("mapped: the attributes go as specifications, a variant attribute on each variation; the hub category first among the categories", () => {
    const check = checkHubProduct(shirt([variant("TEE-P", "P"), variant("TEE-M", "M")]), options({ attributes: [GENDER, SIZE] }))
    if (!check.ok) throw new Error(JSON.stringify(check.problems))
    expect(check.product.categories).toEqual([
      { code: "1001", name: "Camisetas" },
      { code: "shirts", name: "Clothes > Shirts" },
    ])
    expect(check.product.specifications).toContainEqual({ key: "Gênero", value: "Unissex" })
    expect(check.product.variations?.map((variation) => variation.specifications)).toEqual([
      [{ key: "Size", value: "P" }, { key: "Tamanho", value: "P" }],
      [{ key: "Size", value: "M" }, { key: "Tamanho", value: "M" }],
    ])
    // categoryNaming medusa: Medusa's names only, the attributes still checked and sent.
    const medusa = hubProductBody(shirt([variant("TEE-P", "P"), variant("TEE-M", "M")]), options({ attributes: [GENDER, SIZE] }, "medusa"))
    expect(medusa.categories).toEqual([{ code: "shirts", name: "Clothes > Shirts" }])
    expect(medusa.specifications).toContainEqual({ key: "Gênero", value: "Unissex" })
  })

  it("a mapped attribute without a value, or one the category does not list, is named per variant or product", () => {
    const check = checkHubProduct(shirt([variant("TEE-P", "P"), variant("TEE-X", null)], { gender: "Outro" }), options({ attributes: [GENDER, SIZE] }))
    expect(!check.ok && check.problems.map((problem) => problem.message)).toEqual([
      "variations[TEE-X].Size: set the variant's Size",
      'attributes.Gênero: Gênero "Outro" (from the metadata "gender") is not one the hub category Camisetas takes: one of Masculino, Feminino, Unissex',
      "variations[TEE-X].Tamanho: the hub category Camisetas requires Tamanho, read from the option Size: set it",
    ])
  })

  it("an EAN where the hub category requires one, and the EAN and NCM from the mapping's sources, checked", () => {
    const electronics: MappedHubCategory = { id: "2002", name: "Eletrônicos", ean_required: true, attributes: [] }
    const product = { ...shirt([variant("RADIO-1", null)], { gtin: "7891000315500", ncm: "8527.12" }), options: [] }
    const withEan = (changes: Partial<HubFieldMapping>) => options({ categories: [{ category_id: "pcat_clothes", hub_category: electronics }], ...changes })
    expect(checkHubProduct(product, withEan({}))).toMatchObject({
      ok: false,
      problems: [{ field: "ean", message: "ean: the hub category Eletrônicos requires an EAN: give the variant its EAN (or barcode)" }],
    })
    expect(checkHubProduct(product, withEan({ ean: { kind: "metadata", key: "gtin" }, ncm: { kind: "metadata", key: "ncm" } }))).toMatchObject({
      ok: false,
      problems: [
        { field: "nbm", message: 'nbm: the metadata "ncm" "8527.12" must be the 8-digit NCM (such as 6109.10.00): correct it or clear it' },
        { field: "ean", message: 'ean: the metadata "gtin" 7891000315500 has a wrong check digit: copy it again from the package, or clear it' },
      ],
    })
    const fixed = { ...product, metadata: { gtin: "7891000315507", ncm: "8527.12.00" } }
    const body = hubProductBody(fixed, withEan({ ean: { kind: "metadata", key: "gtin" }, ncm: { kind: "metadata", key: "ncm" }, brand: { kind: "fixed", value: "Genérica" } }))
    expect(body).toMatchObject({ ean: "7891000315507", nbm: "85271200", brand: "Genérica" })
  })
})
