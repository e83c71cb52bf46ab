import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122220452 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_import_run" add column if not exists "intake" text check ("intake" in ('listing', 'queue')) not null default 'listing', add column if not exists "drained" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "hub_import_run" drop column if exists "intake", drop column if exists "drained";`);
  }

}
