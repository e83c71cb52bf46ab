import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122021717 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_order_move" drop constraint if exists "hub_order_move_hub_order_id_kind_unique";`);
    this.addSql(`create table if not exists "hub_order_move" ("id" text not null, "hub_order_id" text not null, "code" text not null, "kind" text check ("kind" in ('invoice', 'ship', 'deliver', 'shipment_exception', 'cancel')) not null, "request" jsonb not null, "state" text check ("state" in ('sending', 'done', 'rejected', 'unknown', 'failed')) not null default 'sending', "hub_status_code" text null, "error" text null, "error_status" integer null, "attempts" integer not null default 1, "claimed_until" timestamptz null, "finished_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_order_move_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_order_move_hub_order_id" ON "hub_order_move" ("hub_order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_order_move_deleted_at" ON "hub_order_move" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_order_move_hub_order_id_kind_unique" ON "hub_order_move" ("hub_order_id", "kind") WHERE state IN ('sending', 'unknown') AND deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "hub_order_move" cascade;`);
  }

}
