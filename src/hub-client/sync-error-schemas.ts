/*
 * What a marketplace refused after the hub took it (docs/hub-public-facts.md, Sync errors): a product
 * the hub answered 201 for can be refused by the marketplace's review later (no EAN, an invalid one, an
 * empty name), and the hub lists it under `GET /sync_errors/products`; orders the same under
 * `/sync_errors/orders`. The record gives the entries' keys but not the listing's envelope or its paging,
 * so the schemas take the entries under any of the envelopes seen in such APIs, or a bare array, and the
 * walk pages with the hub's own `page`/`per_page` (docs/hub-interface.md §4.1), ending on a short page or
 * a page it has read already (a hub that ignores paging answers the whole list every time).
 * The hub's words; the requests are sync-errors.ts's.
 */
import { z } from "zod"

/** What a sync error is about: a product (its SKU) or an order (its code). */
export const SYNC_ERROR_ENTITIES = ["products", "orders"] as const
export type SyncErrorEntity = (typeof SYNC_ERROR_ENTITIES)[number]

const text = z.union([z.string(), z.number()]).transform(String)

const syncErrorSchema = z.object({
  entity_id: text.pipe(z.string().trim().min(1, "entity_id is empty")),
  error_code: text.pipe(z.string().min(1, "error_code is empty")),
  error_category_code: text.pipe(z.string().min(1, "error_category_code is empty")),
  message: z.string().nullish().catch(null).transform((value) => value ?? null),
  /** "last_accurence" (sic) in the record; either spelling is read. */
  last_accurence: z.string().nullish().catch(null),
  last_occurrence: z.string().nullish().catch(null),
  error_qty: z.coerce.number().int().nonnegative().nullish().catch(null),
})

/** One thing the marketplace refuses, as the plugin keeps it. */
export type HubSyncError = {
  entityId: string
  errorCode: string
  errorCategoryCode: string
  message: string | null
  lastOccurrence: string | null
  occurrences: number | null
}

/** A listing's entries, wherever the answer keeps them; each checked alone (`invalid`: those that do not fit, set aside). */
export const syncErrorListingSchema = z
  .union([
    z.array(z.unknown()),
    z.object({ sync_errors: z.array(z.unknown()) }).transform((body) => body.sync_errors),
    z.object({ errors: z.array(z.unknown()) }).transform((body) => body.errors),
    z.object({ products: z.array(z.unknown()) }).transform((body) => body.products),
    z.object({ orders: z.array(z.unknown()) }).transform((body) => body.orders),
  ], "the sync errors listing must be a list, or hold one under sync_errors, errors, products or orders")
  .transform((entries) => {
    const errors: HubSyncError[] = []
    const invalid: string[] = []
    for (const entry of entries) {
      const parsed = syncErrorSchema.safeParse(entry)
      if (!parsed.success) {
        invalid.push(parsed.error.issues.map((issue) => `${issue.path.join(".") || "entry"}: ${issue.message}`).join("; "))
        continue
      }
      const { entity_id, error_code, error_category_code, message, last_accurence, last_occurrence, error_qty } = parsed.data
      errors.push({ entityId: entity_id, errorCode: error_code, errorCategoryCode: error_category_code, message, lastOccurrence: last_occurrence ?? last_accurence ?? null, occurrences: error_qty ?? null })
    }
    return { errors, invalid }
  })

/** The hub's words for each error: its name and what fixes it (`GET /sync_errors/categories`). */
export const syncErrorCategoriesSchema = z
  .union([z.array(z.unknown()), z.object({ categories: z.array(z.unknown()) }).transform((body) => body.categories)])
  .transform((entries) =>
    entries.flatMap((entry) => {
      const parsed = z
        .object({
          code: text,
          entity_type: z.string().nullish().catch(null),
          error_types: z.array(z.object({ code: text, name: z.string().nullish().catch(null), solution: z.string().nullish().catch(null) }).passthrough()).catch([]),
        })
        .safeParse(entry)
      return parsed.success ? [parsed.data] : []
    })
  )

/** The hub's words for one error: `name` and `solution`, by category and error code. */
export type SyncErrorWords = { name: string | null; solution: string | null }

/** `${category}/${code}` -> the hub's words for it. */
export type SyncErrorGlossary = Map<string, SyncErrorWords>
export const glossaryKey = (categoryCode: string, errorCode: string) => `${categoryCode}/${errorCode}`

/** Pages a walk reads at most: 100,000 errors at 100 a page. */
export const SYNC_ERROR_MAX_PAGES = 1000
