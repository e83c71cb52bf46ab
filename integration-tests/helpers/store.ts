// The store fixture is the demo's seed too (`npm run demo`); one copy, in src/scripts.
export { seedStore, type SeedProduct } from "../../src/scripts/seed-store"

/**
 * Sets an inventory item's stock straight in PostgreSQL, without Medusa's events, as a script or an
 * ERP might: only an outbox row a test records then says the SKU changed.
 */
export async function setStockQuietly(
  db: { raw: (sql: string, bindings: unknown[]) => Promise<unknown> },
  inventoryItemId: string,
  stocked: number,
  /** Only the level at this location (every level of the item when none is named). */
  locationId?: string
): Promise<void> {
  await db.raw(
    `update inventory_level set stocked_quantity = ?, raw_stocked_quantity = ?::jsonb where inventory_item_id = ? and deleted_at is null${locationId ? " and location_id = ?" : ""}`,
    [stocked, JSON.stringify({ value: String(stocked), precision: 20 }), inventoryItemId, ...(locationId ? [locationId] : [])]
  )
}
