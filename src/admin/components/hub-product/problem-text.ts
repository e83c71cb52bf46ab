import type { HubProductPublicationView } from "../../../api/admin/hub/types"

/*
 * A publication problem in the merchant's words (src/admin/i18n/product, "problems"), apart from
 * React so src/__tests__/admin-problem-text.unit.spec.ts reads each field against both languages.
 */

type Problem = HubProductPublicationView["problems"][number]

/** The product part's `t`: useHubTranslation("product") (so the admin's i18n test scans this file's keys as the product's). */
export type Translate = (key: string, values?: Record<string, unknown>) => string

/** `variations[SKU].price` -> the SKU and `price`; a product's own field has no SKU. */
const VARIATION_FIELD = /^variations\[(.+?)\]\.(.+)$/

const MEASURES = ["weight", "height", "width", "length"]

/** Where the problem is read: on a product (its card, the hub page's lists), or in the mapping's drawer, which fixes a category's attributes itself. */
export type ProblemPlace = "product" | "mapping"

/**
 * A problem in the admin's language, from its field (the mapping's stable key, src/mapping/hub-product-publication.ts);
 * the mapping's English message for a field this list does not know.
 */
export function problemText(t: Translate, { field, message }: Problem, place: ProblemPlace = "product"): string {
  const match = VARIATION_FIELD.exec(field)
  const base = match ? match[2] : field
  const text = baseProblemText(t, base, message, !!match, place)
  if (!text) return message
  return match ? t("problems.onVariant", { sku: match[1], text }) : text
}

/** A SKU's causes, told apart by the mapping's English message (src/mapping/hub-product-publication.ts, push-hub-product.ts). */
function skuProblemText(t: Translate, message: string): string {
  const taken = /sku: (.+?) is the hub product of another product of this store, (.+?): give/.exec(message)
  if (taken) return t("problems.skuTaken", { sku: taken[1], other: taken[2] })
  const spaced = /the SKU "(.*)" has spaces around it/.exec(message)
  if (spaced) return t("problems.skuSpaces", { sku: spaced[1] })
  const unnamable = /the hub SKU "(.*)" cannot name a hub product/.exec(message)
  if (unnamable) return t("problems.skuUnnamable", { sku: unnamable[1] })
  return t("problems.sku")
}

/**
 * What a product's hub category asks for (src/mapping/hub-category-attributes.ts), told apart by the
 * mapping's English message, with the source it names (src/mapping/hub-field-mapping.ts, `sourceLabel`).
 */
function categoryProblemText(t: Translate, message: string, place: ProblemPlace): string | undefined {
  const ean = /the hub category (.+?) requires an EAN:/.exec(message)
  if (ean) return t("problems.category.eanRequired", { category: ean[1] })
  const unmapped = /the hub category (.+?) requires (.+?): choose where Medusa keeps it/.exec(message)
  if (unmapped) return t(place === "mapping" ? "problems.category.unmappedHere" : "problems.category.unmapped", { category: unmapped[1], attribute: unmapped[2] })
  const empty = /the hub category (.+?) requires (.+?), read from (.+?): set it$/.exec(message)
  if (empty) return t("problems.category.empty", { category: empty[1], attribute: empty[2], source: sourceText(t, empty[3]) })
  const unlisted = /^(?:[^:]+: )?(.+?) "(.*)" \(from .+?\) is not one the hub category (.+?) takes: one of (.+)$/.exec(message)
  if (unlisted) return t("problems.category.unlisted", { attribute: unlisted[1], value: unlisted[2], category: unlisted[3], values: unlisted[4] })
  return undefined
}

/** A source as the mapping's message names it ("the option Size"), in the admin's language. */
function sourceText(t: Translate, label: string): string {
  const metadata = /^the metadata "(.*)"$/.exec(label)
  if (metadata) return t("problems.source.metadata", { key: metadata[1] })
  const option = /^the option (.+)$/.exec(label)
  if (option) return t("problems.source.option", { title: option[1] })
  if (label === "the product type") return t("problems.source.type")
  if (label === "the collection") return t("problems.source.collection")
  const field = /^the (\w+)$/.exec(label)
  if (field) return t("problems.source.field", { field: field[1] })
  return t("problems.source.fixed", { value: label.replace(/^"|"$/g, "") })
}

/** An EAN or NCM: Medusa's own code (the variant's, the HS code), or the one a mapped source gave ("the metadata "gtin" ..."). */
function codeProblemText(t: Translate, base: "ean" | "nbm", message: string): string {
  const mapped = /^(?:[^:]+: )?(the metadata ".*?"|the option .+?|the product type|the collection|"[^"]*") /.exec(message)
  return mapped ? t(`problems.${base}From`, { source: sourceText(t, mapped[1]) }) : t(`problems.${base}`)
}

function baseProblemText(t: Translate, base: string, message: string, onVariant: boolean, place: ProblemPlace): string | undefined {
  if (/the hub category /.test(message)) {
    const text = categoryProblemText(t, message, place)
    if (text) return text
  }
  // Two causes share a field: the English message tells them apart.
  if (base === "name") return /shorten/.test(message) ? t("problems.nameTooLong", { max: /at most (\d+)/.exec(message)?.[1] ?? "" }) : t("problems.name")
  if (MEASURES.includes(base)) return /above 0/.test(message) ? t(`problems.measures.${base}.notPositive`) : t(`problems.measures.${base}.missing`)
  switch (base) {
    case "description":
      return t("problems.description")
    case "images":
      return t("problems.images")
    case "sku":
      return skuProblemText(t, message)
    case "price":
      return t("problems.price")
    case "promotional_price":
      return t("problems.promotional_price")
    case "ean":
    case "nbm":
      return codeProblemText(t, base, message)
    case "variation_attributes":
      return t("problems.variation_attributes")
  }
  // Any other field of a variation is one of the product's options (its title, as the merchant named it).
  return onVariant ? t("problems.option", { option: base }) : undefined
}
