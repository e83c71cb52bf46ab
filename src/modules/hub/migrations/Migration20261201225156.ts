import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261201225156 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_sac_ticket" drop constraint if exists "hub_sac_ticket_unique";`);
    this.addSql(`create table if not exists "hub_sac_ticket" ("id" text not null, "account" text not null default 'default', "code" text not null, "order_code" text null, "status" text null, "platform" text null, "mediation" boolean null, "warehouse" text null, "action" jsonb null, "cause" jsonb null, "items" jsonb null, "refunds" jsonb null, "chats" jsonb null, "hub_created_at" text null, "hub_updated_at" text null, "unread" boolean not null default false, "waiting_since" timestamptz null, "seen_at" timestamptz not null, "chats_read_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_sac_ticket_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_sac_ticket_deleted_at" ON "hub_sac_ticket" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_sac_ticket_unique" ON "hub_sac_ticket" ("account", "code") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_sac_ticket_account_unread_waiting_since" ON "hub_sac_ticket" ("account", "unread", "waiting_since") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "hub_sac_ticket" cascade;`);
  }

}
