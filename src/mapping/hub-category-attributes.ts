/*
 * What a product's hub category asks of it (issue 42; docs/hub-public-facts.md, Categories and
 * attributes): each attribute the merchant mapped goes as a specification under the attribute's name (the
 * form every hub of this kind takes; the 2025 model's attribute ids are unsure), a variant attribute on
 * each variation; an attribute the category requires without a value, a value the category does not
 * list, or no EAN where the category requires one is a problem named in the merchant's words, before
 * anything is sent.
 */
import { sourceLabel, sourceValue, type HubFieldMapping, type MappedHubCategory, type SourceProduct, type SourceVariant } from "./hub-field-mapping"

type Body = {
  ean?: string
  specifications: Array<{ key: string; value: string }>
  variations?: Array<{ sku: string; ean?: string; specifications: Array<{ key: string; value: string }> }>
}

type Product = SourceProduct & { variants: Array<SourceVariant & { id: string; sku: string | null }> }

/** Adds to `body` what `category`'s attributes take from `product`, reporting each one it cannot fill (`reported`: a field already named, such as a wrong EAN). */
export function categoryAttributes(
  body: Body,
  product: Product,
  category: MappedHubCategory,
  mapping: HubFieldMapping,
  report: (field: string, text: string) => void,
  reported: (field: string) => boolean
): void {
  const configurable = product.variants.length > 1 && body.variations !== undefined
  const variationOf = (variant: Product["variants"][number]) => body.variations?.find((variation) => variation.sku === variant.sku)
  const at = (variant: Product["variants"][number]) => `variations[${variant.sku?.trim() || variant.id}]`

  if (category.ean_required) {
    const asks = `the hub category ${category.name} requires an EAN: give the variant its EAN (or barcode)`
    if (!configurable) {
      if (!body.ean && !reported("ean")) report("ean", asks)
    } else {
      for (const variant of product.variants) if (!variationOf(variant)?.ean && !reported(`${at(variant)}.ean`)) report(`${at(variant)}.ean`, asks)
    }
  }

  for (const attribute of category.attributes) {
    const source = mapping.attributes.find((entry) => entry.hub_category_id === category.id && entry.name_id === attribute.name_id)?.source
    if (!source) {
      if (attribute.required) report(`attributes.${attribute.name}`, `the hub category ${category.name} requires ${attribute.name}: choose where Medusa keeps it (Settings → Marketplace hub, Mapping)`)
      continue
    }
    const check = (field: string, value: string | undefined): string | undefined => {
      if (!value) {
        if (attribute.required) report(field, `the hub category ${category.name} requires ${attribute.name}, read from ${sourceLabel(source)}: set it`)
        return undefined
      }
      if (attribute.values.length && !attribute.values.includes(value)) {
        report(field, `${attribute.name} "${value}" (from ${sourceLabel(source)}) is not one the hub category ${category.name} takes: one of ${attribute.values.slice(0, 10).join(", ")}`)
        return undefined
      }
      return value
    }
    if (attribute.variant && configurable) {
      for (const variant of product.variants) {
        const value = check(`${at(variant)}.${attribute.name}`, sourceValue(source, product, variant))
        const variation = variationOf(variant)
        if (value && variation) put(variation.specifications, attribute.name, value)
      }
    } else {
      const value = check(`attributes.${attribute.name}`, sourceValue(source, product, product.variants.length === 1 ? product.variants[0] : undefined))
      if (value) put(body.specifications, attribute.name, value)
    }
  }
}

/** A specification under `key`, once: the attribute's value over one sent under the same key. */
function put(specifications: Array<{ key: string; value: string }>, key: string, value: string) {
  const known = specifications.find((specification) => specification.key === key)
  if (known) known.value = value
  else specifications.push({ key, value })
}
