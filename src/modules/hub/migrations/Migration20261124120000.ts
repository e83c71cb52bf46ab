import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Listed hub orders waiting for a worker (src/modules/hub/repositories/hub-listed-order.ts): the run
 * that reads the listing shares what needs importing, and every worker of the store takes from it.
 * A row holds the hub's order as listed only until it is handled (then deleted): the Medusa order
 * keeps what it needs, as the import always did.
 */
export class Migration20261124120000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "hub_listed_order" ("id" text not null, "run_id" text not null, "code" text not null, "listed" jsonb not null, "taken_at" timestamptz null, "attempts" integer not null default 0, "created_at" timestamptz not null default now(), constraint "hub_listed_order_pkey" primary key ("id"));`);
    this.addSql(`create unique index if not exists "IDX_hub_listed_order_code" on "hub_listed_order" ("code");`);
    this.addSql(`create index if not exists "IDX_hub_listed_order_run_id" on "hub_listed_order" ("run_id");`);
    this.addSql(`create index if not exists "IDX_hub_listed_order_created_at" on "hub_listed_order" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "hub_listed_order";`);
  }

}
