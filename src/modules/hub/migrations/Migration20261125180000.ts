import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The outbox carries every field the hub keeps true (quantity, prices, status, the catalogue
 * fields), so its tables are named for the catalogue: `hub_stock_change` becomes
 * `hub_catalogue_change` and `hub_stock_push_hour` `hub_catalogue_push_hour`. Renamed in place, with
 * their keys and indexes, so every row (pending pushes, accepted values, refusals) is kept.
 */
const TABLES: Array<[string, string, string[]]> = [
  ["hub_stock_change", "hub_catalogue_change", ["sku_unique", "deleted_at", "state_changed_at", "variant_id", "product_id"]],
  ["hub_stock_push_hour", "hub_catalogue_push_hour", ["hour_unique", "deleted_at"]],
]

export class Migration20261125180000 extends Migration {
  override async up(): Promise<void> {
    for (const [from, to, indexes] of TABLES) this.rename(from, to, indexes)
  }

  override async down(): Promise<void> {
    for (const [from, to, indexes] of TABLES) this.rename(to, from, indexes)
  }

  private rename(from: string, to: string, indexes: string[]): void {
    this.addSql(`alter table if exists "${from}" rename to "${to}";`)
    this.addSql(`alter table if exists "${to}" rename constraint "${from}_pkey" to "${to}_pkey";`)
    for (const index of indexes) this.addSql(`alter index if exists "IDX_${from}_${index}" rename to "IDX_${to}_${index}";`)
  }
}
