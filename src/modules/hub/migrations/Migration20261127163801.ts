import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261127163801 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_sync_error" drop constraint if exists "hub_sync_error_unique";`);
    this.addSql(`create table if not exists "hub_sync_error" ("id" text not null, "account" text not null default 'default', "entity" text check ("entity" in ('products', 'orders')) not null, "entity_id" text not null, "error_category_code" text not null, "error_code" text not null, "message" text null, "name" text null, "solution" text null, "occurrences" integer null, "last_occurrence" text null, "seen_at" timestamptz not null, "cleared_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_sync_error_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_sync_error_deleted_at" ON "hub_sync_error" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_sync_error_unique" ON "hub_sync_error" ("account", "entity", "entity_id", "error_category_code", "error_code") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_sync_error_account_entity_seen_at" ON "hub_sync_error" ("account", "entity", "seen_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "hub_sync_error" cascade;`);
  }

}
