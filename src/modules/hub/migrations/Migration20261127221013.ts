import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261127221013 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_price_rule_set" add column if not exists "version" integer not null default 0, add column if not exists "applying" boolean not null default false, add column if not exists "applied_through" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "hub_price_rule_set" drop column if exists "version", drop column if exists "applying", drop column if exists "applied_through";`);
  }

}
