import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122002525 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_stock_push_hour" drop constraint if exists "hub_stock_push_hour_hour_unique";`);
    this.addSql(`alter table if exists "hub_stock_change" drop constraint if exists "hub_stock_change_sku_unique";`);
    this.addSql(`create table if not exists "hub_stock_change" ("id" text not null, "sku" text not null, "available_quantity" integer not null, "version" integer not null default 0, "state" text check ("state" in ('pending', 'sent', 'rejected')) not null default 'pending', "changed_at" timestamptz not null, "last_changed_at" timestamptz not null, "claim_token" text null, "claimed_version" integer null, "claimed_until" timestamptz null, "attempts" integer not null default 0, "sent_quantity" integer null, "sent_at" timestamptz null, "error" text null, "error_status" integer null, "reconciliation_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_stock_change_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_stock_change_sku_unique" ON "hub_stock_change" ("sku") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_stock_change_deleted_at" ON "hub_stock_change" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_stock_change_state_changed_at" ON "hub_stock_change" ("state", "changed_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "hub_stock_push_hour" ("id" text not null, "hour" timestamptz not null, "sent" integer not null default 0, "failed" integer not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_stock_push_hour_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_stock_push_hour_hour_unique" ON "hub_stock_push_hour" ("hour") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_stock_push_hour_deleted_at" ON "hub_stock_push_hour" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "hub_stock_reconciliation" ("id" text not null, "started_at" timestamptz not null, "finished_at" timestamptz null, "seen" integer not null default 0, "differing" integer not null default 0, "fixed" integer not null default 0, "unknown" integer not null default 0, "error" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_stock_reconciliation_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_stock_reconciliation_deleted_at" ON "hub_stock_reconciliation" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "hub_stock_change" cascade;`);

    this.addSql(`drop table if exists "hub_stock_push_hour" cascade;`);

    this.addSql(`drop table if exists "hub_stock_reconciliation" cascade;`);
  }

}
