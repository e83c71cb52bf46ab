import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261202015743 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_catalogue_change" drop constraint if exists "hub_catalogue_change_account_warehouse_sku_unique";`);
    this.addSql(`drop index if exists "IDX_hub_catalogue_change_account_sku_unique";`);

    this.addSql(`alter table if exists "hub_catalogue_change" add column if not exists "warehouse" text not null default '98';`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_catalogue_change_account_warehouse_sku_unique" ON "hub_catalogue_change" ("account", "warehouse", "sku") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_hub_catalogue_change_account_warehouse_sku_unique";`);
    this.addSql(`alter table if exists "hub_catalogue_change" drop column if exists "warehouse";`);

    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_catalogue_change_account_sku_unique" ON "hub_catalogue_change" ("account", "sku") WHERE deleted_at IS NULL;`);
  }

}
