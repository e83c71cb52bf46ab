import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Every record belongs to a hub account (option `accounts`): an `account` column on each table,
 * 'default' for every row already there (a store's records before accounts are its one account's),
 * and what was unique per store (a hub order's code, a SKU's outbox row, a product's publication, a
 * status, an hour's figures) unique per account. Written from `plugin:db:generate`'s diff, without
 * the publication table it would create again (Migration20261125150000 did), plus `hub_listed_order`,
 * which is not a model.
 */
export class Migration20261125190000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index if exists "IDX_hub_catalogue_change_sku_unique";`);
    this.addSql(`alter table if exists "hub_catalogue_change" add column if not exists "account" text not null default 'default';`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_catalogue_change_account_sku_unique" ON "hub_catalogue_change" ("account", "sku") WHERE deleted_at IS NULL;`);
    this.addSql(`drop index if exists "IDX_hub_catalogue_push_hour_hour_unique";`);
    this.addSql(`alter table if exists "hub_catalogue_push_hour" add column if not exists "account" text not null default 'default';`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_catalogue_push_hour_account_hour_unique" ON "hub_catalogue_push_hour" ("account", "hour") WHERE deleted_at IS NULL;`);
    this.addSql(`alter table if exists "hub_import_run" add column if not exists "account" text not null default 'default';`);
    this.addSql(`drop index if exists "IDX_hub_order_code_unique";`);
    this.addSql(`alter table if exists "hub_order" add column if not exists "account" text not null default 'default';`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_order_account_code_unique" ON "hub_order" ("account", "code") WHERE deleted_at IS NULL;`);
    this.addSql(`alter table if exists "hub_order_move" add column if not exists "account" text not null default 'default';`);
    this.addSql(`drop index if exists "IDX_hub_status_code_unique";`);
    this.addSql(`alter table if exists "hub_status" add column if not exists "account" text not null default 'default';`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_status_account_code_unique" ON "hub_status" ("account", "code") WHERE deleted_at IS NULL;`);
    this.addSql(`alter table if exists "hub_stock_reconciliation" add column if not exists "account" text not null default 'default';`);
    this.addSql(`drop index if exists "IDX_hub_traffic_hour_hour_endpoint_unique";`);
    this.addSql(`alter table if exists "hub_traffic_hour" add column if not exists "account" text not null default 'default';`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_traffic_hour_account_hour_endpoint_unique" ON "hub_traffic_hour" ("account", "hour", "endpoint") WHERE deleted_at IS NULL;`);
    this.addSql(`drop index if exists "IDX_hub_product_publication_product_id_unique";`);
    this.addSql(`alter table if exists "hub_product_publication" add column if not exists "account" text not null default 'default';`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_product_publication_account_product_id_unique" ON "hub_product_publication" ("account", "product_id") WHERE deleted_at IS NULL;`);
    this.addSql(`drop index if exists "IDX_hub_listed_order_code";`);
    this.addSql(`alter table if exists "hub_listed_order" add column if not exists "account" text not null default 'default';`);
    this.addSql(`create unique index if not exists "IDX_hub_listed_order_account_code" on "hub_listed_order" ("account", "code");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "hub_import_run" drop column if exists "account";`);
    this.addSql(`drop index if exists "IDX_hub_order_account_code_unique";`);
    this.addSql(`alter table if exists "hub_order" drop column if exists "account";`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_order_code_unique" ON "hub_order" ("code") WHERE deleted_at IS NULL;`);
    this.addSql(`alter table if exists "hub_order_move" drop column if exists "account";`);
    this.addSql(`drop index if exists "IDX_hub_status_account_code_unique";`);
    this.addSql(`alter table if exists "hub_status" drop column if exists "account";`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_status_code_unique" ON "hub_status" ("code") WHERE deleted_at IS NULL;`);
    this.addSql(`drop index if exists "IDX_hub_catalogue_change_account_sku_unique";`);
    this.addSql(`alter table if exists "hub_catalogue_change" drop column if exists "account";`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_catalogue_change_sku_unique" ON "hub_catalogue_change" ("sku") WHERE deleted_at IS NULL;`);
    this.addSql(`drop index if exists "IDX_hub_catalogue_push_hour_account_hour_unique";`);
    this.addSql(`alter table if exists "hub_catalogue_push_hour" drop column if exists "account";`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_catalogue_push_hour_hour_unique" ON "hub_catalogue_push_hour" ("hour") WHERE deleted_at IS NULL;`);
    this.addSql(`alter table if exists "hub_stock_reconciliation" drop column if exists "account";`);
    this.addSql(`drop index if exists "IDX_hub_traffic_hour_account_hour_endpoint_unique";`);
    this.addSql(`alter table if exists "hub_traffic_hour" drop column if exists "account";`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_traffic_hour_hour_endpoint_unique" ON "hub_traffic_hour" ("hour", "endpoint") WHERE deleted_at IS NULL;`);
    this.addSql(`drop index if exists "IDX_hub_product_publication_account_product_id_unique";`);
    this.addSql(`alter table if exists "hub_product_publication" drop column if exists "account";`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_product_publication_product_id_unique" ON "hub_product_publication" ("product_id") WHERE deleted_at IS NULL;`);
    this.addSql(`drop index if exists "IDX_hub_listed_order_account_code";`);
    this.addSql(`alter table if exists "hub_listed_order" drop column if exists "account";`);
    this.addSql(`create unique index if not exists "IDX_hub_listed_order_code" on "hub_listed_order" ("code");`);
  }

}
