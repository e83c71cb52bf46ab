import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261128080000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "hub_freight_token" ("id" text not null, "account" text not null default 'default', "token" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_freight_token_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_freight_token_deleted_at" ON "hub_freight_token" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_freight_token_account_unique" ON "hub_freight_token" ("account") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "hub_freight_cache" ("id" text not null, "account" text not null default 'default', "shipping_option_id" text not null, "cep_range" text not null, "weight_band" text not null, "amount" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_freight_cache_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_freight_cache_deleted_at" ON "hub_freight_cache" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_freight_cache_key_unique" ON "hub_freight_cache" ("account", "shipping_option_id", "cep_range", "weight_band") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "hub_freight_quote" ("id" text not null, "account" text not null default 'default', "contract" text not null, "cep_range" text not null, "options" integer not null, "ms" integer not null, "cache_hit" boolean not null default false, "unknown_skus" integer not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_freight_quote_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_freight_quote_deleted_at" ON "hub_freight_quote" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_freight_quote_account_created_at" ON "hub_freight_quote" ("account", "created_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "hub_freight_token" cascade;`);
    this.addSql(`drop table if exists "hub_freight_cache" cascade;`);
    this.addSql(`drop table if exists "hub_freight_quote" cascade;`);
  }

}
