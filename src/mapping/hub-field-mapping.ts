/*
 * What fills each hub field a product's publication sends (issue 42): one hub account's mapping, as the
 * merchant sets it in the admin (src/admin/components/mapping), else as the options say (`brandFrom`,
 * `specificationKeys`: `defaultFieldMapping`). A field's source names where Medusa keeps the value; the
 * mapped hub categories carry the attributes the marketplace asks for, each filled from a source too
 * (docs/hub-public-facts.md, Categories and attributes). Pure: the schema, the defaults, and the value
 * a source gives for one product and variant.
 */
import { z } from "zod"

/** The variant fields (else the product's, for those a product has too) a source may name. */
export const SOURCE_FIELDS = ["ean", "upc", "barcode", "hs_code", "material", "origin_country", "sku", "title"] as const
export type SourceField = (typeof SOURCE_FIELDS)[number]

const name = (field: string) => z.string(`${field} must be text`).trim().min(1, `${field} must not be empty`).max(200, `${field} must be at most 200 characters`)

/** Where a value is read in Medusa. */
export const valueSourceSchema = z.discriminatedUnion(
  "kind",
  [
    /** The product's metadata under `key` (a variant's own metadata under it first). */
    z.strictObject({ kind: z.literal("metadata"), key: name("key") }),
    /** The product type's value. */
    z.strictObject({ kind: z.literal("type") }),
    /** The product collection's title. */
    z.strictObject({ kind: z.literal("collection") }),
    /** The variant's value of the product option titled `title` (such as Size). */
    z.strictObject({ kind: z.literal("option"), title: name("title") }),
    /** A field of the variant, else of the product (for `hs_code`, `material`, `origin_country`, `title`). */
    z.strictObject({ kind: z.literal("field"), field: z.enum(SOURCE_FIELDS, `field must be one of ${SOURCE_FIELDS.join(", ")}`) }),
    /** The same text for every product. */
    z.strictObject({ kind: z.literal("fixed"), value: name("value") }),
  ],
  "source.kind must be one of metadata, type, collection, option, field, fixed"
)
export type ValueSource = z.infer<typeof valueSourceSchema>

/** A hub category's attribute as the mapping keeps it (a copy of the category service's, taken when mapped). */
const hubAttributeSchema = z.strictObject({
  name_id: name("name_id"),
  name: name("name"),
  required: z.boolean().default(false),
  /** Told per variation (such as a size), not per product. */
  variant: z.boolean().default(false),
  /** The values the hub takes; empty: free text. */
  values: z.array(z.string()).max(1000).default([]),
})
export type HubAttribute = z.infer<typeof hubAttributeSchema>

const hubCategorySchema = z.strictObject({
  id: name("hub_category.id"),
  name: name("hub_category.name"),
  ean_required: z.boolean().default(false),
  attributes: z.array(hubAttributeSchema).max(500).default([]),
})
export type MappedHubCategory = z.infer<typeof hubCategorySchema>

const CATEGORY_ID = /^pcat_[0-9A-Za-z]+$/

export const hubFieldMappingSchema = z.strictObject({
  /** The hub's `brand`; null: none sent. */
  brand: valueSourceSchema.nullable().default(null),
  /** The hub's `ean`; null: the variant's `ean`, else `upc`, else `barcode` (src/mapping/hub-ean.ts). */
  ean: valueSourceSchema.nullable().default(null),
  /** The hub's `nbm` (NCM); null: `hs_code`, the variant's else the product's. */
  ncm: valueSourceSchema.nullable().default(null),
  /** The hub's specifications besides material and origin country, in this order, each key once. */
  specifications: z
    .array(z.strictObject({ key: name("specifications.key"), source: valueSourceSchema }))
    .max(100, "specifications may hold at most 100 entries")
    .refine((entries) => new Set(entries.map((entry) => entry.key)).size === entries.length, "specifications: each key once")
    .default([]),
  /** Medusa categories → the hub's (the nearest mapped category of a product is its hub category). */
  categories: z
    .array(z.strictObject({ category_id: z.string().regex(CATEGORY_ID, "categories.category_id must be a Medusa category id (pcat_...)"), hub_category: hubCategorySchema }))
    .max(5000, "categories may hold at most 5000 entries")
    .refine((entries) => new Set(entries.map((entry) => entry.category_id)).size === entries.length, "categories: one hub category per Medusa category")
    .default([]),
  /** Each hub category attribute's source. */
  attributes: z
    .array(z.strictObject({ hub_category_id: name("attributes.hub_category_id"), name_id: name("attributes.name_id"), source: valueSourceSchema }))
    .max(5000, "attributes may hold at most 5000 entries")
    .refine((entries) => new Set(entries.map((entry) => `${entry.hub_category_id}\u0000${entry.name_id}`)).size === entries.length, "attributes: one source per attribute")
    .default([]),
})
export type HubFieldMapping = z.infer<typeof hubFieldMappingSchema>

/** The mapping an account has before the merchant saves one: what the options `brandFrom` and `specificationKeys` say. */
export function defaultFieldMapping(options: { brandFrom: "metadata.brand" | "type" | "collection"; specificationKeys: readonly string[] }): HubFieldMapping {
  const brand: ValueSource = options.brandFrom === "type" ? { kind: "type" } : options.brandFrom === "collection" ? { kind: "collection" } : { kind: "metadata", key: "brand" }
  return {
    brand,
    ean: null,
    ncm: null,
    specifications: options.specificationKeys.map((key) => ({ key, source: { kind: "metadata", key } })),
    categories: [],
    attributes: [],
  }
}

// ---- Reading a source ----

/** What a source reads of a product (Medusa's field names, as src/queries/hub-product-publication.ts reads them). */
export type SourceProduct = {
  title?: string | null
  metadata?: Record<string, unknown> | null
  type?: { value: string } | null
  collection?: { title: string } | null
} & Partial<Record<"hs_code" | "material" | "origin_country", string | null>>

export type SourceVariant = {
  metadata?: Record<string, unknown> | null
  options?: Array<{ value: string; option?: { title: string } | null }>
} & Partial<Record<SourceField, string | null>>

/** The text `source` gives for the product (and one of its variants); undefined when it gives none. */
export function sourceValue(source: ValueSource, product: SourceProduct, variant?: SourceVariant): string | undefined {
  switch (source.kind) {
    case "metadata":
      return text(variant?.metadata?.[source.key]) ?? text(product.metadata?.[source.key])
    case "type":
      return text(product.type?.value)
    case "collection":
      return text(product.collection?.title)
    case "option":
      return text(variant?.options?.find((value) => value.option?.title.trim() === source.title)?.value)
    case "field": {
      const own = text(variant?.[source.field])
      const productField = source.field === "hs_code" || source.field === "material" || source.field === "origin_country" || source.field === "title" ? product[source.field] : undefined
      return own ?? text(productField)
    }
    case "fixed":
      return source.value
  }
}

/** A value as the hub takes it: text, numbers and booleans as text, empty ones none. */
function text(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim() || undefined
  if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean") return String(value)
  return undefined
}

/** A source in the merchant's words, for a problem that names it. */
export function sourceLabel(source: ValueSource): string {
  switch (source.kind) {
    case "metadata":
      return `the metadata "${source.key}"`
    case "type":
      return "the product type"
    case "collection":
      return "the collection"
    case "option":
      return `the option ${source.title}`
    case "field":
      return `the ${source.field}`
    case "fixed":
      return `"${source.value}"`
  }
}

/** The hub category of a product: its own categories' first mapped one, else its nearest mapped ancestor's. */
export function mappedHubCategory(
  categories: ReadonlyArray<{ id: string; parent_category?: { id: string; parent_category?: unknown } | null }>,
  mapping: Pick<HubFieldMapping, "categories">
): MappedHubCategory | undefined {
  if (!mapping.categories.length) return undefined
  const byId = new Map(mapping.categories.map((entry) => [entry.category_id, entry.hub_category]))
  for (let depth = 0; depth < 20; depth++) {
    for (const category of categories) {
      let at: { id: string; parent_category?: unknown } | null | undefined = category
      for (let up = 0; up < depth && at; up++) at = at.parent_category as typeof at
      const found = at && byId.get(at.id)
      if (found) return found
    }
  }
  return undefined
}
