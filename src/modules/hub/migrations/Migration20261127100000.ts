import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * One hub product, one push (issue 39): a publication's first change not pushed yet, so a burst of
 * changes to a product (its own fields, then its price, then its stock) coalesces as the catalogue
 * outbox's rows do: due once quiet, but no later than `catalogueMaxDelayMs` after the first.
 */
export class Migration20261127100000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_product_publication" add column if not exists "changed_at" timestamptz null;`);
    this.addSql(`update "hub_product_publication" set "changed_at" = "due_at" where "due_at" is not null and "changed_at" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "hub_product_publication" drop column if exists "changed_at";`);
  }

}
