import { z } from "zod"
import type { HubFieldMappingAnswer, HubFieldMappingBody, MappedHubCategory, ValueSource } from "../../../api/admin/hub/types"

type HubFieldMapping = HubFieldMappingAnswer["mapping"]

/*
 * The mapping drawer's form: each source as the merchant picks it (a kind, and the text the kind
 * needs: a metadata key, an option's title, a field's name or a fixed value), checked here for what
 * a field can hold, then turned into the mapping the server validates again (src/mapping/hub-field-mapping.ts;
 * its 400 names a field this form let through).
 */

/** Where a value is read in Medusa; `none` is the field's default (brand: none sent; EAN: Medusa's codes; NCM: the HS code; an attribute: not mapped). */
export const SOURCE_KINDS = ["metadata", "type", "collection", "option", "field", "fixed"] as const
/** The variant fields (else the product's, for those a product has too) a `field` source may name. */
export const SOURCE_FIELDS = ["ean", "upc", "barcode", "hs_code", "material", "origin_country", "sku", "title"] as const
type SourceField = (typeof SOURCE_FIELDS)[number]

/** The kinds whose source needs a text, and the error when it is missing. */
const NEEDS_TEXT: Partial<Record<SourceForm["kind"], string>> = { metadata: "keyRule", option: "titleRule", fixed: "valueRule" }

const sourceFormSchema = z
  .object({ kind: z.enum(["none", ...SOURCE_KINDS]), arg: z.string().trim().max(200, "longRule") })
  .superRefine((source, context) => {
    const missing = NEEDS_TEXT[source.kind]
    if (missing && !source.arg) context.addIssue({ code: "custom", path: ["arg"], message: missing })
    if (source.kind === "field" && !(SOURCE_FIELDS as readonly string[]).includes(source.arg)) context.addIssue({ code: "custom", path: ["arg"], message: "fieldRule" })
  })
export type SourceForm = z.infer<typeof sourceFormSchema>

export const mappingFormSchema = z
  .object({
    brand: sourceFormSchema,
    ean: sourceFormSchema,
    ncm: sourceFormSchema,
    specifications: z.array(z.object({ key: z.string().trim().min(1, "specKeyRule").max(200, "longRule"), source: sourceFormSchema })).max(100, "specificationsRule"),
    categories: z.array(z.object({ category_id: z.string().min(1, "categoryRule"), hub_category: z.custom<MappedHubCategory>().nullable() })),
    attributes: z.array(z.object({ hub_category_id: z.string(), name_id: z.string(), source: sourceFormSchema })),
  })
  .superRefine((form, context) => {
    const keys = new Set<string>()
    form.specifications.forEach((specification, index) => {
      if (specification.source.kind === "none") context.addIssue({ code: "custom", path: ["specifications", index, "source", "kind"], message: "sourceRule" })
      if (keys.has(specification.key)) context.addIssue({ code: "custom", path: ["specifications", index, "key"], message: "specKeyTwiceRule" })
      keys.add(specification.key)
    })
    const categories = new Set<string>()
    form.categories.forEach((row, index) => {
      if (row.category_id && categories.has(row.category_id)) context.addIssue({ code: "custom", path: ["categories", index, "category_id"], message: "categoryTwiceRule" })
      categories.add(row.category_id)
      if (!row.hub_category) context.addIssue({ code: "custom", path: ["categories", index, "hub_category"], message: "hubCategoryRule" })
    })
  })
export type MappingForm = z.infer<typeof mappingFormSchema>

const NONE: SourceForm = { kind: "none", arg: "" }

function formOfSource(source: ValueSource | null | undefined): SourceForm {
  if (!source) return NONE
  switch (source.kind) {
    case "metadata":
      return { kind: "metadata", arg: source.key }
    case "option":
      return { kind: "option", arg: source.title }
    case "field":
      return { kind: "field", arg: source.field }
    case "fixed":
      return { kind: "fixed", arg: source.value }
    default:
      return { kind: source.kind, arg: "" }
  }
}

/** A source picked, as the mapping keeps it; `none`: null (the field's default). */
export function sourceOfForm(source: SourceForm): ValueSource | null {
  const arg = source.arg.trim()
  switch (source.kind) {
    case "none":
      return null
    case "metadata":
      return { kind: "metadata", key: arg }
    case "option":
      return { kind: "option", title: arg }
    case "field":
      return { kind: "field", field: arg as SourceField }
    case "fixed":
      return { kind: "fixed", value: arg }
    default:
      return { kind: source.kind }
  }
}

/** The distinct hub categories the rows map to, in the rows' order. */
export function mappedHubCategories(rows: ReadonlyArray<{ hub_category: MappedHubCategory | null }>): MappedHubCategory[] {
  const seen = new Map<string, MappedHubCategory>()
  for (const row of rows) if (row.hub_category && !seen.has(row.hub_category.id)) seen.set(row.hub_category.id, row.hub_category)
  return [...seen.values()]
}

/** The attribute rows `category` needs that the form does not hold yet (each not mapped). */
export function missingAttributes(current: MappingForm["attributes"], category: MappedHubCategory): MappingForm["attributes"] {
  return category.attributes
    .filter((attribute) => !current.some((entry) => entry.hub_category_id === category.id && entry.name_id === attribute.name_id))
    .map((attribute) => ({ hub_category_id: category.id, name_id: attribute.name_id, source: NONE }))
}

export function formOfMapping(mapping: HubFieldMapping): MappingForm {
  const attributes = mappedHubCategories(mapping.categories).flatMap((category) =>
    category.attributes.map((attribute) => ({
      hub_category_id: category.id,
      name_id: attribute.name_id,
      source: formOfSource(mapping.attributes.find((entry) => entry.hub_category_id === category.id && entry.name_id === attribute.name_id)?.source),
    }))
  )
  return {
    brand: formOfSource(mapping.brand),
    ean: formOfSource(mapping.ean),
    ncm: formOfSource(mapping.ncm),
    specifications: mapping.specifications.map((specification) => ({ key: specification.key, source: formOfSource(specification.source) })),
    categories: mapping.categories.map((row) => ({ category_id: row.category_id, hub_category: row.hub_category })),
    attributes,
  }
}

/** The whole mapping the form says: an attribute's source kept only while its hub category is mapped and it is mapped. */
export function mappingOfForm(form: MappingForm): HubFieldMappingBody {
  const categories = form.categories.filter((row) => row.hub_category).map((row) => ({ category_id: row.category_id, hub_category: row.hub_category! }))
  const hubCategories = mappedHubCategories(categories)
  const attributes = form.attributes.filter(
    (entry, index) =>
      entry.source.kind !== "none" &&
      hubCategories.some((category) => category.id === entry.hub_category_id && category.attributes.some((attribute) => attribute.name_id === entry.name_id)) &&
      form.attributes.findIndex((other) => other.hub_category_id === entry.hub_category_id && other.name_id === entry.name_id) === index
  )
  return {
    brand: sourceOfForm(form.brand),
    ean: sourceOfForm(form.ean),
    ncm: sourceOfForm(form.ncm),
    specifications: form.specifications.map((specification) => ({ key: specification.key.trim(), source: sourceOfForm(specification.source)! })),
    categories,
    attributes: attributes.map((entry) => ({ hub_category_id: entry.hub_category_id, name_id: entry.name_id, source: sourceOfForm(entry.source)! })),
  }
}
