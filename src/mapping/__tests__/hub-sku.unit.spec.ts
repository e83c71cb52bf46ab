import { defaultFieldMapping } from "../hub-field-mapping"
import { checkHubProduct, hubSkuProblem, type PublicationOptions } from "../hub-product-publication"
import type { ProductPublicationReading } from "../hub-product-reading"

const OPTIONS: PublicationOptions = { weightUnit: "g", dimensionUnit: "cm", mapping: defaultFieldMapping({ brandFrom: "metadata.brand", specificationKeys: [] }), categoryNaming: "hub", variationFormat: "fields", nameMaxLength: 150 }

const variant = (sku: string | null, value = "Único") => ({ id: `variant_${value}`, sku, title: value, weight: 500, height: 10, width: 10, length: 10, qty: 1, price: 10, options: [{ value, option: { title: "Tamanho" } }] })
const product = (variants: ReturnType<typeof variant>[], metadata: Record<string, unknown> = {}): ProductPublicationReading => ({
  title: "Camisa",
  description: "<p>Camisa.</p>",
  handle: "camisa",
  status: "enabled",
  metadata: { brand: "Acme", ...metadata },
  images: [{ url: "https://cdn.example/a.jpg" }],
  options: [{ title: "Tamanho" }],
  variants,
})
const skuProblems = (reading: ProductPublicationReading) => {
  const check = checkHubProduct(reading, OPTIONS)
  return check.ok ? [] : check.problems.filter((problem) => problem.field.endsWith("sku"))
}

describe("a SKU that can name a hub product", () => {
  it.each([["."], [".."], [" CAMISA"], ["CAMISA "], ["\tCAMISA"]])("%j cannot", (sku) => {
    expect(hubSkuProblem(sku)).toMatch(/spaces around it|cannot name a hub product/)
  })

  it.each([["CAMISA-P"], ["a.b"], ["..."], ["Loja 1"]])("%j can", (sku) => {
    expect(hubSkuProblem(sku)).toBeUndefined()
  })

  it("a product's single SKU, its hub SKU or a variation's SKU that cannot is a problem naming it, so nothing is asked of the hub", () => {
    expect(skuProblems(product([variant(" CAMISA ")]))).toEqual([{ field: "sku", message: expect.stringContaining('the SKU " CAMISA " has spaces around it') }])
    expect(skuProblems(product([variant("..")]))).toEqual([{ field: "sku", message: expect.stringContaining('the hub SKU ".." cannot name') }])
    expect(skuProblems(product([variant("CAMISA-P", "P"), variant("CAMISA-G", "G")], { hub_sku: ".." }))).toEqual([
      { field: "sku", message: expect.stringContaining('the hub SKU ".." cannot name a hub product in the hub\'s addresses: give it letters or digits (metadata.hub_sku, else the handle)') },
    ])
    expect(skuProblems(product([variant("CAMISA-P ", "P"), variant("CAMISA-G", "G")]))).toEqual([
      { field: "variations[CAMISA-P].sku", message: expect.stringContaining("has spaces around it") },
    ])
    expect(skuProblems(product([variant("CAMISA-P", "P"), variant("CAMISA-G", "G")]))).toEqual([])
  })
})
