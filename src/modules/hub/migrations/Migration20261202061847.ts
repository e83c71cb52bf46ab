import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261202061847 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_sac_instance" add column if not exists "refund_reason_id" text null, add column if not exists "refund_id" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "hub_sac_instance" drop column if exists "refund_reason_id", drop column if exists "refund_id";`);
  }

}
