import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Hub SKUs reserved per account (issue 50), from plugin:db:generate's diff; then every SKU the hub
 * already took from a publication (its product's and its variations') reserved for that product, the
 * oldest publication first, so a store upgrading keeps each hub product with the product holding it.
 */
export class Migration20261128053305 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_sku_reservation" drop constraint if exists "hub_sku_reservation_account_sku_unique";`);
    this.addSql(`create table if not exists "hub_sku_reservation" ("id" text not null, "account" text not null default 'default', "sku" text not null, "product_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_sku_reservation_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_sku_reservation_deleted_at" ON "hub_sku_reservation" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_sku_reservation_account_sku_unique" ON "hub_sku_reservation" ("account", "sku") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_sku_reservation_account_product_id" ON "hub_sku_reservation" ("account", "product_id") WHERE deleted_at IS NULL;`);
    this.addSql(`insert into "hub_sku_reservation" ("id", "account", "sku", "product_id")
      select 'hubsku_' || replace(gen_random_uuid()::text, '-', ''), held.account, held.sku, held.product_id
        from (
          select p.account, s.sku, p.product_id, p.created_at, p.id
            from "hub_product_publication" as p
            cross join lateral (
              select p.sku
              union
              select v->>'sku' from jsonb_array_elements(case when jsonb_typeof(p.accepted->'variations') = 'array' then p.accepted->'variations' else '[]'::jsonb end) as v
            ) as s(sku)
           where p.deleted_at is null and p.accepted is not null and s.sku is not null
        ) as held
       order by held.created_at, held.id
      on conflict ("account", "sku") where deleted_at is null do nothing;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "hub_sku_reservation" cascade;`);
  }

}
