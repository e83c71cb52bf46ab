import type { Context } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { HubCatalogueReconciliation } from "../models"
import type { HubProductField } from "../../../mapping/hub-product"
import type { CatalogueFigures } from "../models/hub-catalogue-change"
import { SENDABLE } from "./outbox-held"

type SkuInError = CatalogueFigures["skusInError"][number]

/** Reconciliations' own SQL, and the stock sync's figures the admin page reads (one round of queries), each of one hub account. */
export class HubCatalogueReconciliationRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubCatalogueReconciliation) {
  /** Starts one of the account's reconciliations; its id. */
  async begin(account: string, context: Context = {}): Promise<string> {
    const id = generateEntityId(undefined, "hubrec")
    await this.getActiveManager<EntityManager>(context).execute(
      `insert into hub_catalogue_reconciliation (id, account, started_at) values (?, ?, now())`,
      [id, account]
    )
    return id
  }

  /** Ends one of the account's reconciliations (a row of another account is left alone). */
  async end(
    account: string,
    id: string,
    ended: { error: string | null; leakedOrders: number; warehouses: Record<string, { seen: number; differing: number }> },
    context: Context = {}
  ): Promise<void> {
    await this.getActiveManager<EntityManager>(context).execute(
      `update hub_catalogue_reconciliation set finished_at = now(), updated_at = now(), error = ?, leaked_orders = ?, warehouses = ?::jsonb
        where id = ? and account = ?`,
      [ended.error, ended.leakedOrders, JSON.stringify(ended.warehouses), id, account]
    )
  }

  /** Adds a page's counts to a running reconciliation, so a walk that dies keeps what it did. */
  async count(
    id: string,
    counts: { seen: number; differing: number; unknown: number; differingFields: Partial<Record<HubProductField, number>> },
    context: Context = {}
  ): Promise<void> {
    await this.getActiveManager<EntityManager>(context).execute(
      `update hub_catalogue_reconciliation
          set seen = seen + ?, differing = differing + ?, unknown = unknown + ?, updated_at = now(),
              differing_fields = (
                select coalesce(jsonb_object_agg(field, total), '{}'::jsonb) from (
                  select field, sum(count::integer)::integer as total
                    from (select * from jsonb_each_text(differing_fields) union all select * from jsonb_each_text(?::jsonb)) as counts(field, count)
                   group by field
                ) as sums
              )
        where id = ?`,
      [counts.seen, counts.differing, counts.unknown, JSON.stringify(counts.differingFields), id]
    )
  }

  /** True when the account's last reconciliation started at least `everyMinutes` ago (or none ever did). */
  async isDue(account: string, everyMinutes: number, context: Context = {}): Promise<boolean> {
    const [row]: Array<{ due: boolean }> = await this.getActiveManager<EntityManager>(context).execute(
      `select coalesce(max(started_at) <= now() - ?::integer * interval '1 minute', true) as due
         from hub_catalogue_reconciliation where deleted_at is null and account = ?`,
      [everyMinutes, account]
    )
    return row.due
  }

  /**
   * A page of the SKUs the hub refused (4xx), or whose last push failed, newest first, and how many
   * there are (the count holds past the last page too).
   */
  async skusInError(account: string, { limit, offset }: { limit: number; offset: number }, context: Context = {}): Promise<{ skus: SkuInError[]; count: number }> {
    const rows: Array<Record<string, any>> = await this.getActiveManager<EntityManager>(context).execute(
      `with erring as (
         select id, sku, state, available_quantity, error_status, error, attempts, updated_at, refused from hub_catalogue_change
          where deleted_at is null and account = ? and ((error is not null and state <> 'sent') or refused <> '{}'::jsonb)
       ),
       page as (select * from erring order by updated_at desc, id limit ? offset ?)
       -- One row at least (the count alone) when the page is past the end.
       select page.*, (select count(*) from erring) as total
       from (select 1) as one left join page on true
       order by page.updated_at desc, page.id`,
      [account, limit, offset]
    )
    return {
      skus: rows.filter((row) => row.sku !== null).map((row) => ({
        sku: row.sku,
        state: row.state,
        availableQuantity: row.available_quantity,
        status: row.error_status,
        reason: row.error,
        attempts: row.attempts,
        since: new Date(row.updated_at).toISOString(),
        refusedFields: row.refused ?? {},
      })),
      count: Number(rows[0]?.total ?? 0),
    }
  }

  /**
   * A page of the account's SKUs whose price is going down in steps: the price Medusa wants is a cut of
   * more than `stepCutPercent` from the one the hub holds (src/mapping/hub-price-steps.ts: more than one
   * step left), by SKU; and how many in all.
   */
  async priceSteps(
    account: string,
    stepCutPercent: number,
    { limit, offset }: { limit: number; offset: number },
    context: Context = {}
  ): Promise<{ rows: Array<{ sku: string; variant_id: string | null; wanted: unknown; accepted: unknown }>; count: number }> {
    const rows: Array<Record<string, any>> = await this.getActiveManager<EntityManager>(context).execute(
      `with stepping as (
         select sku, variant_id, wanted, accepted from hub_catalogue_change
          where deleted_at is null and account = ?
            and jsonb_typeof(wanted->'price') = 'number' and jsonb_typeof(accepted->'price') = 'number'
            and (wanted->>'price')::numeric < (accepted->>'price')::numeric * (1 - ?::numeric / 100)
       ),
       page as (select * from stepping order by sku limit ? offset ?)
       select page.*, (select count(*) from stepping) as total
       from (select 1) as one left join page on true
       order by page.sku`,
      [account, stepCutPercent, limit, offset]
    )
    return { rows: rows.filter((row) => row.sku !== null).map(({ sku, variant_id, wanted, accepted }) => ({ sku, variant_id, wanted, accepted })), count: Number(rows[0]?.total ?? 0) }
  }

  /** The stock sync's figures for the admin page. */
  async catalogueFigures(account: string, context: Context = {}): Promise<Omit<CatalogueFigures, "syncedFields">> {
    const manager = this.getActiveManager<EntityManager>(context)
    const [[outbox], hours, errors, [last], [verified]] = await Promise.all([
      manager.execute(
        `select count(*)::integer as backlog, min(c.changed_at) as oldest
           from hub_catalogue_change as c where c.deleted_at is null and c.account = ? and ${SENDABLE}`,
        [account]
      ),
      manager.execute(
        `select hour, sent, failed from hub_catalogue_push_hour
          where deleted_at is null and account = ? and hour > now() - interval '24 hours' order by hour desc`,
        [account]
      ),
      this.skusInError(account, { limit: 100, offset: 0 }, context),
      manager.execute(
        `select id, started_at, finished_at, seen, differing, differing_fields, fixed, unknown, leaked_orders, warehouses, error from hub_catalogue_reconciliation
          where deleted_at is null and account = ? order by started_at desc limit 1`,
        [account]
      ),
      // Verified equal: a whole walk that found no product differing, at the default warehouse nor at another.
      manager.execute(
        `select max(started_at) as at from hub_catalogue_reconciliation
          where deleted_at is null and account = ? and finished_at is not null and error is null and differing = 0
            and not exists (select 1 from jsonb_each(warehouses) as part where (part.value ->> 'differing')::integer > 0)`,
        [account]
      ),
    ])
    const iso = (value: Date | string | null) => (value == null ? null : new Date(value).toISOString())
    return {
      backlog: outbox.backlog,
      oldestPendingChangeAt: iso(outbox.oldest),
      lastVerifiedAt: iso(verified?.at ?? null),
      pushesByHour: hours.map((row: Record<string, any>) => ({
        hour: iso(row.hour)!,
        sent: row.sent,
        failed: row.failed,
      })),
      skusInError: errors.skus,
      lastReconciliation: last
        ? {
            id: last.id,
            startedAt: iso(last.started_at)!,
            finishedAt: iso(last.finished_at),
            seen: last.seen,
            differing: last.differing,
            differingFields: last.differing_fields ?? {},
            fixed: last.fixed,
            unknown: last.unknown,
            leakedOrders: last.leaked_orders,
            warehouses: last.warehouses ?? {},
            error: last.error,
          }
        : null,
    }
  }
}
