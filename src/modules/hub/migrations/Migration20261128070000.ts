import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261128070000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_import_run" add column if not exists "held_until" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "hub_import_run" drop column if exists "held_until";`);
  }

}
