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

/**
 * A problem in the admin's language, from its field (the mapping's stable key, src/mapping/hub-product-publication.ts);
 * the mapping's English message for a field this list does not know.
 */
export function problemText(t: Translate, { field, message }: Problem): string {
  const match = VARIATION_FIELD.exec(field)
  const base = match ? match[2] : field
  const text = baseProblemText(t, base, message, !!match)
  if (!text) return message
  return match ? t("problems.onVariant", { sku: match[1], text }) : text
}

/** A SKU's causes, told apart by the mapping's English message (src/mapping/hub-product-publication.ts, push-hub-product.ts). */
function skuProblemText(t: Translate, message: string): string {
  const held = /sku: (.+?) is the hub product of another product of this store, (.+?): give/.exec(message)
  if (held) return t("problems.skuHeld", { sku: held[1], other: held[2] })
  const spaced = /the SKU "(.*)" has spaces around it/.exec(message)
  if (spaced) return t("problems.skuSpaces", { sku: spaced[1] })
  const unnamable = /the hub SKU "(.*)" cannot name a hub product/.exec(message)
  if (unnamable) return t("problems.skuUnnamable", { sku: unnamable[1] })
  return t("problems.sku")
}

function baseProblemText(t: Translate, base: string, message: string, onVariant: boolean): string | undefined {
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
      return t("problems.ean")
    case "nbm":
      return t("problems.nbm")
    case "variation_attributes":
      return t("problems.variation_attributes")
  }
  // Any other field of a variation is one of the product's options (its title, as the merchant named it).
  return onVariant ? t("problems.option", { option: base }) : undefined
}
