import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/** Catalogue fields (issue: price, promotional price, status) ride the stock outbox: its rows remember what the hub accepted per field. */
export class Migration20261123120000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_stock_change" add column if not exists "variant_id" text null, add column if not exists "product_id" text null, add column if not exists "wanted" jsonb null, add column if not exists "accepted" jsonb not null default '{}', add column if not exists "refused" jsonb not null default '{}';`);
    this.addSql(`alter table if exists "hub_stock_change" alter column "available_quantity" drop not null;`);
    // What the hub holds of a row sent before: its qty.
    this.addSql(`update "hub_stock_change" set "wanted" = jsonb_build_object('qty', "available_quantity"), "accepted" = case when "sent_quantity" is null then '{}'::jsonb else jsonb_build_object('qty', "sent_quantity") end where "wanted" is null;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_stock_change_variant_id" ON "hub_stock_change" ("variant_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_stock_change_product_id" ON "hub_stock_change" ("product_id") WHERE deleted_at IS NULL;`);
    this.addSql(`alter table if exists "hub_stock_reconciliation" add column if not exists "differing_fields" jsonb not null default '{}';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_hub_stock_change_variant_id";`);
    this.addSql(`drop index if exists "IDX_hub_stock_change_product_id";`);
    this.addSql(`update "hub_stock_change" set "available_quantity" = coalesce("available_quantity", 0);`);
    this.addSql(`alter table if exists "hub_stock_change" alter column "available_quantity" set not null;`);
    this.addSql(`alter table if exists "hub_stock_change" drop column if exists "variant_id", drop column if exists "product_id", drop column if exists "wanted", drop column if exists "accepted", drop column if exists "refused";`);
    this.addSql(`alter table if exists "hub_stock_reconciliation" drop column if exists "differing_fields";`);
  }

}
