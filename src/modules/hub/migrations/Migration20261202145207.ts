import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * A reconciliation's other warehouses' part (`warehouses`: each store code's `{ seen, differing }`), kept with the
 * walk so that *Last verified* counts them and the admin names each; walks before it had none.
 */
export class Migration20261202145207 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_stock_reconciliation" add column if not exists "warehouses" jsonb not null default '{}';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "hub_stock_reconciliation" drop column if exists "warehouses";`);
  }

}
