import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261128100000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_freight_quote" add column if not exists "source" text not null default 'live', add column if not exists "timed_out" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "hub_freight_quote" drop column if exists "source", drop column if exists "timed_out";`);
  }

}
