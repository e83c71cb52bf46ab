/** What the admin shows of a sync error (the order card, the product card, the hub page's list). */
export const MARKETPLACE_REFUSAL_FIELDS = ["id", "entity_id", "error_category_code", "error_code", "message", "name", "solution", "occurrences", "last_occurrence", "seen_at"] as const

/** What a marketplace refused of a product (its SKU) or an order (its code) after the hub took it, in the hub's words, as the routes answer it. */
export type HubMarketplaceRefusal = {
  id: string
  entity_id: string
  error_category_code: string
  error_code: string
  message: string | null
  name: string | null
  solution: string | null
  occurrences: number | null
  last_occurrence: string | null
  seen_at: string
}

type RefusalRow = { [K in (typeof MARKETPLACE_REFUSAL_FIELDS)[number]]: K extends "seen_at" ? Date : HubMarketplaceRefusal[K] }

/** A sync error as its JSON answer carries it. */
export function marketplaceRefusalView(row: RefusalRow): HubMarketplaceRefusal {
  return {
    id: row.id,
    entity_id: row.entity_id,
    error_category_code: row.error_category_code,
    error_code: row.error_code,
    message: row.message,
    name: row.name,
    solution: row.solution,
    occurrences: row.occurrences,
    last_occurrence: row.last_occurrence,
    seen_at: new Date(row.seen_at).toISOString(),
  }
}
