import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * One word per concept (issue 60): a reconciliation compares the whole catalogue the plugin keeps
 * true (qty, prices, status), so its table is named for the catalogue: `hub_stock_reconciliation`
 * becomes `hub_catalogue_reconciliation`, renamed in place with its key and index, every row kept (a
 * reconciliation's figures, the time the next one is due from).
 */
const FROM = "hub_stock_reconciliation"
const TO = "hub_catalogue_reconciliation"

export class Migration20261204020000 extends Migration {
  override async up(): Promise<void> {
    this.rename(FROM, TO)
  }

  override async down(): Promise<void> {
    this.rename(TO, FROM)
  }

  private rename(from: string, to: string): void {
    this.addSql(`alter table if exists "${from}" rename to "${to}";`)
    this.addSql(`alter table if exists "${to}" rename constraint "${from}_pkey" to "${to}_pkey";`)
    this.addSql(`alter index if exists "IDX_${from}_deleted_at" rename to "IDX_${to}_deleted_at";`)
  }
}
