import type { Context } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { HubCatalogueChange } from "../models"
import { HELD_BY_HUB } from "./outbox-held"
import type { OutboxTiming } from "./hub-product-claim"
import type { ClaimedCatalogueChange } from "../models/hub-catalogue-change"

/** What the outbox says a warehouse holds of a SKU: the qty it last took, the one it refused, and whether a push is queued. */
export type WarehouseStockRecord = { warehouse: string; sku: string; pending: boolean; acceptedQty: number | null; refusedQty: number | null }

/**
 * A SKU of the reconciliation's walk as Medusa holds it now: its live variant (none: the SKU left
 * Medusa), whether its product is in the account's channel, and each inventory item's levels at the
 * locations asked for (`manage_inventory` false: Medusa does not count its stock).
 */
export type WarehouseStockReading = {
  sku: string
  variant_id: string | null
  product_id: string | null
  manage_inventory: boolean | null
  in_channel: boolean
  items: Array<{ required: number; levels: Array<{ location: string; stocked: number; reserved: number }> }>
}

/** A warehouse's outbox row a flusher claimed: its CD's store code beside the row (docs/catalogue.md, *Warehouses*). */
export type ClaimedWarehouseStock = ClaimedCatalogueChange & { warehouse: string }

/**
 * The rows of the catalogue outbox (`hub_catalogue_change`) for a warehouse other than the default:
 * recorded and settled as the default's are (hub-catalogue-change.ts, `record` and `complete`), claimed
 * here, a warehouse at a time, without a hub product (a CD takes only qty, in batches). A row is due as
 * the default's: quiet for `catalogueCoalesceMs`, or `catalogueMaxDelayMs` after its first change, never
 * sooner than `catalogueMinPushIntervalMs` after its last push nor before a failure's back-off ends (`retry_at`),
 * and only once the hub holds its SKU (`HELD_BY_HUB`).
 */
/** One warehouse's rows in the outbox: SKUs waiting to be sent, refused, and the newest refusal as the hub worded it. */
export type WarehouseStockSummary = { warehouse: string; pending: number; refused: number; refusal: string | null }

export class HubWarehouseStockRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubCatalogueChange) {
  /** Claims up to `limit` due rows of one warehouse, each its own lease (`claimed_until`) for `catalogueLeaseMs`; SKIP LOCKED, so two flushers never share one. */
  async claim(account: string, warehouse: string, limit: number, timing: OutboxTiming, context: Context = {}): Promise<ClaimedWarehouseStock[]> {
    const claimToken = generateEntityId(undefined, "hubwhc")
    const rows: Array<{ id: string; sku: string; product_id: string | null; wanted: Record<string, unknown> | null; accepted: Record<string, unknown>; refused: Record<string, unknown>; sent_at: string | null }> =
      await this.getActiveManager<EntityManager>(context).execute(
        `with due as (
           select c.id from hub_catalogue_change as c
            where c.deleted_at is null and c.account = ? and c.warehouse = ? and c.state = 'pending'
              and (c.claimed_until is null or c.claimed_until <= now()) and (c.retry_at is null or c.retry_at <= now())
              and least(c.last_changed_at + ?::integer * interval '1 millisecond', c.changed_at + ?::integer * interval '1 millisecond') <= now()
              and (c.sent_at is null or c.sent_at + ?::integer * interval '1 millisecond' <= now())
              and ${HELD_BY_HUB}
            order by c.changed_at, c.id
            limit ?
            for update skip locked
         )
         update hub_catalogue_change as c set claim_token = ?, claimed_version = c.version,
           claimed_until = now() + ?::integer * interval '1 millisecond', updated_at = now()
           from due where c.id = due.id
         returning c.id, c.sku, c.product_id, c.wanted, c.accepted, c.refused, c.sent_at`,
        [account, warehouse, timing.catalogueCoalesceMs, timing.catalogueMaxDelayMs, timing.catalogueMinPushIntervalMs, limit, claimToken, timing.catalogueLeaseMs]
      )
    return rows.map((row) => ({
      id: row.id,
      account,
      warehouse,
      sku: row.sku,
      productId: row.product_id,
      hubProduct: `sku:${row.sku}`,
      wanted: row.wanted ?? {},
      accepted: row.accepted,
      refused: row.refused,
      lastSentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
      onHub: row.sent_at !== null,
      claimToken,
    }))
  }

  /** Milliseconds until the account's next warehouse row is due and free (0: now), or null when none waits. */
  async nextDueInMs(account: string, warehouses: string[], timing: OutboxTiming, context: Context = {}): Promise<number | null> {
    if (!warehouses.length) return null
    const [row]: Array<{ due_in_ms: string | null }> = await this.getActiveManager<EntityManager>(context).execute(
      `select ceil(extract(epoch from min(greatest(
                least(c.last_changed_at + ?::integer * interval '1 millisecond', c.changed_at + ?::integer * interval '1 millisecond'),
                coalesce(c.sent_at + ?::integer * interval '1 millisecond', '-infinity'),
                coalesce(c.claimed_until, '-infinity'), coalesce(c.retry_at, '-infinity'))) - now()) * 1000) as due_in_ms
         from hub_catalogue_change as c
        where c.deleted_at is null and c.account = ? and c.warehouse in (select jsonb_array_elements_text(?::jsonb)) and c.state = 'pending'
          and ${HELD_BY_HUB}`,
      [timing.catalogueCoalesceMs, timing.catalogueMaxDelayMs, timing.catalogueMinPushIntervalMs, account, JSON.stringify(warehouses)]
    )
    return row?.due_in_ms == null ? null : Math.max(0, Number(row.due_in_ms))
  }

  /** Each of `warehouses`' SKUs waiting to be sent and refused by the hub, with the newest refusal in the hub's words. */
  async summary(account: string, warehouses: string[], context: Context = {}): Promise<WarehouseStockSummary[]> {
    if (!warehouses.length) return []
    const rows: Array<{ warehouse: string; pending: number; refused: number; refusal: string | null }> = await this.getActiveManager<EntityManager>(context).execute(
      `select c.warehouse, count(*) filter (where c.state = 'pending')::integer as pending, count(*) filter (where c.state = 'refused')::integer as refused,
              (array_agg(c.error order by c.updated_at desc) filter (where c.state = 'refused'))[1] as refusal
         from hub_catalogue_change as c
        where c.deleted_at is null and c.account = ? and c.warehouse in (select jsonb_array_elements_text(?::jsonb))
        group by c.warehouse`,
      [account, JSON.stringify(warehouses)]
    )
    const found = new Map(rows.map((row) => [row.warehouse, row]))
    return warehouses.map((warehouse) => ({ warehouse, pending: found.get(warehouse)?.pending ?? 0, refused: found.get(warehouse)?.refused ?? 0, refusal: found.get(warehouse)?.refusal ?? null }))
  }

  /** What the outbox says each of `warehouses` holds of `skus` (a SKU a warehouse never took has no record). */
  async recordsOf(account: string, warehouses: string[], skus: string[], context: Context = {}): Promise<WarehouseStockRecord[]> {
    if (!warehouses.length || !skus.length) return []
    const rows: Array<{ warehouse: string; sku: string; state: string; accepted_qty: number | null; refused_qty: number | null }> = await this.getActiveManager<EntityManager>(context).execute(
      `select c.warehouse, c.sku, c.state, (c.accepted->>'qty')::integer as accepted_qty, (c.refused->>'qty')::integer as refused_qty
         from hub_catalogue_change as c
        where c.deleted_at is null and c.account = ? and c.warehouse in (select jsonb_array_elements_text(?::jsonb))
          and c.sku in (select jsonb_array_elements_text(?::jsonb))`,
      [account, JSON.stringify(warehouses), JSON.stringify(skus)]
    )
    return rows.map((row) => ({ warehouse: row.warehouse, sku: row.sku, pending: row.state === "pending", acceptedQty: row.accepted_qty, refusedQty: row.refused_qty }))
  }

  /**
   * Settles a warehouse batch the hub took (204) in one statement, as `complete` settles each row of a
   * sent push (hub-catalogue-change.ts): the qty sent accepted and any refusal over; a row changed while
   * claimed stays pending (its `version`); a row whose claim was lost meanwhile forgets what was accepted,
   * so its next push sends it again. Each row crediting its reconciliation, and the batch counted in the
   * account's hour. One row at a time cost two statements a SKU, 1,000 for a batch of 500: the batches
   * waited on their own bookkeeping, far below the stores' limit.
   */
  async completeSent(account: string, sent: Array<{ claim: ClaimedWarehouseStock; qty: number }>, context: Context = {}): Promise<void> {
    if (!sent.length) return
    const input = sent.map(({ claim, qty }) => ({ id: claim.id, claim_token: claim.claimToken, qty, wanted: claim.wanted }))
    await this.getActiveManager<EntityManager>(context).execute(
      `with input as (
         select * from jsonb_to_recordset(?::jsonb) as input(id text, claim_token text, qty integer, wanted jsonb)
       ), lost as (
         update hub_catalogue_change as c set
           accepted = '{}'::jsonb, state = 'pending', claim_token = null, version = c.version + 1,
           changed_at = case when c.state = 'pending' then c.changed_at else now() end, last_changed_at = now(), updated_at = now()
           from input
          where c.id = input.id and c.claim_token is distinct from input.claim_token and c.deleted_at is null
       ), settled as (
         update hub_catalogue_change as c set
           accepted = c.accepted || jsonb_build_object('qty', input.qty), refused = '{}'::jsonb, error = null, error_status = null,
           sent_quantity = input.qty, sent_at = now(), attempts = 0, claimed_until = null, retry_at = null, reconciliation_id = null,
           state = case when c.version = c.claimed_version then 'sent' else 'pending' end,
           wanted = case when c.version = c.claimed_version then input.wanted else c.wanted end,
           available_quantity = case when c.version = c.claimed_version then (input.wanted->>'qty')::integer else c.available_quantity end,
           changed_at = case when c.version = c.claimed_version then c.changed_at else c.last_changed_at end,
           claim_token = null, updated_at = now()
           from hub_catalogue_change as before, input
          where c.id = input.id and c.claim_token = input.claim_token and before.id = c.id
          returning before.reconciliation_id
       ), credited as (
         update hub_catalogue_reconciliation as r set fixed = r.fixed + n.count, updated_at = now()
           from (select reconciliation_id, count(*)::integer as count from settled where reconciliation_id is not null group by reconciliation_id) as n
          where r.id = n.reconciliation_id
       )
       insert into hub_catalogue_push_hour (id, account, hour, sent, failed)
       values (?, ?::text, date_trunc('hour', now()), ?::integer, 0)
       on conflict (account, hour) where deleted_at is null do update set
         sent = hub_catalogue_push_hour.sent + excluded.sent, updated_at = now()`,
      [JSON.stringify(input), generateEntityId(undefined, "hubsph"), account, sent.length]
    )
  }

  /**
   * The reconciliation's walk over the account's SKUs (docs/catalogue.md, *Warehouses*): the next
   * `limit` after `after`, in SKU order, of the default warehouse's rows (every SKU the account's hub
   * was sent or found holding; those waiting for their product on the hub left out: a CD takes only SKUs
   * the hub holds), with Medusa's stock of each at `locationIds`, in one statement (`STOCK_OF_SKU`).
   */
  async stockPage(account: string, page: { after: string | null; limit: number }, salesChannelId: string | null, locationIds: string[], context: Context = {}): Promise<WarehouseStockReading[]> {
    const rows: WarehouseStockReading[] = await this.getActiveManager<EntityManager>(context).execute(
      `select c.sku, ${STOCK_OF_SKU}
         from hub_catalogue_change c
         left join product_variant v on v.sku = c.sku and v.deleted_at is null
        where c.account = ? and c.warehouse = '98' and c.state <> 'awaiting' and c.deleted_at is null and (?::text is null or c.sku > ?::text)
        order by c.sku
        limit ?`,
      [salesChannelId, salesChannelId, JSON.stringify(locationIds), account, page.after, page.after, page.limit]
    )
    return rows.map(stockReading)
  }

  /** Medusa's stock of `skus` at `locationIds`, in one statement (`STOCK_OF_SKU`): what a warehouse batch reads as it leaves. */
  async stockOf(skus: string[], salesChannelId: string | null, locationIds: string[], context: Context = {}): Promise<WarehouseStockReading[]> {
    const rows: WarehouseStockReading[] = await this.getActiveManager<EntityManager>(context).execute(
      `select c.sku, ${STOCK_OF_SKU}
         from (select distinct jsonb_array_elements_text(?::jsonb) as sku) c
         left join product_variant v on v.sku = c.sku and v.deleted_at is null`,
      [salesChannelId, salesChannelId, JSON.stringify(locationIds), JSON.stringify(skus)]
    )
    return rows.map(stockReading)
  }
}

/**
 * A SKU's variant and its stock at the locations given, beside `c.sku` and `v` (its live variant): what
 * the modules would read with a read per module and relation (Medusa 2.21's product, link and inventory
 * tables in the store's one database, soft-deleted rows left out as the modules leave them out).
 * Parameters: the sales channel twice (null: every product sells), the locations as a JSON array.
 * integration-tests/http/warehouses-reconciliation.spec.ts holds it to the change flow's reading.
 */
const STOCK_OF_SKU = `v.id as variant_id, v.product_id, v.manage_inventory,
              (?::text is null or exists (select 1 from product_sales_channel sc
                 where sc.product_id = v.product_id and sc.sales_channel_id = ?::text and sc.deleted_at is null)) as in_channel,
              coalesce((select jsonb_agg(jsonb_build_object('required', l.required_quantity, 'levels',
                  coalesce((select jsonb_agg(jsonb_build_object('location', il.location_id, 'stocked', il.stocked_quantity, 'reserved', il.reserved_quantity))
                              from inventory_level il
                             where il.inventory_item_id = l.inventory_item_id and il.deleted_at is null
                               and il.location_id in (select jsonb_array_elements_text(?::jsonb))), '[]'::jsonb)))
                 from product_variant_inventory_item l
                 join inventory_item i on i.id = l.inventory_item_id and i.deleted_at is null
                where l.variant_id = v.id and l.deleted_at is null), '[]'::jsonb) as items`

/** A row of `STOCK_OF_SKU` with its numbers as numbers (PostgreSQL's numeric comes back a string). */
function stockReading(row: WarehouseStockReading): WarehouseStockReading {
  return { ...row, items: row.items.map((item) => ({ required: Number(item.required), levels: item.levels.map((level) => ({ location: level.location, stocked: Number(level.stocked), reserved: Number(level.reserved) })) })) }
}
