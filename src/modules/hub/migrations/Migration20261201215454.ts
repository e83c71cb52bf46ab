import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261201215454 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_order" add column if not exists "remote_code" text null, add column if not exists "expedition_limit_date" timestamptz null;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_order_account_remote_code" ON "hub_order" ("account", "remote_code") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_order_account_expedition_limit_date" ON "hub_order" ("account", "expedition_limit_date") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_hub_order_account_remote_code";`);
    this.addSql(`drop index if exists "IDX_hub_order_account_expedition_limit_date";`);
    this.addSql(`alter table if exists "hub_order" drop column if exists "remote_code", drop column if exists "expedition_limit_date";`);
  }

}
