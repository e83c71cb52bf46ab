import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261127190948 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_field_mapping" drop constraint if exists "hub_field_mapping_account_unique";`);
    this.addSql(`create table if not exists "hub_field_mapping" ("id" text not null, "account" text not null default 'default', "mapping" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_field_mapping_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_field_mapping_deleted_at" ON "hub_field_mapping" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_field_mapping_account_unique" ON "hub_field_mapping" ("account") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "hub_field_mapping" cascade;`);
  }

}
