import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Products published from Medusa to the hub (option `publishProducts`, docs/catalogue.md): one row per
 * product, with what the hub last accepted and what keeps it off (problems, a refusal, an exclusion).
 */
export class Migration20261125150000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "hub_product_publication" ("id" text not null, "product_id" text not null, "sku" text null, "state" text check ("state" in ('pending', 'published', 'not_publishable', 'refused', 'excluded')) not null default 'pending', "excluded" boolean not null default false, "linked" boolean not null default false, "accepted" jsonb null, "refused" jsonb null, "problems" jsonb null, "hub_error" text null, "hub_error_status" integer null, "outcome_unknown" boolean not null default false, "due_at" timestamptz null, "version" integer not null default 0, "claim_token" text null, "claimed_version" integer null, "claimed_until" timestamptz null, "attempts" integer not null default 0, "last_sent_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_product_publication_pkey" primary key ("id"));`);
    this.addSql(`create unique index if not exists "IDX_hub_product_publication_product_id_unique" on "hub_product_publication" ("product_id") where deleted_at is null;`);
    this.addSql(`create index if not exists "IDX_hub_product_publication_deleted_at" on "hub_product_publication" ("deleted_at") where deleted_at is null;`);
    this.addSql(`create index if not exists "IDX_hub_product_publication_state" on "hub_product_publication" ("state") where deleted_at is null;`);
    this.addSql(`create index if not exists "IDX_hub_product_publication_due_at" on "hub_product_publication" ("due_at") where deleted_at is null;`);
    this.addSql(`create index if not exists "IDX_hub_product_publication_sku" on "hub_product_publication" ("sku") where deleted_at is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "hub_product_publication" cascade;`);
  }

}
