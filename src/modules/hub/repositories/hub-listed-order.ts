import type { Context } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { ListedHubOrder } from "../../../hub-client"
import { latestPerCode } from "../../../mapping/listed-hub-order"
import { HubImportRun } from "../models"

/**
 * A listed hub order as a run shares it: the hub's order, and what the run planned for it (its own
 * words, kept beside the hub's in a column of their own: the lane that takes it neither reads its
 * record nor plans again); null when the run shared no plan.
 */
export type SharedListedOrder = { listed: ListedHubOrder; planned: Record<string, unknown> | null }

/** A listed hub order taken by a worker. */
export type TakenListedOrder = SharedListedOrder & { id: string; run_id: string; code: string; attempts: number }

/** What handling listed orders came to, added to their run's counts. */
export type ImportRunCounts = { imported: number; updated: number; set_aside: number }

/** How long the order import's runs are kept for *Last runs* (docs/orders.md). */
export const IMPORT_RUNS_KEPT_DAYS = 30

/**
 * The SQL of listed hub orders shared among the store's workers (table `hub_listed_order`) and of the
 * import runs' counts they add to. Each take, completion and count is one statement, so any number of
 * workers share the listing's orders; a worker that dies loses what it took after `leaseMs`.
 */
export class HubListedOrderRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubImportRun) {
  /**
   * Shares a run's listed orders; an order already shared and not taken is handed to this run, as read now.
   * One insert cannot touch a code twice (`on conflict` refuses it, failing the whole page), so a page
   * naming an order twice shares it once: as listed last, or with the newest `updated_at` (`latestPerCode`).
   */
  async share(account: string, runId: string, shared: SharedListedOrder[], context: Context = {}): Promise<void> {
    if (!shared.length) return
    const plans = new Map(shared.map(({ listed, planned }) => [listed, planned]))
    const rows = latestPerCode(shared.map(({ listed }) => listed)).map((order) => ({ id: generateEntityId(undefined, "hublst"), code: order.code, listed: order, planned: plans.get(order) ?? null }))
    try {
      await this.getActiveManager<EntityManager>(context).execute(
        `insert into hub_listed_order (id, account, run_id, code, listed, planned)
         select id, ?, ?, code, listed, planned from jsonb_to_recordset(?::jsonb) as input(id text, code text, listed jsonb, planned jsonb)
         on conflict (account, code) do update set run_id = excluded.run_id, listed = excluded.listed, planned = excluded.planned, created_at = now()
         where hub_listed_order.taken_at is null`,
        [account, runId, JSON.stringify(rows)]
      )
    } catch (error) {
      // The driver's message quotes the statement, so the orders and their customers: only PostgreSQL's own words go on (to the run's record and the log).
      const message = String((error as Error)?.message ?? error)
      const at = message.lastIndexOf(" - ")
      throw new Error(`the listed hub orders could not be shared: ${at >= 0 ? message.slice(at + 3, at + 303) : "PostgreSQL refused them"}`)
    }
  }

  /**
   * Takes the oldest listed orders of `account` nobody holds, up to `limit`; an order whose taker outlived `leaseMs`
   * (it may be what stopped it) is taken alone, so it never takes others down with it again. Empty
   * when none is left.
   */
  async take(account: string, leaseMs: number, limit: number, context: Context = {}): Promise<TakenListedOrder[]> {
    return this.getActiveManager<EntityManager>(context).execute(
      `with candidates as (
         select id, taken_at from hub_listed_order
         where account = ? and (taken_at is null or taken_at < now() - make_interval(secs => ?))
         order by created_at limit ? for update skip locked
       ), picked as (
         (select id from candidates where taken_at is not null limit 1)
         union all
         select id from candidates where not exists (select 1 from candidates where taken_at is not null)
       )
       update hub_listed_order set taken_at = now(), attempts = attempts + 1
       where id in (select id from picked)
       returning id, run_id, code, listed, planned, attempts`,
      [account, leaseMs / 1000, limit]
    )
  }

  /** Listed orders handled: gone from the table, and each one's outcome added to its run's counts, in one statement. */
  async done(handled: Array<{ id: string; counts: ImportRunCounts }>, context: Context = {}): Promise<void> {
    if (!handled.length) return
    const rows = handled.map(({ id, counts }) => ({ id, ...counts }))
    await this.getActiveManager<EntityManager>(context).execute(
      `with input as (
         select * from jsonb_to_recordset(?::jsonb) as input(id text, imported int, updated int, set_aside int)
       ), handled as (
         delete from hub_listed_order listed using input where listed.id = input.id
         returning listed.run_id, input.imported, input.updated, input.set_aside
       ), sums as (
         select run_id, sum(imported) as imported, sum(updated) as updated, sum(set_aside) as set_aside from handled group by run_id
       )
       update hub_import_run run set imported = run.imported + sums.imported, updated = run.updated + sums.updated, set_aside = run.set_aside + sums.set_aside
       from sums where run.id = sums.run_id`,
      [JSON.stringify(rows)]
    )
  }

  /** How many of a run's listed orders are still waiting or being handled. */
  async pending(runId: string, context: Context = {}): Promise<number> {
    const [row]: Array<{ count: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `select count(*) from hub_listed_order where run_id = ?`,
      [runId]
    )
    return Number(row.count)
  }

  /** A run's listed orders nobody has taken yet, withdrawn (its lock was lost: the next run reads them again). */
  async withdraw(runId: string, context: Context = {}): Promise<void> {
    await this.getActiveManager<EntityManager>(context).execute(`delete from hub_listed_order where run_id = ? and taken_at is null`, [runId])
  }

  /** Ends a run: its own figures written, its counts added to what its shared orders added already. */
  async finishRun(
    runId: string,
    run: { seen: number; duration_ms: number; error: string | null; drained: boolean },
    counts: ImportRunCounts,
    context: Context = {}
  ): Promise<ImportRunCounts & { seen: number }> {
    const [row]: Array<ImportRunCounts & { seen: number }> = await this.getActiveManager<EntityManager>(context).execute(
      `update hub_import_run set finished_at = now(), seen = ?, duration_ms = ?, error = ?, drained = ?,
         imported = imported + ?, updated = updated + ?, set_aside = set_aside + ?, updated_at = now()
       where id = ?
       returning seen, imported, updated, set_aside`,
      [run.seen, run.duration_ms, run.error, run.drained, counts.imported, counts.updated, counts.set_aside, runId]
    )
    // The account's history kept IMPORT_RUNS_KEPT_DAYS (a run a minute is 1,440 a day): a bounded delete, as each run ends.
    await this.getActiveManager<EntityManager>(context).execute(
      `delete from hub_import_run where id in (
         select old.id from hub_import_run old
         where old.account = (select account from hub_import_run where id = ?) and old.started_at < now() - make_interval(days => ?) and old.finished_at is not null
         order by old.started_at limit 500)`,
      [runId, IMPORT_RUNS_KEPT_DAYS]
    )
    return row
  }
}
