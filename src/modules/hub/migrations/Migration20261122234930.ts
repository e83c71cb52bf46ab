import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122234930 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_traffic_hour" drop constraint if exists "hub_traffic_hour_hour_endpoint_unique";`);
    this.addSql(`create table if not exists "hub_traffic_hour" ("id" text not null, "hour" timestamptz not null, "endpoint" text not null, "requests" integer not null default 0, "client_errors" integer not null default 0, "rate_limited" integer not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "hub_traffic_hour_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_traffic_hour_deleted_at" ON "hub_traffic_hour" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_hub_traffic_hour_hour_endpoint_unique" ON "hub_traffic_hour" ("hour", "endpoint") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "hub_traffic_hour" cascade;`);
  }

}
