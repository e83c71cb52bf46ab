import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * A listed hub order's import plan in a column of its own (`planned`), beside the hub's order
 * (`listed`), where it rode inside the hub's JSON under a `__planned` key. Orders waiting when the
 * store is upgraded keep theirs: moved out of the hub's JSON into the column.
 */
export class Migration20261202064500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_listed_order" add column if not exists "planned" jsonb null;`);
    this.addSql(`update "hub_listed_order" set "planned" = "listed" -> '__planned', "listed" = "listed" - '__planned' where "listed" ? '__planned';`);
  }

  override async down(): Promise<void> {
    this.addSql(`update "hub_listed_order" set "listed" = "listed" || jsonb_build_object('__planned', "planned") where "planned" is not null;`);
    this.addSql(`alter table if exists "hub_listed_order" drop column if exists "planned";`);
  }

}
