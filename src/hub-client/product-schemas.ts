import { z } from "zod"

/*
 * The catalogue's requests and the product as read back one at a time, as zod schemas
 * (docs/hub-public-facts.md, Products and Creating products). Apart from schemas.ts so that the
 * order and status shapes and the product ones each stay readable.
 *
 * Requests are checked for shape only (types, ranges, formats the record is sure of). Rules that
 * weigh one field against another (a promotional price below the price, each variation carrying
 * every attribute, SKUs unique, a check digit) are the hub's to decide: its refusal comes back as a
 * HubRejectedError in its own words. Lengths the record is unsure of (name, description) are not
 * checked here either.
 */

/** Cents compared with a tolerance: 19.99 * 100 is 1998.9999999999998 in floating point. */
const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6

/** An amount in the hub's decimal form: at most two decimals, never negative. */
const hubAmount = (field: string) =>
  z
    .number(`${field} must be a number`)
    .finite(`${field} must be a finite number`)
    .nonnegative(`${field} is never below zero`)
    .refine(hasAtMostTwoDecimals, `${field} must have at most two decimals`)

/** A price the product is sold at: above zero. */
const hubPrice = (field: string) => hubAmount(field).refine((value) => value > 0, `${field} must be above zero`)

/** Weight in kg, the others in cm (docs/hub-public-facts.md, Creating products). */
const measure = (field: string) => z.number(`${field} must be a number`).finite(`${field} must be a finite number`).positive(`${field} must be above zero`)

const text = (field: string) => z.string(`${field} must be a string`).trim().min(1, `${field} must not be empty`)

/** EAN-8, UPC-A (12), EAN-13 or GTIN-14; the hub checks the check digit. */
const ean = z.string("ean must be a string").regex(/^(\d{8}|\d{12,14})$/, "ean must be 8, 12, 13 or 14 digits")

/** The 8-digit Mercosur tariff code. */
const nbm = z.string("nbm must be a string").regex(/^\d{8}$/, "nbm must be the 8 digits of the Mercosur tariff code")

/** Marketplaces fetch them: https only (docs/hub-public-facts.md, Creating products). */
const images = z.array(z.url({ protocol: /^https$/, error: "each image must be an https URL" }), "images must be a list of URLs")

const specifications = z.array(
  z.strictObject({ key: text("specifications.key"), value: z.string("specifications.value must be a string") }),
  "specifications must be a list of {key, value}"
)

const categories = z
  .array(z.strictObject({ code: text("categories.code"), name: text("categories.name") }), "categories must be a list of {code, name}")
  .max(10, "categories may hold at most 10 entries")

const variationAttributes = z.array(text("variation_attributes"), "variation_attributes must be a list of specification keys")

const status = z.enum(["enabled", "disabled"], "status must be enabled or disabled")
const qty = z.number("qty must be a number").int("qty must be a whole number").nonnegative("qty is available stock and never below zero")

/** The fields a variation may carry; price and measures missing on it are taken from its product (2025 model). */
const variationFields = {
  qty,
  status: status.optional(),
  ean: ean.optional(),
  images: images.optional(),
  specifications: specifications.optional(),
  price: hubAmount("price").optional(),
  promotional_price: hubAmount("promotional_price").nullable().optional(),
  weight: measure("weight").optional(),
  height: measure("height").optional(),
  width: measure("width").optional(),
  length: measure("length").optional(),
}

/** One variation of a configurable product, in `POST /products` or `POST /products/{sku}/variations`. */
export const hubVariationInputSchema = z.strictObject({ sku: text("sku"), ...variationFields })
export type HubVariationInput = z.infer<typeof hubVariationInputSchema>

/** The product's own fields besides its SKU and stock: what a create carries and a PUT may change. */
const productFields = {
  name: text("name"),
  description: text("description"),
  status,
  price: hubAmount("price"),
  promotional_price: hubAmount("promotional_price").nullable(),
  cost: hubAmount("cost"),
  weight: measure("weight"),
  height: measure("height"),
  width: measure("width"),
  length: measure("length"),
  brand: text("brand"),
  ean,
  nbm,
  images,
  categories,
  specifications,
  variation_attributes: variationAttributes,
}

/**
 * `POST /products` (`{"product": {...}}`). `sku`, `name`, `description` and `price` are required;
 * `status` left out is the hub's default (disabled); `qty` left out is 0.
 */
export const hubProductInputSchema = z.strictObject({
  sku: text("sku"),
  qty: qty.optional(),
  ...productFields,
  price: hubPrice("price"),
  status: status.optional(),
  promotional_price: productFields.promotional_price.optional(),
  cost: productFields.cost.optional(),
  weight: productFields.weight.optional(),
  height: productFields.height.optional(),
  width: productFields.width.optional(),
  length: productFields.length.optional(),
  brand: productFields.brand.optional(),
  ean: productFields.ean.optional(),
  nbm: productFields.nbm.optional(),
  images: productFields.images.optional(),
  categories: productFields.categories.optional(),
  specifications: productFields.specifications.optional(),
  variation_attributes: productFields.variation_attributes.optional(),
  variations: z.array(hubVariationInputSchema, "variations must be a list").optional(),
})
export type HubProductInput = z.infer<typeof hubProductInputSchema>

const atLeastOneField = (update: object) => Object.keys(update).length > 0

/**
 * `PUT /products/{sku}`: partial; only the fields given are sent (docs/hub-interface.md §4 rule 2).
 * A null or zero `promotional_price` clears a sale (the `promotionalPriceClearedAs` option says
 * which a hub takes). Variations are added with `POST /products/{sku}/variations` and changed with
 * `PUT /variations/{sku}`, never through their product.
 */
export const productUpdateSchema = z
  .strictObject({
    qty: qty.optional(),
    ...Object.fromEntries(Object.entries(productFields).map(([key, schema]) => [key, schema.optional()])) as {
      [K in keyof typeof productFields]: z.ZodOptional<(typeof productFields)[K]>
    },
  })
  .refine(atLeastOneField, "a product update needs at least one field")
export type ProductUpdate = z.infer<typeof productUpdateSchema>

/** `PUT /variations/{sku}`: partial, the fields a variation carries. */
export const variationUpdateSchema = z
  .strictObject(variationFields)
  .partial()
  .refine(atLeastOneField, "a variation update needs at least one field")
export type VariationUpdate = z.infer<typeof variationUpdateSchema>

// ---- Answers --------------------------------------------------------------------------

/*
 * A product read back one at a time (`GET /products/{sku}`, a create's answer): the fields a
 * publication compares, typed. Loose like every answer (hubs add fields), and every field but
 * `sku` optional or nullable: a hub leaves out what it does not hold. Listings keep their own
 * lighter schema (schemas.ts), so a field of a shape not foreseen here never stops a stock walk.
 */
const answerVariationFields = {
  sku: z.string().min(1),
  qty: z.number().int(),
  status: z.enum(["enabled", "disabled"]).optional(),
  ean: z.string().nullable().optional(),
  images: z.array(z.string()).nullable().optional(),
  specifications: z.array(z.looseObject({ key: z.string(), value: z.string() })).nullable().optional(),
  price: z.number().nullable().optional(),
  promotional_price: z.number().nullable().optional(),
  weight: z.number().nullable().optional(),
  height: z.number().nullable().optional(),
  width: z.number().nullable().optional(),
  length: z.number().nullable().optional(),
}

export const hubProductDetailSchema = z.looseObject({
  ...answerVariationFields,
  name: z.string().optional(),
  description: z.string().nullable().optional(),
  cost: z.number().nullable().optional(),
  brand: z.string().nullable().optional(),
  nbm: z.string().nullable().optional(),
  categories: z.array(z.looseObject({ code: z.string(), name: z.string() })).nullable().optional(),
  variation_attributes: z.array(z.string()).nullable().optional(),
  variations: z.array(z.looseObject(answerVariationFields)).optional(),
})
export type HubProductDetail = z.infer<typeof hubProductDetailSchema>

/** The product as it comes, bare or wrapped as `{ product }`. */
export const hubProductDetailResponseSchema = z
  .union([hubProductDetailSchema, z.looseObject({ product: hubProductDetailSchema })])
  .transform((body) => ("product" in body && typeof body.product === "object" ? (body.product as HubProductDetail) : (body as HubProductDetail)))
