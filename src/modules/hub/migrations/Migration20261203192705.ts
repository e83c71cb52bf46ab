import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/** Each account's warehouses as the merchant saves them in Settings → Marketplace hub (issue 62). */
export class Migration20261203192705 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_warehouse_mapping" drop constraint if exists "hub_warehouse_mapping_account_unique";`);
    this.addSql(`create table if not exists "hub_warehouse_mapping" ("id" text not null, "account" text not null default 'default', "warehouses" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_warehouse_mapping_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_warehouse_mapping_deleted_at" ON "hub_warehouse_mapping" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_warehouse_mapping_account_unique" ON "hub_warehouse_mapping" ("account") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "hub_warehouse_mapping" cascade;`);
  }

}
