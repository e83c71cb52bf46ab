import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * One word per concept (issue 60), two tables named for what they hold, renamed in place with their
 * keys and indexes, every row kept:
 * - a reconciliation compares the whole catalogue the plugin keeps true (qty, prices, status):
 *   `hub_stock_reconciliation` becomes `hub_catalogue_reconciliation`;
 * - a hub SKU is owned by one product of the store per account (a *reservation* is Medusa's stock
 *   kept for an order): `hub_sku_reservation` becomes `hub_sku_owner`.
 */
const TABLES: Array<[string, string, string[]]> = [
  ["hub_stock_reconciliation", "hub_catalogue_reconciliation", ["deleted_at"]],
  ["hub_sku_reservation", "hub_sku_owner", ["deleted_at", "account_sku_unique", "account_product_id"]],
]

export class Migration20261204020000 extends Migration {
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
