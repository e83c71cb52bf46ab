import type { Context } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { HubCatalogueChange } from "../models"
import { DEFAULT_WAREHOUSE_CODE } from "../options"
import { SENDABLE } from "./outbox-held"
import type { OutboxTiming } from "./hub-product-claim"
import type { ClaimedCatalogueChange, CataloguePushOutcome, WantedSkuFields } from "../models/hub-catalogue-change"

/** A product's SKU as its card reads the outbox. */
export type ProductSkuRow = { sku: string; variant_id: string | null; wanted: unknown; accepted: unknown; sent_at: Date | null }

/**
 * The catalogue outbox's own SQL. Each claim, upsert and completion is one statement, so any number
 * of flushers (in one process or many) can share the outbox safely; its rows are claimed with their
 * hub product's (hub-product-claim.ts). Every method works on one hub
 * account's rows: a SKU sold on two accounts has a row in each, pushed by that account's flusher.
 */
export class HubCatalogueChangeRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubCatalogueChange) {
  /**
   * Records the fields each SKU should have on the hub: one row per SKU, the latest reading wins. A
   * SKU whose reading did not change is left alone (pending stays pending, sent stays sent, and a
   * refused one is not resent unchanged). A reconciliation passes its id and each SKU's drifted
   * fields: those are forgotten as accepted, so they go again even when equal to what was sent, and
   * a value the hub refused goes once more (once per reconciliation: the hub may have changed since).
   * Returns the products of the SKUs queued (null: a SKU no product holds), one per SKU.
   */
  async record(account: string, wanted: WantedSkuFields[], reconciliationId: string | null, context: Context = {}, warehouse: string = DEFAULT_WAREHOUSE_CODE): Promise<Array<string | null>> {
    const latestBySku = new Map(wanted.map((entry) => [entry.sku, entry]))
    if (!latestBySku.size) return []
    const rows = [...latestBySku.values()].map((entry) => ({
      id: generateEntityId(undefined, "hubcch"),
      sku: entry.sku,
      variant_id: entry.variantId,
      product_id: entry.productId,
      wanted: entry.fields,
      drifted: entry.drifted ?? [],
    }))
    const queued: Array<{ product_id: string | null }> = await this.getActiveManager<EntityManager>(context).execute(
      `with input as (
         select * from jsonb_to_recordset(?::jsonb) as input(id text, sku text, variant_id text, product_id text, wanted jsonb, drifted text[])
       )
       insert into hub_catalogue_change as c (id, account, warehouse, sku, variant_id, product_id, wanted, available_quantity, state, changed_at, last_changed_at, reconciliation_id)
       select id, ?::text, ?::text, sku, variant_id, product_id, wanted, (wanted->>'qty')::integer, 'pending', now(), now(), ?::text from input
       on conflict (account, warehouse, sku) where deleted_at is null do update set
         wanted = excluded.wanted,
         available_quantity = excluded.available_quantity,
         variant_id = coalesce(excluded.variant_id, c.variant_id),
         product_id = coalesce(excluded.product_id, c.product_id),
         accepted = c.accepted - coalesce((select drifted from input where input.sku = excluded.sku), '{}'),
         refused = c.refused - coalesce((select drifted from input where input.sku = excluded.sku), '{}'),
         version = c.version + case when c.wanted is distinct from excluded.wanted then 1 else 0 end,
         state = 'pending',
         changed_at = case when c.state = 'pending' then c.changed_at else now() end,
         last_changed_at = now(),
         reconciliation_id = coalesce(excluded.reconciliation_id, c.reconciliation_id),
         updated_at = now()
       where c.wanted is distinct from excluded.wanted
          or (excluded.reconciliation_id is not null and c.state <> 'refused')
       returning c.product_id`,
      [JSON.stringify(rows), account, warehouse, reconciliationId]
    )
    return queued.map((row) => row.product_id)
  }

  /**
   * Remembers SKUs a reconciliation found equal on the hub (their fields accepted as they are), so a
   * later delete or rename of their variant finds the SKU to stop selling. A SKU with a row keeps it;
   * a row written before rows named their variant is given it.
   */
  async remember(account: string, inSync: WantedSkuFields[], context: Context = {}): Promise<void> {
    if (!inSync.length) return
    const rows = inSync.map((entry) => ({
      id: generateEntityId(undefined, "hubcch"),
      sku: entry.sku,
      variant_id: entry.variantId,
      product_id: entry.productId,
      wanted: entry.fields,
    }))
    await this.getActiveManager<EntityManager>(context).execute(
      `insert into hub_catalogue_change as c (id, account, sku, variant_id, product_id, wanted, accepted, available_quantity, sent_quantity, state, changed_at, last_changed_at)
       select id, ?::text, sku, variant_id, product_id, wanted, wanted, (wanted->>'qty')::integer, (wanted->>'qty')::integer, 'sent', now(), now()
         from jsonb_to_recordset(?::jsonb) as input(id text, sku text, variant_id text, product_id text, wanted jsonb)
       on conflict (account, warehouse, sku) where deleted_at is null do update set
         variant_id = excluded.variant_id, product_id = excluded.product_id, updated_at = now()
       where c.variant_id is null`,
      [account, JSON.stringify(rows)]
    )
  }

  /**
   * SKUs a product's create carried: their fields count as accepted (the next push sends only what
   * changed since the create read them), and a refusal held from before the hub had them is over.
   */
  async acceptCreated(account: string, created: WantedSkuFields[], context: Context = {}): Promise<void> {
    if (!created.length) return
    const rows = created.map((entry) => ({ id: generateEntityId(undefined, "hubcch"), sku: entry.sku, variant_id: entry.variantId, product_id: entry.productId, fields: entry.fields }))
    await this.getActiveManager<EntityManager>(context).execute(
      `insert into hub_catalogue_change as c (id, account, sku, variant_id, product_id, wanted, accepted, available_quantity, sent_quantity, state, changed_at, last_changed_at, sent_at)
       select id, ?::text, sku, variant_id, product_id, fields, fields, (fields->>'qty')::integer, (fields->>'qty')::integer, 'sent', now(), now(), now()
         from jsonb_to_recordset(?::jsonb) as input(id text, sku text, variant_id text, product_id text, fields jsonb)
       on conflict (account, warehouse, sku) where deleted_at is null do update set
         accepted = c.accepted || excluded.accepted, refused = '{}'::jsonb, error = null, error_status = null,
         sent_quantity = coalesce((excluded.accepted->>'qty')::integer, c.sent_quantity), sent_at = now(),
         state = case when c.state in ('refused', 'awaiting') then 'pending' else c.state end,
         variant_id = coalesce(excluded.variant_id, c.variant_id), product_id = coalesce(excluded.product_id, c.product_id), updated_at = now()`,
      [account, JSON.stringify(rows)]
    )
  }

  /**
   * The hub holds the product now (linked to a SKU it held, or published): its SKUs that waited for it
   * are due again, so their fields go with its next push (a create's are accepted by `acceptCreated`).
   */
  async wakeAwaiting(account: string, productId: string, context: Context = {}): Promise<void> {
    await this.getActiveManager<EntityManager>(context).execute(
      `update hub_catalogue_change set state = 'pending', version = version + 1, changed_at = now(), last_changed_at = now(), updated_at = now()
        where deleted_at is null and account = ? and warehouse = '98' and product_id = ? and state = 'awaiting'`,
      [account, productId]
    )
  }

  /** The SKUs whose rows say one of these variants or products last held them (a delete event's SKUs). */
  async skusLastCarriedBy(account: string, holders: { variantIds: string[]; productIds: string[] }, context: Context = {}): Promise<string[]> {
    if (!holders.variantIds.length && !holders.productIds.length) return []
    const rows: Array<{ sku: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `select sku from hub_catalogue_change
        where deleted_at is null and account = ? and warehouse = '98'
          and (variant_id in (select jsonb_array_elements_text(?::jsonb)) or product_id in (select jsonb_array_elements_text(?::jsonb)))`,
      [account, JSON.stringify(holders.variantIds), JSON.stringify(holders.productIds)]
    )
    return rows.map((row) => row.sku)
  }

  /** How many of `account`'s SKUs wait to be pushed (`SENDABLE`: not a CD's row waiting for the hub to hold its SKU). */
  async backlog(account: string, context: Context = {}): Promise<number> {
    const [row]: Array<{ count: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `select count(*) as count from hub_catalogue_change as c where c.deleted_at is null and c.account = ? and ${SENDABLE}`,
      [account]
    )
    return Number(row.count)
  }

  /** Which of these SKUs `account` has a row of, at any warehouse: SKUs this store sold on its hub. */
  async skusWithRows(account: string, skus: string[], context: Context = {}): Promise<Set<string>> {
    if (!skus.length) return new Set()
    const rows: Array<{ sku: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `select distinct sku from hub_catalogue_change where deleted_at is null and account = ? and sku in (select jsonb_array_elements_text(?::jsonb))`,
      [account, JSON.stringify(skus)]
    )
    return new Set(rows.map((row) => row.sku))
  }

  /** `account`'s default-warehouse rows of one product: each SKU as wanted, as the hub took it, and when last sent (the product's card). */
  async productSkus(account: string, productId: string, context: Context = {}): Promise<ProductSkuRow[]> {
    return this.getActiveManager<EntityManager>(context).execute(
      `select sku, variant_id, wanted, accepted, sent_at from hub_catalogue_change
        where deleted_at is null and account = ? and warehouse = ? and product_id = ?`,
      [account, DEFAULT_WAREHOUSE_CODE, productId]
    )
  }

  /** How many SKUs `account`'s default warehouse has rows of (the price preview's whole catalogue). */
  async skuCount(account: string, context: Context = {}): Promise<number> {
    const [row]: Array<{ count: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `select count(*) as count from hub_catalogue_change where deleted_at is null and account = ? and warehouse = ?`,
      [account, DEFAULT_WAREHOUSE_CODE]
    )
    return Number(row.count)
  }

  /**
   * Gives back one claimed row untouched, due again at once: a push it went with was refused for another
   * field (a product's own, another SKU of a CD's batch), so it goes alone next.
   */
  async giveBack(claim: ClaimedCatalogueChange, context: Context = {}): Promise<void> {
    await this.getActiveManager<EntityManager>(context).execute(
      `update hub_catalogue_change set claim_token = null, ${CLAIM_OVER}, updated_at = now() where id = ? and claim_token = ?`,
      [claim.id, claim.claimToken]
    )
  }

  /**
   * A claimed row the hub does not hold, whose product's publication the hub has not taken yet (being
   * created, refused, not publishable or excluded): a PUT would be a 404, and the create carries it. It
   * waits, out of the backlog (its product's publication shows why), until it changes again or the
   * create's SKUs are accepted (`acceptCreated`). A row changed while claimed stays pending.
   */
  async awaitPublication(claim: ClaimedCatalogueChange, context: Context = {}): Promise<void> {
    await this.getActiveManager<EntityManager>(context).execute(
      `update hub_catalogue_change set state = case when version = claimed_version then 'awaiting' else 'pending' end,
         claim_token = null, updated_at = now()
        where id = ? and claim_token = ? and deleted_at is null`,
      [claim.id, claim.claimToken]
    )
  }

  /**
   * Records how the push of a claimed row ended, and counts it in its hour. `claim.wanted` is the
   * reading the push was made from: a row the push settled keeps it (what the hub holds now). Only the
   * holder of the claim updates the row; a row that changed while its push was in flight stays
   * pending, so the newer reading goes next. A push that lands credits the reconciliation that queued it.
   *
   * A push whose claim was lost meanwhile (it outlived its lease: a stalled process, a hub answering
   * slowly) may have landed after the push of whoever took the row over, leaving the hub an older
   * reading than the one that flusher recorded as sent. So the row is fenced: pending again, with
   * nothing taken as accepted, and no holder (the one holding it cannot mark it sent either); the next
   * push reads Medusa and sends every field again.
   */
  async complete(claim: ClaimedCatalogueChange, outcome: CataloguePushOutcome, timing: OutboxTiming, context: Context = {}): Promise<void> {
    const { settled, params, settledState } = settlement(claim, outcome, timing)
    const sentToHub = outcome.kind === "sent" || (outcome.kind === "refused" && outcome.sent)
    if (outcome.kind !== "unchanged") {
      await this.getActiveManager<EntityManager>(context).execute(
        `update hub_catalogue_change set
           accepted = '{}'::jsonb, state = 'pending', claim_token = null, version = version + 1,
           changed_at = case when state = 'pending' then changed_at else now() end, last_changed_at = now(), updated_at = now()
          where id = ? and claim_token is distinct from ? and deleted_at is null`,
        [claim.id, claim.claimToken]
      )
    }
    await this.getActiveManager<EntityManager>(context).execute(
      `with settled as (
         update hub_catalogue_change as c set ${settled},
           state = case when c.version = c.claimed_version then ${settledState} else 'pending' end,
           wanted = case when c.version = c.claimed_version then ?::jsonb else c.wanted end,
           available_quantity = case when c.version = c.claimed_version then (?::jsonb->>'qty')::integer else c.available_quantity end,
           changed_at = case when c.version = c.claimed_version then c.changed_at else c.last_changed_at end,
           claim_token = null, updated_at = now()
           from hub_catalogue_change as before
          where c.id = ? and c.claim_token = ? and before.id = c.id
          returning before.reconciliation_id
       ), credited as (
         update hub_catalogue_reconciliation set fixed = fixed + 1, updated_at = now()
          where ?::boolean and id in (select reconciliation_id from settled)
       )
       insert into hub_catalogue_push_hour (id, account, hour, sent, failed)
       select ?, ?::text, date_trunc('hour', now()), ?::integer, ?::integer where ?::boolean
       on conflict (account, hour) where deleted_at is null do update set
         sent = hub_catalogue_push_hour.sent + excluded.sent,
         failed = hub_catalogue_push_hour.failed + excluded.failed,
         updated_at = now()`,
      [
        ...params,
        JSON.stringify(claim.wanted),
        JSON.stringify(claim.wanted),
        claim.id,
        claim.claimToken,
        outcome.kind === "sent",
        generateEntityId(undefined, "hubsph"),
        claim.account,
        outcome.kind === "sent" ? 1 : 0,
        outcome.kind === "sent" ? 0 : 1,
        sentToHub,
      ]
    )
  }
}

/**
 * A row whose push left its quantity's refusal standing (nothing sent, or only catalogue fields) is
 * still refused: it waits for its quantity to change (a fenced row pushed again finds it so).
 */
const QTY_STILL_REFUSED = `case when c.refused->>'qty' is not null then 'refused' else 'sent' end`

/** A CD row's own lease ends with its push (a default-warehouse row's is its hub product claim's: hub-product-claim.ts). */
const CLAIM_OVER = `claimed_until = null`

/**
 * The SET clause of a push's outcome (before the state, wanted and claim columns every outcome sets),
 * its parameters, and the state the row takes when it did not change meanwhile.
 */
function settlement(claim: ClaimedCatalogueChange, outcome: CataloguePushOutcome, timing: OutboxTiming) {
  switch (outcome.kind) {
    case "sent": {
      // The fields sent as a JSON array (knex would spread a JS array into a list), or every refused one.
      const keys = JSON.stringify(Object.keys(outcome.fields))
      const refusedAfter = outcome.clearRefused ? `'{}'::jsonb` : `c.refused - array(select jsonb_array_elements_text(?::jsonb))`
      const keyParams = outcome.clearRefused ? [] : [keys]
      return {
        // What the hub accepted now; a refusal of these fields is over (its message goes with the last one).
        settled: `accepted = c.accepted || ?::jsonb, refused = ${refusedAfter},
           error = case when ${refusedAfter} = '{}'::jsonb then null else c.error end,
           error_status = case when ${refusedAfter} = '{}'::jsonb then null else c.error_status end,
           sent_quantity = coalesce((?::jsonb->>'qty')::integer, c.sent_quantity), sent_at = now(), attempts = 0,
           ${CLAIM_OVER}, retry_at = null, reconciliation_id = null`,
        params: [JSON.stringify(outcome.fields), ...keyParams, ...keyParams, ...keyParams, JSON.stringify(outcome.fields)],
        settledState: outcome.more ? `'pending'` : outcome.clearRefused || "qty" in outcome.fields ? `'sent'` : QTY_STILL_REFUSED,
      }
    }
    case "unchanged":
      return { settled: `attempts = 0, ${CLAIM_OVER}, retry_at = null, reconciliation_id = null`, params: [], settledState: QTY_STILL_REFUSED }
    case "refused": {
      // Stock refused: not resent until it changes. Only catalogue fields refused: a qty sent beside them goes alone.
      const settledState = outcome.more ? `'pending'` : "qty" in outcome.refused ? `'refused'` : `'sent'`
      return {
        settled: `refused = c.refused || ?::jsonb, attempts = c.attempts + 1, error = ?::text, error_status = ?::integer,
           ${CLAIM_OVER}, retry_at = null, reconciliation_id = null`,
        params: [JSON.stringify(outcome.refused), outcome.hubMessage.slice(0, 1000), outcome.status],
        settledState,
      }
    }
    case "failed":
      return {
        settled: `attempts = c.attempts + 1, error = ?::text, error_status = ?::integer, ${CLAIM_OVER},
           retry_at = now() + least(600000, ?::integer * power(2, least(c.attempts, 12))) * interval '1 millisecond'`,
        params: [outcome.reason.slice(0, 1000), outcome.status ?? null, timing.catalogueRetryDelayMs],
        settledState: `c.state`,
      }
  }
}
