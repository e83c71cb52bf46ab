import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * One lease per claim, a back-off named as one (issue 60): a failed push's wait on an outbox row is
 * `retry_at` (it was `claimed_until`, the row's lease column); a claimed hub product's lease is its
 * `hub_product_claim` row's alone, no longer copied onto its publication and default-warehouse rows.
 * Another CD's row is a claim of its own and keeps its lease in `claimed_until`.
 */
export class Migration20261204010944 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_catalogue_change" add column if not exists "retry_at" timestamptz null;`);

    // A row no claim holds with a `claimed_until` is waiting out a failure.
    this.addSql(`update "hub_catalogue_change" set "retry_at" = "claimed_until", "claimed_until" = null where "claim_token" is null and "claimed_until" is not null;`);
    this.addSql(`update "hub_catalogue_change" set "claimed_until" = null where "warehouse" = '98' and "claimed_until" is not null;`);

    this.addSql(`alter table if exists "hub_product_publication" drop column if exists "claimed_until";`);
  }

  override async down(): Promise<void> {
    this.addSql(`update "hub_catalogue_change" set "claimed_until" = "retry_at" where "claim_token" is null and "retry_at" is not null;`);

    this.addSql(`alter table if exists "hub_catalogue_change" drop column if exists "retry_at";`);

    this.addSql(`alter table if exists "hub_product_publication" add column if not exists "claimed_until" timestamptz null;`);
  }

}
