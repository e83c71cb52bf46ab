import type { MarketplaceRefusalRow } from "../../../../modules/hub/types"

/** What a marketplace refused of a product (its SKU) or an order (its code) after the hub took it, in the hub's words, as the routes answer it. */
export type HubMarketplaceRefusal = Omit<MarketplaceRefusalRow, "seen_at"> & { seen_at: string }

/** A sync error as its JSON answer carries it. */
export function marketplaceRefusalView(row: MarketplaceRefusalRow): HubMarketplaceRefusal {
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
