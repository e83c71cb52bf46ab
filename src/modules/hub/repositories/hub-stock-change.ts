import type { Context } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { HubStockChange } from "../models"
import type { ClaimedStockChange, StockPushOutcome, WantedStock } from "../models/hub-stock-change"

/** When outbox rows are due, from the plugin options (`stockCoalesceMs`, ...). */
export type StockTiming = {
  stockLeaseMs: number
  stockCoalesceMs: number
  stockMaxDelayMs: number
  stockMinPushIntervalMs: number
  stockRetryDelayMs: number
}

/**
 * The stock outbox's own SQL. Each claim, upsert and completion is one statement, so any number
 * of flushers (in one process or many) can share the outbox safely.
 */
export class HubStockChangeRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubStockChange) {
  /**
   * Records the available quantity each SKU should have on the hub: one row per SKU, the latest
   * quantity wins. A SKU whose quantity did not change is left alone (pending stays pending, sent
   * stays sent, and a rejected one is not resent unchanged). A reconciliation passes its id: a SKU
   * it found drifted on the hub is queued again even when the quantity is the one last sent.
   * Returns how many SKUs were queued.
   */
  async record(wanted: WantedStock[], reconciliationId: string | null, context: Context = {}): Promise<number> {
    const latestBySku = new Map(wanted.map((entry) => [entry.sku, entry.availableQuantity]))
    if (!latestBySku.size) return 0
    const rows = [...latestBySku].map(([sku, availableQuantity]) => ({
      id: generateEntityId(undefined, "hubstk"),
      sku,
      available_quantity: availableQuantity,
    }))
    const queued: unknown[] = await this.getActiveManager<EntityManager>(context).execute(
      `insert into hub_stock_change as c (id, sku, available_quantity, state, changed_at, last_changed_at, reconciliation_id)
       select id, sku, available_quantity, 'pending', now(), now(), ?::text
         from jsonb_to_recordset(?::jsonb) as input(id text, sku text, available_quantity integer)
       on conflict (sku) where deleted_at is null do update set
         available_quantity = excluded.available_quantity,
         version = c.version + case when c.available_quantity is distinct from excluded.available_quantity then 1 else 0 end,
         state = 'pending',
         changed_at = case when c.state = 'pending' then c.changed_at else now() end,
         last_changed_at = now(),
         reconciliation_id = coalesce(excluded.reconciliation_id, c.reconciliation_id),
         updated_at = now()
       where c.available_quantity is distinct from excluded.available_quantity
          or (excluded.reconciliation_id is not null and c.state <> 'rejected')
       returning c.id`,
      [reconciliationId, JSON.stringify(rows)]
    )
    return queued.length
  }

  /**
   * Claims up to `limit` pending rows that are due (quiet for `stockCoalesceMs`, or waiting longer
   * than `stockMaxDelayMs`; and last pushed at least `stockMinPushIntervalMs` ago) and not held by
   * a live claim, for `stockLeaseMs`. SKIP LOCKED: two flushers never get the same row.
   */
  async claim(limit: number, timing: StockTiming, context: Context = {}): Promise<ClaimedStockChange[]> {
    const claimToken = generateEntityId(undefined, "hubclaim")
    const rows: Array<{ id: string; sku: string; available_quantity: number }> = await this.getActiveManager<EntityManager>(context).execute(
      `update hub_stock_change as c set
         claim_token = ?, claimed_version = c.version,
         claimed_until = now() + ?::integer * interval '1 millisecond', updated_at = now()
       from (
         select id from hub_stock_change
          where deleted_at is null and state = 'pending'
            and (claimed_until is null or claimed_until <= now())
            and (last_changed_at <= now() - ?::integer * interval '1 millisecond'
                 or changed_at <= now() - ?::integer * interval '1 millisecond')
            and (sent_at is null or sent_at <= now() - ?::integer * interval '1 millisecond')
          order by changed_at
          limit ?
          for update skip locked
       ) as due
       where c.id = due.id
       returning c.id, c.sku, c.available_quantity`,
      [claimToken, timing.stockLeaseMs, timing.stockCoalesceMs, timing.stockMaxDelayMs, timing.stockMinPushIntervalMs, limit]
    )
    return rows.map((row) => ({ id: row.id, sku: row.sku, availableQuantity: row.available_quantity, claimToken }))
  }

  /** Milliseconds until the next pending row is due (0: now), or null when nothing is pending. */
  async nextDueInMs(timing: StockTiming, context: Context = {}): Promise<number | null> {
    const [row]: Array<{ due_in_ms: string | null }> = await this.getActiveManager<EntityManager>(context).execute(
      `select ceil(extract(epoch from min(greatest(
                coalesce(claimed_until, '-infinity'),
                least(last_changed_at + ?::integer * interval '1 millisecond', changed_at + ?::integer * interval '1 millisecond'),
                coalesce(sent_at + ?::integer * interval '1 millisecond', '-infinity')
              )) - now()) * 1000) as due_in_ms
         from hub_stock_change where deleted_at is null and state = 'pending'`,
      [timing.stockCoalesceMs, timing.stockMaxDelayMs, timing.stockMinPushIntervalMs]
    )
    return row?.due_in_ms == null ? null : Math.max(0, Number(row.due_in_ms))
  }

  /**
   * Records how the push of a claimed row ended, and counts it in its hour. `claim.availableQuantity`
   * is what was sent: a row the push settled keeps it as its quantity (what the hub holds now). Only the holder of the
   * claim updates the row; a row that changed while its push was in flight stays pending, so the
   * newer quantity goes next. A push that lands credits the reconciliation that queued it.
   */
  async complete(claim: ClaimedStockChange, outcome: StockPushOutcome, timing: StockTiming, context: Context = {}): Promise<void> {
    const settled =
      outcome.kind === "sent"
        ? `state = case when c.version = c.claimed_version then 'sent' else 'pending' end,
           available_quantity = case when c.version = c.claimed_version then ?::integer else c.available_quantity end,
           sent_quantity = ?::integer, sent_at = now(), attempts = 0, error = null, error_status = null,
           claimed_until = null, reconciliation_id = null`
        : outcome.kind === "rejected"
          ? `state = case when c.version = c.claimed_version then 'rejected' else 'pending' end,
             attempts = c.attempts + 1, error = ?::text, error_status = ?::integer,
             claimed_until = null, reconciliation_id = null`
          : `attempts = c.attempts + 1, error = ?::text, error_status = ?::integer,
             claimed_until = now() + least(600000, ?::integer * power(2, least(c.attempts, 12))) * interval '1 millisecond'`
    const settledParams =
      outcome.kind === "sent"
        ? [claim.availableQuantity, claim.availableQuantity]
        : outcome.kind === "rejected"
          ? [outcome.hubMessage.slice(0, 1000), outcome.status]
          : [outcome.reason.slice(0, 1000), outcome.status ?? null, timing.stockRetryDelayMs]
    const sentToHub = outcome.kind !== "rejected" || outcome.sent
    await this.getActiveManager<EntityManager>(context).execute(
      `with settled as (
         update hub_stock_change as c set ${settled},
           changed_at = case when c.version = c.claimed_version then c.changed_at else c.last_changed_at end,
           claim_token = null, updated_at = now()
           from hub_stock_change as before
          where c.id = ? and c.claim_token = ? and before.id = c.id
          returning before.reconciliation_id
       ), credited as (
         update hub_stock_reconciliation set fixed = fixed + 1, updated_at = now()
          where ?::boolean and id in (select reconciliation_id from settled)
       )
       insert into hub_stock_push_hour (id, hour, sent, failed)
       select ?, date_trunc('hour', now()), ?::integer, ?::integer where ?::boolean
       on conflict (hour) where deleted_at is null do update set
         sent = hub_stock_push_hour.sent + excluded.sent,
         failed = hub_stock_push_hour.failed + excluded.failed,
         updated_at = now()`,
      [
        ...settledParams,
        claim.id,
        claim.claimToken,
        outcome.kind === "sent",
        generateEntityId(undefined, "hubsph"),
        outcome.kind === "sent" ? 1 : 0,
        outcome.kind === "sent" ? 0 : 1,
        sentToHub,
      ]
    )
  }

  /** Gives back rows claimed with `claimToken` without a push (a flush that could not start). */
  async releaseClaims(claimToken: string, context: Context = {}): Promise<void> {
    await this.getActiveManager<EntityManager>(context).execute(
      `update hub_stock_change set claim_token = null, claimed_until = null, updated_at = now() where claim_token = ?`,
      [claimToken]
    )
  }
}
