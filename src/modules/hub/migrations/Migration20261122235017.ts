import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122235017 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_order_move" drop constraint if exists "hub_order_move_claim_key_unique";`);
    this.addSql(`alter table if exists "hub_order_move" add column if not exists "claim_key" text null, add column if not exists "medusa_error" text null;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_order_move_claim_key_unique" ON "hub_order_move" ("claim_key") WHERE claim_key IS NOT NULL AND deleted_at IS NULL;`);
    // The card's one-open-move-per-kind rule leaves out moves keyed by a Medusa fulfillment (the generator misses a changed WHERE).
    this.addSql(`drop index if exists "IDX_hub_order_move_hub_order_id_kind_unique";`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_order_move_hub_order_id_kind_unique" ON "hub_order_move" ("hub_order_id", "kind") WHERE state IN ('sending', 'unknown') AND claim_key IS NULL AND deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_hub_order_move_claim_key_unique";`);
    this.addSql(`drop index if exists "IDX_hub_order_move_hub_order_id_kind_unique";`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_order_move_hub_order_id_kind_unique" ON "hub_order_move" ("hub_order_id", "kind") WHERE state IN ('sending', 'unknown') AND deleted_at IS NULL;`);
    this.addSql(`alter table if exists "hub_order_move" drop column if exists "claim_key", drop column if exists "medusa_error";`);
  }

}
