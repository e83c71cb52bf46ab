import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261201220000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_freight_cache" add column if not exists "volume_band" text not null default '';`);
    this.addSql(`drop index if exists "IDX_hub_freight_cache_key_unique";`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_freight_cache_key_unique" ON "hub_freight_cache" ("account", "shipping_option_id", "cep_range", "weight_band", "volume_band") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_freight_cache_account_updated_at" ON "hub_freight_cache" ("account", "updated_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_hub_freight_cache_account_updated_at";`);
    this.addSql(`drop index if exists "IDX_hub_freight_cache_key_unique";`);
    this.addSql(`delete from "hub_freight_cache" where "volume_band" <> '';`);
    this.addSql(`alter table if exists "hub_freight_cache" drop column if exists "volume_band";`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_freight_cache_key_unique" ON "hub_freight_cache" ("account", "shipping_option_id", "cep_range", "weight_band") WHERE deleted_at IS NULL;`);
  }

}
