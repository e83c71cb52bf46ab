import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The hub account's request budget in PostgreSQL, for stores without Redis (src/modules/hub/repositories/hub-budget.ts):
 * each bucket's occupied slots, the pause and lowered limits; a take under the bucket's advisory lock.
 */
export class Migration20261123130000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "hub_budget_slot" ("account" text not null, "bucket" text not null, "token" text not null, "frees_at" bigint not null, constraint "hub_budget_slot_pkey" primary key ("account", "bucket", "token"));`);
    this.addSql(`create table if not exists "hub_budget_state" ("account" text not null, "paused_until" bigint not null default 0, "limits" jsonb not null default '{}', constraint "hub_budget_state_pkey" primary key ("account"));`);
    this.addSql(`create or replace function hub_budget_take(p_account text, p_bucket text, p_now bigint, p_limit integer, p_hold_until bigint, p_token text) returns bigint language plpgsql as $$
declare
  occupied integer;
  first_free bigint;
begin
  perform pg_advisory_xact_lock(hashtextextended(p_account || ' ' || p_bucket, 0));
  delete from hub_budget_slot where account = p_account and bucket = p_bucket and frees_at <= p_now;
  select count(*), min(frees_at) into occupied, first_free from hub_budget_slot where account = p_account and bucket = p_bucket;
  if occupied < p_limit then
    insert into hub_budget_slot (account, bucket, token, frees_at) values (p_account, p_bucket, p_token, p_hold_until);
    return -1;
  end if;
  return first_free;
end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists hub_budget_take(text, text, bigint, integer, bigint, text);`);
    this.addSql(`drop table if exists "hub_budget_slot";`);
    this.addSql(`drop table if exists "hub_budget_state";`);
  }

}
