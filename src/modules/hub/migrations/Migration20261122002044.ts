import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122002044 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_status" drop constraint if exists "hub_status_code_unique";`);
    this.addSql(`alter table if exists "hub_order" drop constraint if exists "hub_order_code_unique";`);
    this.addSql(`create table if not exists "hub_import_run" ("id" text not null, "started_at" timestamptz not null, "finished_at" timestamptz null, "seen" integer not null default 0, "imported" integer not null default 0, "updated" integer not null default 0, "quarantined" integer not null default 0, "duration_ms" integer null, "error" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_import_run_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_import_run_deleted_at" ON "hub_import_run" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "hub_order" ("id" text not null, "code" text not null, "channel" text null, "status_code" text not null, "status_type" text not null, "import_state" text check ("import_state" in ('importing', 'imported', 'needs_stock', 'quarantined')) not null default 'importing', "quarantine_reason" text null, "payload_digest" text not null, "order_id" text null, "applied_status_type" text null, "claimed_at" timestamptz null, "imported_at" timestamptz null, "attempts" integer not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_order_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_order_code_unique" ON "hub_order" ("code") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_order_order_id" ON "hub_order" ("order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_order_deleted_at" ON "hub_order" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_order_import_state" ON "hub_order" ("import_state") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "hub_status" ("id" text not null, "code" text not null, "label" text not null, "type" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_status_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_status_code_unique" ON "hub_status" ("code") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_status_deleted_at" ON "hub_status" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "hub_import_run" cascade;`);

    this.addSql(`drop table if exists "hub_order" cascade;`);

    this.addSql(`drop table if exists "hub_status" cascade;`);
  }

}
