import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * A hub product is one Medusa product's (issue 39): within an account, no two publications hold one
 * hub SKU (a held one: the hub accepted it from this store). Before the index, a store where two
 * products were linked to one hub SKU keeps the first linked; the others go back to pending, and their
 * next push names the SKU's holder (not publishable) instead of editing its hub product. Written in SQL:
 * a partial index on a JSON column's nullness is not one the models can declare.
 */
export class Migration20261127050000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`update hub_product_publication as p set
      accepted = null, linked = false, state = 'pending', due_at = now(), version = p.version + 1,
      claim_token = null, claimed_until = null, updated_at = now()
      from (
        select id, row_number() over (partition by account, sku order by created_at, id) as rank
          from hub_product_publication where deleted_at is null and accepted is not null and sku is not null
      ) as held
      where p.id = held.id and held.rank > 1;`);
    this.addSql(`create unique index if not exists "IDX_hub_product_publication_account_sku_held" on "hub_product_publication" ("account", "sku") where deleted_at is null and accepted is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_hub_product_publication_account_sku_held";`);
  }

}
