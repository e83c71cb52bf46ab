import fs from "node:fs"
import path from "node:path"
import { problemText, type Translate } from "../admin/components/hub-product/problem-text"

/*
 * A publication problem (its field as src/mapping/hub-product-publication.ts reports it) in each
 * admin language: a key this reading asks for and the texts lack would show as the key itself.
 */

function translate(language: "en" | "ptBR"): Translate {
  const texts = JSON.parse(fs.readFileSync(path.resolve(__dirname, `../admin/i18n/product/${language}.json`), "utf8"))
  return (key, values = {}) => {
    const text = key.split(".").reduce((node, part) => node?.[part], texts)
    if (typeof text !== "string") return key
    return text.replace(/\{\{(\w+)\}\}/g, (_, name) => String(values[name]))
  }
}

const [en, ptBR] = [translate("en"), translate("ptBR")]

describe("a publication problem in the merchant's words", () => {
  it("says what to do about the product's own field", () => {
    const weight = { field: "weight", message: "weight: set the variant's or the product's weight" }
    expect(problemText(en, weight)).toBe("Set the variant's or the product's weight.")
    expect(problemText(ptBR, weight)).toBe("Informe o peso da variante ou do produto.")
    expect(problemText(ptBR, { field: "height", message: "height: set a height above 0 (it is 0)" })).toBe("Informe uma altura maior que 0 na variante ou no produto.")
    expect(problemText(en, { field: "images", message: "images: add an image whose address starts with https://" })).toBe("Add an image whose address starts with https://.")
  })

  it("tells a title's two problems apart, with the longest title the hub takes", () => {
    expect(problemText(en, { field: "name", message: "name: give the product a title" })).toBe("Give the product a title.")
    const long = { field: "name", message: "name: shorten the product's title to at most 150 characters (it has 160)" }
    expect(problemText(ptBR, long)).toBe("Encurte o título do produto para no máximo 150 caracteres.")
  })

  it("names the variant of a variation's field, and an option by its title", () => {
    expect(problemText(en, { field: "variations[CAMISETA-P].price", message: "variations[CAMISETA-P].price: give the variant a price" })).toBe(
      "Variant CAMISETA-P: Give the variant a price in the hub's region and currency."
    )
    expect(problemText(ptBR, { field: "variations[CAMISETA-P].Cor", message: "variations[CAMISETA-P].Cor: set the variant's Cor" })).toBe(
      "Variante CAMISETA-P: Informe o valor de Cor da variante."
    )
  })

  it("tells a SKU's causes apart: another product's hub SKU (named), spaces around it, one that cannot name a hub product", () => {
    const taken = { field: "sku", message: 'sku: CAMISA-AZUL is the hub product of another product of this store, "Camisa azul" (prod_01A): give this product another SKU (metadata.hub_sku for one with several variants)' }
    expect(problemText(en, taken)).toBe('The hub SKU CAMISA-AZUL is already the hub product of another product of this store, "Camisa azul" (prod_01A): give this product another SKU (metadata.hub_sku for one with several variants).')
    expect(problemText(ptBR, taken)).toBe('O SKU CAMISA-AZUL já é o produto no hub de outro produto desta loja, "Camisa azul" (prod_01A): dê a este produto outro SKU (metadata.hub_sku, se ele tiver várias variantes).')
    const spaced = { field: "sku", message: 'sku: the SKU " CAMISA " has spaces around it: the hub keeps it without them, so no later update would find it; remove them' }
    expect(problemText(en, spaced)).toBe('Remove the spaces around the SKU " CAMISA ": the hub keeps it without them, so no later update would find it.')
    expect(problemText(ptBR, { field: "variations[ X].sku", message: 'variations[ X].sku: the SKU " X" has spaces around it: ...' })).toBe('Variante  X: Tire os espaços em volta do SKU " X": o hub o guarda sem eles, e nenhuma atualização depois o encontraria.')
    const dots = { field: "sku", message: `sku: the hub SKU ".." cannot name a hub product in the hub's addresses: give it letters or digits (metadata.hub_sku, else the handle)` }
    expect(problemText(en, dots)).toBe('The hub SKU ".." cannot name a hub product in its addresses: give it letters or digits (metadata.hub_sku, else the handle).')
    expect(problemText(ptBR, dots)).toBe('O SKU ".." não pode nomear um produto nos endereços do hub: use letras ou dígitos (metadata.hub_sku, senão o handle).')
    expect(problemText(en, { field: "sku", message: 'sku: give the variant "P" a SKU' })).toBe("Give each variant its own SKU (and metadata.hub_sku, when set, another one).")
  })

  it("says what a product's hub category asks for (the mapping in Settings): an attribute unmapped, without a value, or not one it takes; an EAN it requires", () => {
    const unmapped = { field: "attributes.Gênero", message: "attributes.Gênero: the hub category Camisetas requires Gênero: choose where Medusa keeps it (Settings → Marketplace hub, Mapping)" }
    expect(problemText(en, unmapped)).toBe("The hub category Camisetas requires Gênero: choose where Medusa keeps it in Settings → Marketplace hub, Mapping.")
    expect(problemText(ptBR, unmapped)).toBe("A categoria do hub Camisetas exige Gênero: escolha onde o Medusa guarda esse dado em Configurações → Hub de marketplaces, Mapeamento.")
    // In the mapping's own drawer the merchant is already there: the check points at its Categories, never elsewhere.
    expect(problemText(en, unmapped, "mapping")).toBe("The hub category Camisetas requires Gênero: choose where Medusa keeps it under Categories, above.")
    expect(problemText(ptBR, unmapped, "mapping")).toBe("A categoria do hub Camisetas exige Gênero: escolha onde o Medusa guarda esse dado em Categorias, acima.")
    const empty = { field: "variations[TEE-X].Tamanho", message: "variations[TEE-X].Tamanho: the hub category Camisetas requires Tamanho, read from the option Size: set it" }
    expect(problemText(en, empty)).toBe("Variant TEE-X: The hub category Camisetas requires Tamanho, read from the option Size: set it.")
    expect(problemText(ptBR, empty)).toBe("Variante TEE-X: A categoria do hub Camisetas exige Tamanho, lido da opção Size: preencha.")
    const listed = { field: "attributes.Gênero", message: 'attributes.Gênero: Gênero "Outro" (from the metadata "gender") is not one the hub category Camisetas takes: one of Masculino, Feminino, Unissex' }
    expect(problemText(ptBR, listed)).toBe('Gênero "Outro" não é um valor que a categoria do hub Camisetas aceita: um de Masculino, Feminino, Unissex.')
    const ean = { field: "ean", message: "ean: the hub category Eletrônicos requires an EAN: give the variant its EAN (or barcode)" }
    expect(problemText(en, ean)).toBe("The hub category Eletrônicos requires an EAN: give the variant its EAN (or barcode).")
    expect(problemText(ptBR, ean)).toBe("A categoria do hub Eletrônicos exige EAN: informe o EAN (ou código de barras) da variante.")
  })

  it("names the mapped source of a wrong EAN or NCM, and Medusa's own code otherwise", () => {
    expect(problemText(ptBR, { field: "ean", message: 'ean: the metadata "gtin" 7891000315500 has a wrong check digit: copy it again from the package, or clear it' })).toBe(
      'Corrija o EAN lido do metadado "gtin" (copie de novo da embalagem), ou apague-o.'
    )
    expect(problemText(en, { field: "nbm", message: 'nbm: the option NCM "8527.12" must be the 8-digit NCM (such as 6109.10.00): correct it or clear it' })).toBe(
      "Correct the NCM read from the option NCM (8 digits, dots allowed), or clear it."
    )
    expect(problemText(en, { field: "ean", message: "ean: the variant's ean \"12\" must be 8, 12, 13 or 14 digits: correct it or clear it" })).toBe("Correct the variant's EAN (copy it again from the package), or clear it.")
  })

  it("keeps the mapping's English message for a field it does not know", () => {
    expect(problemText(ptBR, { field: "warranty", message: "warranty: something new" })).toBe("warranty: something new")
  })

  it("finds every field the mapping reports in both languages", () => {
    const fields = ["name", "description", "images", "sku", "price", "promotional_price", "ean", "nbm", "variation_attributes", "weight", "height", "width", "length"]
    for (const t of [en, ptBR]) {
      for (const field of [...fields, ...fields.map((field) => `variations[SKU-1].${field}`)]) {
        expect(problemText(t, { field, message: `${field}: in English` })).not.toMatch(/problems\.|in English/)
      }
    }
  })
})
