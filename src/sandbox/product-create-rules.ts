/*
 * What the sandbox hub accepts when a product is created (`POST /products`), a variation added
 * (`POST /products/{sku}/variations`), and in the catalogue fields of a partial update, written from
 * the public record (docs/hub-public-facts.md, Creating products) and not taken from the plugin's
 * client (src/hub-client/product-schemas.ts): a wrong guess in the client then shows up in tests as
 * a refusal. Every refusal is a 422 `{"error": "<field>: what is wrong"}`.
 *
 * An SKU already on the hub is a 422 as well, never a 409: the record's only refusal of a business
 * rule is 422 with `{error}` (Transport and errors), and it names no 409 anywhere.
 */
import { z } from "zod"
import { SandboxHubError } from "./errors"

/** Cents compared with a tolerance: 19.99 * 100 is 1998.9999999999998 in floating point. */
const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6

/** A price: above zero, at most two decimals. */
export const money = (field: string) =>
  z
    .number(`${field} must be a number`)
    .positive(`${field} must be above zero`)
    .refine(hasAtMostTwoDecimals, `${field} must have at most two decimals`)

/**
 * Weight (kg), height, width, length (cm): above zero. No limit on decimals: the record gives none,
 * and a weight in kg needs three for grams.
 */
const measure = (field: string) => z.number(`${field} must be a number`).finite(`${field} must be a number`).positive(`${field} must be above zero`)

const text = (field: string, max?: number) => {
  const filled = z.string(`${field} must be a string`).trim().min(1, `${field} must not be empty`)
  return max === undefined ? filled : filled.max(max, `${field} may hold at most ${max} characters`)
}

/** GS1 check digit: weights 3, 1, 3... from the digit left of the check digit. */
export function hasValidCheckDigit(code: string): boolean {
  const digits = [...code].map(Number)
  const check = digits.pop()
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0)
  return (10 - (sum % 10)) % 10 === check
}

const ean = z
  .string("ean must be a string")
  .regex(/^(\d{8}|\d{12}|\d{13}|\d{14})$/, "ean must hold 8, 12, 13 or 14 digits")
  .refine(hasValidCheckDigit, "ean has a wrong check digit")

const qty = z.number("qty must be a number").int("qty must be a whole number").nonnegative("qty must be 0 or more")
const status = z.enum(["enabled", "disabled"], "status must be enabled or disabled")
const images = z.array(z.url({ protocol: /^https$/, error: "each image must be an https URL" }), "images must be a list of URLs")
const specifications = z.array(
  z.strictObject({ key: text("key"), value: z.string("value must be a string") }),
  "specifications must be a list of {key, value}"
)

/** What a variation carries: the record's fields, and the 2025 model's own price and measures (missing ones are its product's). */
const variationFields = {
  qty,
  status: status.optional(),
  ean: ean.optional(),
  images: images.optional(),
  specifications: specifications.optional(),
  price: money("price").optional(),
  promotional_price: money("promotional_price").nullable().optional(),
  weight: measure("weight").optional(),
  height: measure("height").optional(),
  width: measure("width").optional(),
  length: measure("length").optional(),
}

export const sandboxVariationSchema = z.strictObject({ sku: text("sku"), ...variationFields })
export type SandboxVariation = z.infer<typeof sandboxVariationSchema>

/**
 * A product's catalogue fields besides its SKU, stock, status and prices (which product-rules.ts
 * already checks in updates). Lengths from the hub's own guidance, at their upper end since the
 * record is unsure of them.
 */
export const catalogueFields = {
  name: text("name", 150),
  description: text("description", 4000),
  cost: money("cost"),
  weight: measure("weight"),
  height: measure("height"),
  width: measure("width"),
  length: measure("length"),
  brand: text("brand"),
  ean,
  nbm: z.string("nbm must be a string").regex(/^\d{8}$/, "nbm must be the 8 digits of the Mercosur tariff code"),
  images,
  categories: z
    .array(z.strictObject({ code: text("code"), name: text("name") }), "categories must be a list of {code, name}")
    .max(10, "categories may hold at most 10 entries"),
  specifications,
  variation_attributes: z
    .array(text("variation_attributes"), "variation_attributes must be a list of specification keys")
    .refine((keys) => new Set(keys).size === keys.length, "variation_attributes names a key twice"),
}

/** `POST /products`: `sku`, `name`, `description` and `price` required; `status` defaults to disabled, `qty` to 0. */
export const sandboxNewProductSchema = z.strictObject({
  sku: text("sku"),
  name: catalogueFields.name,
  description: catalogueFields.description,
  price: money("price"),
  status: status.default("disabled"),
  qty: qty.default(0),
  promotional_price: money("promotional_price").nullable().optional(),
  cost: catalogueFields.cost.optional(),
  weight: catalogueFields.weight.optional(),
  height: catalogueFields.height.optional(),
  width: catalogueFields.width.optional(),
  length: catalogueFields.length.optional(),
  brand: catalogueFields.brand.optional(),
  ean: catalogueFields.ean.optional(),
  nbm: catalogueFields.nbm.optional(),
  images: catalogueFields.images.optional(),
  categories: catalogueFields.categories.optional(),
  specifications: catalogueFields.specifications.optional(),
  variation_attributes: catalogueFields.variation_attributes.optional(),
  variations: z.array(sandboxVariationSchema, "variations must be a list").optional(),
})
export type SandboxNewProduct = z.infer<typeof sandboxNewProductSchema>

export const sandboxNewProductBodySchema = z.strictObject({ product: z.unknown() })
export const sandboxNewVariationBodySchema = z.strictObject({ variation: z.unknown() })

/** `PUT /variations/{sku}` (or `/products/{sku}` naming a variation): partial. */
export const sandboxVariationUpdateSchema = z
  .strictObject(variationFields)
  .partial()
  .refine((update) => Object.keys(update).length > 0, "a variation update needs at least one field")
export type SandboxVariationUpdate = z.infer<typeof sandboxVariationUpdateSchema>

const refuse = (message: string): never => {
  throw new SandboxHubError(422, message)
}

/**
 * A configurable product's variations are told apart by `variation_attributes`: each carries every
 * one of those keys in its specifications, and no two share all their values.
 */
export function checkVariationAttributes(
  field: string,
  attributes: readonly string[] | undefined,
  variations: ReadonlyArray<{ specifications?: ReadonlyArray<{ key: string; value: string }> }>
): void {
  if (variations.length === 0) return
  if (!attributes?.length) refuse(`${field}.variation_attributes: a product with variations needs the keys that tell them apart`)
  const seen = new Map<string, number>()
  variations.forEach((variation, index) => {
    const values = new Map((variation.specifications ?? []).map(({ key, value }) => [key, value]))
    const missing = attributes!.filter((key) => !values.has(key))
    if (missing.length) refuse(`${field}.variations.${index}.specifications: misses ${missing.join(", ")} (variation_attributes)`)
    const combination = JSON.stringify(attributes!.map((key) => values.get(key)))
    const twin = seen.get(combination)
    if (twin !== undefined) {
      refuse(`${field}.variations.${index}.specifications: the same ${attributes!.join(", ")} as variations.${twin}`)
    }
    seen.set(combination, index)
  })
}

/** Each variation's SKU is its own: not its product's, not twice in the request, not already on the hub. */
export function checkVariationSkus(field: string, parentSku: string, variations: ReadonlyArray<{ sku: string }>, taken: (sku: string) => boolean): void {
  const inRequest = new Set<string>([parentSku])
  variations.forEach(({ sku }, index) => {
    if (inRequest.has(sku)) refuse(`${field}.variations.${index}.sku: ${sku} appears twice in the product`)
    if (taken(sku)) refuse(`${field}.variations.${index}.sku: ${sku} already exists on the hub`)
    inRequest.add(sku)
  })
}
