/*
 * The sandbox's own review of what a category asks of a product (docs/hub-public-facts.md, Categories and
 * attributes): the record says a category has required attributes and may require an EAN, not how a hub
 * checks them, so this rule is the sandbox's (a real hub's may differ). A product whose `categories[].code`
 * is the id of a category of the category service (category-service.ts) is refused, 422 in the hub's
 * Portuguese, when:
 *
 * - an attribute the category requires is missing: a product attribute from the product's
 *   `specifications` (by the attribute's `name` as the key), a variant one from each variation's (a
 *   product without variations: its own);
 * - a value is not one the category lists for that attribute (required or not);
 * - the category has `eanRequired` and the product (with variations: a variation) has no `ean`.
 *
 * Judged on the product as it would stand after the write (catalogue.ts): a creation, a variation added
 * or changed, a PUT (one removing a required attribute is refused, and changes nothing).
 */
import type { SandboxCategory } from "./category-service"
import { SandboxHubError } from "./errors"
import type { SandboxProduct } from "./records"

type Attribute = { name: string; required: boolean; variant: boolean; values: string[] }

/** The category's attributes, its entries grouped by `nameId` (one entry per listed value). */
function attributesOf(category: SandboxCategory): Attribute[] {
  const byNameId = new Map<string, Attribute>()
  for (const entry of category.attributes) {
    const attribute = byNameId.get(String(entry.nameId)) ?? { name: entry.name, required: false, variant: false, values: [] }
    attribute.required ||= entry.required
    attribute.variant ||= entry.variant
    if (entry.value) attribute.values.push(entry.value)
    byNameId.set(String(entry.nameId), attribute)
  }
  return [...byNameId.values()]
}

const refuse = (message: string): never => {
  throw new SandboxHubError(422, message)
}

/** Throws the hub's 422 for the first thing a category of `product` asks and does not get. */
export function reviewCategoryAttributes(product: SandboxProduct, categoryOf: (code: string) => SandboxCategory | undefined): void {
  const variations = product.variations ?? []
  // What carries a variant attribute and an EAN: each variation, or the product itself.
  const items: ReadonlyArray<{ sku: string; ean?: string; specifications?: SandboxProduct["specifications"] }> = variations.length ? variations : [product]
  for (const { code } of product.categories ?? []) {
    const category = categoryOf(code)
    if (!category) continue
    const categoryName = category.categoryData.name
    for (const attribute of attributesOf(category)) {
      for (const item of attribute.variant ? items : [product]) {
        const where = attribute.variant && variations.length ? ` na variação ${item.sku}` : ""
        const value = item.specifications?.find((specification) => specification.key === attribute.name)?.value.trim()
        if (!value) {
          if (attribute.required) refuse(`Atributo obrigatório "${attribute.name}" não informado${where} para a categoria ${categoryName}`)
        } else if (attribute.values.length && !attribute.values.includes(value)) {
          refuse(`Valor "${value}" não aceito para o atributo "${attribute.name}"${where} da categoria ${categoryName}: use ${attribute.values.join(", ")}`)
        }
      }
    }
    if (category.eanRequired) {
      const withoutEan = items.find((item) => !item.ean)
      if (withoutEan) refuse(`EAN obrigatório para a categoria ${categoryName}: ${variations.length ? `informe o EAN da variação ${withoutEan.sku}` : "informe o EAN do produto"}`)
    }
  }
}
