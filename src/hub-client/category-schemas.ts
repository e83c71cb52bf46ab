/*
 * The marketplace's categories and what each asks of a product (docs/hub-public-facts.md, Categories and
 * attributes): served by a newer service beside the hub, at its own address (`categoryServiceUrl`), paged
 * with `limit` (at most 10) and `offset`: `{"total", "values": [{"id", "eanRequired", "categoryData":
 * {"id", "name", ...}, "attributes": [{"name", "nameId", "value", "valueId", "required", "variant", ...}]}]}`.
 * An attribute with listed values comes once per value (same `nameId`, another `value`): they are grouped
 * into one attribute with its `values`. Ids may come as numbers: they are kept as strings. Each entry is
 * checked alone, so one that does not fit is set aside with its reason (`invalid`), never failing the page.
 * The hub's words; the requests are categories.ts's.
 */
import { z } from "zod"
import { describeIssues } from "./errors"

/** An attribute of a marketplace category, as the plugin names it. */
export type HubCategoryAttribute = {
  nameId: string
  name: string
  required: boolean
  /** Told per variation (a size), not per product. */
  variant: boolean
  /** The values the marketplace takes; empty: free text. */
  values: string[]
}

/** A category of the marketplace, with the attributes it asks for. */
export type HubMarketplaceCategory = { id: string; name: string; eanRequired: boolean; attributes: HubCategoryAttribute[] }

/** One page: the service's count of every category, the entries that fit, and why the others did not. */
export type HubCategoryPage = { total: number; categories: HubMarketplaceCategory[]; invalid: string[] }

/** The whole list as `all` read it; `complete` false when it stopped before the end (`maxPages`, a service ignoring `offset`). */
export type HubCategoryList = HubCategoryPage & { complete: boolean }

/** The most a page holds (the service's `limit` at most). */
export const CATEGORY_PAGE_LIMIT = 10

/** Pages `all` reads at most unless told: 10,000 categories. */
export const CATEGORY_MAX_PAGES = 1000

const id = z.union([z.string().trim().min(1, "is empty"), z.number().int()], "must be a string or a whole number").transform(String)
const name = z.string().trim().min(1, "is empty")
/** The record names these flags but is unsure of the model (2025): absent or null reads as false; anything but a boolean does not fit. */
const flag = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false)

const attributeSchema = z.object({
  name,
  nameId: id,
  /** One allowed value; none (or empty) on a free-text attribute. */
  value: z.union([z.string(), z.number()]).transform((value) => String(value).trim()).nullish(),
  valueId: id.nullish(),
  required: flag,
  variant: flag,
})

const categorySchema = z
  .object({
    id,
    eanRequired: flag,
    categoryData: z.object({ id: id.nullish(), name }),
    attributes: z.array(attributeSchema).nullish(),
  })
  .transform(({ id, eanRequired, categoryData, attributes }): HubMarketplaceCategory => {
    const byNameId = new Map<string, HubCategoryAttribute>()
    for (const entry of attributes ?? []) {
      const attribute = byNameId.get(entry.nameId) ?? { nameId: entry.nameId, name: entry.name, required: false, variant: false, values: [] }
      // Entries of one attribute that disagree: required if any says so, so nothing the marketplace asks is missed.
      attribute.required ||= entry.required
      attribute.variant ||= entry.variant
      if (entry.value && !attribute.values.includes(entry.value)) attribute.values.push(entry.value)
      byNameId.set(entry.nameId, attribute)
    }
    return { id, name: categoryData.name, eanRequired, attributes: [...byNameId.values()] }
  })

/** How an entry set aside is named: its id when it has one that reads, else its place in the page. */
const entryName = (entry: unknown, index: number): string => {
  const given = entry && typeof entry === "object" && "id" in entry ? entry.id : undefined
  return typeof given === "string" || typeof given === "number" ? `category ${String(given).slice(0, 40)}` : `values.${index}`
}

/** A page as the service sends it, read as the plugin names it (see above). */
export const categoryPageSchema = z
  .object({
    total: z.union([z.number(), z.string().regex(/^\d+$/, "must be a whole number").transform(Number)]).pipe(z.number().int().nonnegative("must be a whole number")),
    values: z.array(z.unknown(), "must be the list of categories"),
  })
  .transform(({ total, values }): HubCategoryPage => {
    const categories: HubMarketplaceCategory[] = []
    const invalid: string[] = []
    values.forEach((entry, index) => {
      const parsed = categorySchema.safeParse(entry)
      if (parsed.success) categories.push(parsed.data)
      else invalid.push(`${entryName(entry, index)}: ${describeIssues(parsed.error.issues)}`)
    })
    return { total, categories, invalid }
  })
