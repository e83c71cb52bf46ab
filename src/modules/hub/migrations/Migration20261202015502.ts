import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261202015502 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "hub_sac_instance" ("id" text not null, "account" text not null default 'default', "ticket_code" text not null, "action" text check ("action" in ('CANCEL', 'RETURN', 'EXCHANGE')) not null, "order_id" text not null, "request" jsonb not null, "state" text check ("state" in ('sending', 'sent', 'unknown', 'failed')) not null default 'sending', "error" text null, "hub_instance" jsonb null, "hub_status" text null, "return_id" text null, "exchange_id" text null, "received_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_sac_instance_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_sac_instance_deleted_at" ON "hub_sac_instance" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_sac_instance_live" ON "hub_sac_instance" ("account", "ticket_code") WHERE state IN ('sending', 'unknown', 'sent') AND deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_sac_instance_account_order_id" ON "hub_sac_instance" ("account", "order_id") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "hub_sac_instance" cascade;`);
  }

}
