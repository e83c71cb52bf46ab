import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122214937 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_stock_reconciliation" add column if not exists "leaked_orders" integer not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "hub_stock_reconciliation" drop column if exists "leaked_orders";`);
  }

}
