import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * One claim per hub product (issue 51): `hub_product_claim` holds a hub product while its push is in
 * flight, so its publication and its SKUs' outbox rows are claimed together; an outbox row waits in
 * `awaiting` while its product's first publication is not taken; a row the hub refused is `refused`, the
 * publications' word for it (it was `rejected`). The state's check kept the name it had
 * before the table was renamed (Migration20261125180000): both names are dropped.
 */

export class Migration20261128083709 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_product_claim" drop constraint if exists "hub_product_claim_account_hub_product_unique";`);
    this.addSql(`create table if not exists "hub_product_claim" ("id" text not null, "account" text not null default 'default', "hub_product" text not null, "claim_token" text not null, "claimed_until" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_product_claim_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_product_claim_deleted_at" ON "hub_product_claim" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_product_claim_account_hub_product_unique" ON "hub_product_claim" ("account", "hub_product") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_product_claim_claim_token" ON "hub_product_claim" ("claim_token") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "hub_catalogue_change" drop constraint if exists "hub_stock_change_state_check";`);
    this.addSql(`alter table if exists "hub_catalogue_change" drop constraint if exists "hub_catalogue_change_state_check";`);

    this.addSql(`update "hub_catalogue_change" set "state" = 'refused' where "state" = 'rejected';`);
    this.addSql(`alter table if exists "hub_catalogue_change" add constraint "hub_catalogue_change_state_check" check("state" in ('pending', 'sent', 'refused', 'awaiting'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "hub_product_claim" cascade;`);
    this.addSql(`update "hub_catalogue_change" set "state" = 'pending' where "state" = 'awaiting';`);
    this.addSql(`update "hub_catalogue_change" set "state" = 'rejected' where "state" = 'refused';`);

    this.addSql(`alter table if exists "hub_catalogue_change" drop constraint if exists "hub_catalogue_change_state_check";`);

    this.addSql(`alter table if exists "hub_catalogue_change" add constraint "hub_catalogue_change_state_check" check("state" in ('pending', 'sent', 'rejected'));`);
  }

}
