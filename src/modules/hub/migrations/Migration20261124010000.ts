import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The leaked-reservation check reads what can still leak, not every canceled order ever
 * (src/modules/hub/repositories/hub-order.ts, `leakCandidates`): each canceled order remembers when it
 * was last found clean; one partial index holds the canceled orders changed since (or never found clean),
 * another the rest in check order, for a bounded sweep.
 */
export class Migration20261124010000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_order" add column if not exists "leak_checked_at" timestamptz null;`);
    this.addSql(`create index if not exists "IDX_hub_order_leak_check" on "hub_order" ("leak_checked_at") where deleted_at is null and order_id is not null and (status_type = 'CANCELED' or applied_status_type = 'CANCELED');`);
    this.addSql(`create index if not exists "IDX_hub_order_leak_changed" on "hub_order" ("id") where deleted_at is null and order_id is not null and (status_type = 'CANCELED' or applied_status_type = 'CANCELED') and (leak_checked_at is null or leak_checked_at < updated_at);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_hub_order_leak_changed";`);
    this.addSql(`drop index if exists "IDX_hub_order_leak_check";`);
    this.addSql(`alter table if exists "hub_order" drop column if exists "leak_checked_at";`);
  }

}
