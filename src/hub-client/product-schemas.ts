import { z } from "zod"

/*
 * The catalogue's requests and the product as read back one at a time, as zod schemas
 * (docs/hub-public-facts.md, Products and Creating products). Apart from schemas.ts so that the
 * order and status shapes and the product ones each stay readable.
 *
 * Requests are checked for shape only (types, ranges, formats the record is sure of). Rules that
 * weigh one field against another (a promotional price below the price, each variation carrying
 * every attribute, SKUs unique, a check digit) are the hub's to decide: its refusal comes back as a
 * HubRefusedError in its own words. Lengths the record is unsure of (name, description) are not
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

/**
 * Why `sku` cannot be the `{sku}` of `/products/{sku}` or `/variations/{sku}` (undefined when it can):
 * the client refuses such a path before sending, and a product or variation created with such a SKU
 * could never be read or changed afterwards.
 */
export function skuPathProblem(sku: unknown): string | undefined {
  const cannot = "cannot name a hub product in a URL"
  if (typeof sku !== "string") return `${cannot}: it is not a string`
  if (sku === "") return `${cannot}: it is empty`
  if (sku === "." || sku === "..") return `${cannot}: a path segment . or .. names the folder or its parent, not a product`
  if (sku.trim() !== sku) return `${cannot}: it has spaces around it, which no hub SKU has`
  return undefined
}

/** A SKU a product or variation is created with (trimmed, as every text sent). */
const sku = text("sku").superRefine((value, ctx) => {
  const problem = skuPathProblem(value)
  if (problem) ctx.addIssue({ code: "custom", message: `${JSON.stringify(value)} ${problem}` })
})

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
export const hubVariationInputSchema = z.strictObject({ sku, ...variationFields })
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
  sku,
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
 * A product read back one at a time (`GET /products/{sku}`, a create's or a new variation's answer).
 * Only what the plugin reads of it is required: its `sku`, and the `sku` of each variation it lists
 * (publishing a product the hub already holds links it and adds the variations it lacks,
 * modules/hub/catalogue-push/push-hub-product.ts; nothing else of the answer is read). Every other field
 * passes as the hub sent it, unchecked: a field the plugin never reads, missing or of a shape not
 * foreseen (no `qty`, a null `name`, images as objects), must not turn a product the hub holds into a
 * failure. The stock a reconciliation compares comes from the listing, typed there (schemas.ts).
 */
const heldSku = z.string("sku must be a string").min(1, "sku must not be empty")

export const hubProductDetailSchema = z.looseObject(
  {
    sku: heldSku,
    variations: z.array(z.looseObject({ sku: heldSku }, "each variation must be an object naming its sku"), "variations must be a list").nullable().optional(),
  },
  "expected a product: an object naming its sku"
)
export type HubProductDetail = z.infer<typeof hubProductDetailSchema>

/**
 * The product as it comes, bare or wrapped as `{ product }`. A body holding a `product` key is the
 * wrapped form whatever else it holds, and its `product` must be the product: a 200 of
 * `{"product": null}` (or of `null`) does not say which product the hub holds. It fails here, so the
 * client throws HubInvalidResponseError ("the hub answered, not in a shape this client understands"),
 * never null: null means absent, and absent is the hub's 404 alone (`absentOn404`). Read as absent,
 * such an answer would have the product created again (a second `POST /products` of one that may well
 * be there); an invalid answer is a failed read, retried later, and takes nothing as known.
 */
export const hubProductDetailResponseSchema = z.unknown().transform((body, ctx): HubProductDetail => {
  const wrapped = typeof body === "object" && body !== null && !Array.isArray(body) && "product" in body
  const parsed = hubProductDetailSchema.safeParse(wrapped ? (body as { product: unknown }).product : body)
  if (parsed.success) return parsed.data
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: "custom", message: issue.message, path: wrapped ? ["product", ...issue.path] : issue.path })
  }
  return z.NEVER
})
