import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Orders know their delivery (issue 40): the hub order's `calculation_type`, `shipping_method` and
 * `shipping_carrier` kept on its record, so the card names who carries it. Orders imported before
 * have none until they are read again.
 */
export class Migration20261127110000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_order" add column if not exists "calculation_type" text null, add column if not exists "shipping_method" text null, add column if not exists "shipping_carrier" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "hub_order" drop column if exists "calculation_type", drop column if exists "shipping_method", drop column if exists "shipping_carrier";`);
  }

}
