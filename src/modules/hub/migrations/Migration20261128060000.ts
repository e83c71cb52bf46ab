import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261128060000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "hub_no_sale" ("id" text not null, "account" text not null default 'default', "taken" text null, "refused" text[] not null default '{}', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_no_sale_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_no_sale_deleted_at" ON "hub_no_sale" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_no_sale_account_unique" ON "hub_no_sale" ("account") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "hub_no_sale" cascade;`);
  }

}
