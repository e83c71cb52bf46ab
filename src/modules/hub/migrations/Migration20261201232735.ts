import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261201232735 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "hub_sac_answer" ("id" text not null, "account" text not null default 'default', "ticket_code" text not null, "parts" text not null, "content" text not null, "state" text check ("state" in ('sending', 'sent', 'unknown', 'failed')) not null default 'sending', "error" text null, "sent_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_sac_answer_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_sac_answer_deleted_at" ON "hub_sac_answer" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_sac_answer_in_flight" ON "hub_sac_answer" ("account", "ticket_code", "parts") WHERE state IN ('sending', 'unknown') AND deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_sac_answer_account_ticket_code" ON "hub_sac_answer" ("account", "ticket_code") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "hub_sac_answer" cascade;`);
  }

}
