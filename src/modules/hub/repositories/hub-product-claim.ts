import type { Context } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { HubProductClaim } from "../models"
import type { ClaimedCatalogueChange } from "../models/hub-catalogue-change"
import type { ClaimedPublication } from "../models/hub-product-publication"
import type { HubProductFields } from "../../../mapping/hub-product"

/** When an account's hub products are due, from its options. */
export type OutboxTiming = {
  publishProducts: boolean
  catalogueLeaseMs: number
  catalogueCoalesceMs: number
  catalogueMaxDelayMs: number
  catalogueMinPushIntervalMs: number
  catalogueRetryDelayMs: number
}

/** One claim: the hub products' publications and their SKUs' pending outbox rows, under one token. */
export type ClaimedHubProducts = { claimToken: string; publications: ClaimedPublication[]; skus: ClaimedCatalogueChange[] }

/** The hub product an outbox row belongs to: its Medusa product, or the SKU alone when no product holds it. */
export const HUB_PRODUCT_OF_SKU_ROW = `coalesce(c.product_id, 'sku:' || c.sku)`

/**
 * Each hub product's due rows, as (hub product, quiet at, deadline): a publication is quiet at its
 * `due_at` (its deadline `catalogueMaxDelayMs` after its first change, or a failure's wait); a pending outbox row once quiet for `catalogueCoalesceMs`, or `catalogueMaxDelayMs` after its
 * first change, never sooner than `catalogueMinPushIntervalMs` after its last push nor before a failure's
 * back-off ends (`retry_at`). A hub product is due once every row of it is quiet, or the first deadline passes:
 * the saves of one edit (the product, its prices, its stock) are one push.
 */
const DUE_ROWS = `
  select c.product_id as hub_product, c.due_at as quiet_at, greatest(c.due_at, coalesce(c.changed_at + ?::integer * interval '1 millisecond', c.due_at)) as deadline
    from hub_product_publication as c
   where ?::boolean and c.deleted_at is null and c.account = ? and c.due_at is not null
  union all
  select ${HUB_PRODUCT_OF_SKU_ROW},
         greatest(c.last_changed_at + ?::integer * interval '1 millisecond', coalesce(c.sent_at + ?::integer * interval '1 millisecond', '-infinity'), coalesce(c.retry_at, '-infinity')),
         greatest(c.changed_at + ?::integer * interval '1 millisecond', coalesce(c.sent_at + ?::integer * interval '1 millisecond', '-infinity'), coalesce(c.retry_at, '-infinity'))
    from hub_catalogue_change as c
   where c.deleted_at is null and c.account = ? and c.warehouse = '98' and c.state = 'pending'`

const dueParams = (account: string, timing: OutboxTiming) => [
  timing.catalogueMaxDelayMs,
  timing.publishProducts,
  account,
  timing.catalogueCoalesceMs,
  timing.catalogueMinPushIntervalMs,
  timing.catalogueMaxDelayMs,
  timing.catalogueMinPushIntervalMs,
  account,
]

const LIVE_CLAIM = `select 1 from hub_product_claim as l where l.deleted_at is null and l.account = ? and l.hub_product = due.hub_product and l.claimed_until > now()`

/**
 * An outbox row no live claim holds. The lease is the claim's alone (its `hub_product_claim` row): a row
 * that moved to another hub product while claimed (a SKU given a product) is still held by the claim
 * it was taken with until that claim ends.
 */
const ROW_FREE = `(c.claim_token is null or not exists (select 1 from hub_product_claim as h where h.claim_token = c.claim_token and h.claimed_until > now() and h.deleted_at is null))`

/**
 * The one claim of the catalogue (issue 51): a hub product at a time, its publication (option
 * `publishProducts`) and every pending outbox row of its SKUs together, so no row is ever claimed
 * apart from its product and no claim condition reads the other kind of row. The claim row in
 * `hub_product_claim` is what two flushers race for (its unique key: one wins, and a transaction-scoped
 * advisory lock has the other skip it at once and take the next). Its row holds the claim's one lease;
 * the publication and outbox rows carry only the token, so each row's completion is fenced by it. One
 * statement each.
 */
export class HubProductClaimRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubProductClaim) {
  /** Claims up to `limit` due hub products of the account, free of a live claim, the longest due first, for `catalogueLeaseMs`. */
  async claim(account: string, limit: number, timing: OutboxTiming, context: Context = {}): Promise<ClaimedHubProducts> {
    const claimed: ClaimedHubProducts = { claimToken: generateEntityId(undefined, "hubclaim"), publications: [], skus: [] }
    // A claimer whose snapshot was taken before another's claim committed, and whose locks came after,
    // finds those hub products taken only at its insert: it goes again, from a snapshot that sees them.
    for (let left = limit, tries = 0; left > 0 && tries < 3; tries++) {
      const round = await this.claimOnce(account, claimed.claimToken, left, timing, context)
      claimed.publications.push(...round.publications)
      claimed.skus.push(...round.skus)
      if (round.won >= round.candidates) break
      left -= round.won
    }
    return claimed
  }

  private async claimOnce(account: string, claimToken: string, limit: number, timing: OutboxTiming, context: Context) {
    const lease = `now() + ?::integer * interval '1 millisecond'`
    const [row]: Array<{ publications: PublicationRow[]; skus: SkuRow[]; candidates: string; won: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `with due as (
         select hub_product, least(max(quiet_at), min(deadline)) as due_at from (${DUE_ROWS}) as rows group by hub_product
       ), free as (
         -- A hub product another claimer is taking at this moment is skipped, not waited for (as SKIP
         -- LOCKED would): the lock is tried on the due ones in order, up to the limit (a volatile
         -- function is never pushed down into the ordered subquery), and held until the statement ends.
         select hub_product from (
           select hub_product from due where due_at <= now() and not exists (${LIVE_CLAIM}) order by due_at
         ) as ordered
          where pg_try_advisory_xact_lock(hashtextextended('hub_product_claim:' || ?::text || ':' || hub_product, 0))
          limit ?
       ), claimed as (
         insert into hub_product_claim as l (id, account, hub_product, claim_token, claimed_until)
         select 'hubpcl_' || replace(gen_random_uuid()::text, '-', ''), ?, hub_product, ?, ${lease} from free
         on conflict (account, hub_product) where deleted_at is null do update set
           claim_token = excluded.claim_token, claimed_until = excluded.claimed_until, updated_at = now()
          where l.claimed_until <= now()
         returning l.hub_product
       ), publications as (
         update hub_product_publication as c set claim_token = ?, claimed_version = c.version, updated_at = now()
          where ?::boolean and c.deleted_at is null and c.account = ? and c.product_id in (select hub_product from claimed)
          returning c.id, c.product_id, c.excluded, c.accepted, c.refused, c.outcome_unknown, c.attempts
       ), skus as (
         update hub_catalogue_change as c set claim_token = ?, claimed_version = c.version, updated_at = now()
          where c.deleted_at is null and c.account = ? and c.warehouse = '98' and c.state = 'pending' and ${ROW_FREE} and (c.retry_at is null or c.retry_at <= now())
            and ${HUB_PRODUCT_OF_SKU_ROW} in (select hub_product from claimed)
          returning c.id, c.sku, c.product_id, ${HUB_PRODUCT_OF_SKU_ROW} as hub_product, c.wanted, c.accepted, c.refused, c.sent_at, c.reconciliation_id
       )
       select (select coalesce(json_agg(p), '[]'::json) from publications as p) as publications,
              (select coalesce(json_agg(s), '[]'::json) from skus as s) as skus,
              (select count(*) from free) as candidates, (select count(*) from claimed) as won`,
      [
        ...dueParams(account, timing),
        account,
        account,
        limit,
        account,
        claimToken,
        timing.catalogueLeaseMs,
        claimToken,
        timing.publishProducts,
        account,
        claimToken,
        account,
      ]
    )
    return {
      publications: row.publications.map((publication) => claimedPublication(publication, account, claimToken)),
      skus: row.skus.map((sku) => claimedChange(sku, account, claimToken)),
      candidates: Number(row.candidates),
      won: Number(row.won),
    }
  }

  /** Milliseconds until the account's next hub product is due and free (0: now), or null when none waits. */
  async nextDueInMs(account: string, timing: OutboxTiming, context: Context = {}): Promise<number | null> {
    const [row]: Array<{ due_in_ms: string | null }> = await this.getActiveManager<EntityManager>(context).execute(
      `with due as (
         select hub_product, least(max(quiet_at), min(deadline)) as due_at from (${DUE_ROWS}) as rows group by hub_product
       )
       select ceil(extract(epoch from min(greatest(due.due_at, coalesce(l.claimed_until, '-infinity'))) - now()) * 1000) as due_in_ms
         from due left join hub_product_claim as l on l.deleted_at is null and l.account = ? and l.hub_product = due.hub_product`,
      [...dueParams(account, timing), account]
    )
    return row?.due_in_ms == null ? null : Math.max(0, Number(row.due_in_ms))
  }

  /** Moves on the claim's lease while its pushes are in flight (one that ran out is not revived); how many hub products are still held. */
  async renew(claimToken: string, leaseMs: number, context: Context = {}): Promise<number> {
    const [row]: Array<{ held: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `with renewed as (
         update hub_product_claim set claimed_until = now() + ?::integer * interval '1 millisecond'
          where claim_token = ? and claimed_until > now() and deleted_at is null returning id
       )
       select count(*) as held from renewed`,
      [leaseMs, claimToken]
    )
    return Number(row.held)
  }

  /** Frees one hub product once its push has settled every row it claimed, or (none named) every one of the claim. */
  async free(claimToken: string, hubProduct?: string, context: Context = {}): Promise<void> {
    await this.getActiveManager<EntityManager>(context).execute(
      `delete from hub_product_claim where claim_token = ? and (?::text is null or hub_product = ?)`,
      [claimToken, hubProduct ?? null, hubProduct ?? null]
    )
  }

  /** Gives back everything claimed with `claimToken`, without a push (a round that failed). */
  async release(claimToken: string, context: Context = {}): Promise<void> {
    const free = `set claim_token = null, updated_at = now() where claim_token = ?`
    await this.getActiveManager<EntityManager>(context).execute(
      `with publications as (update hub_product_publication ${free} returning id), skus as (update hub_catalogue_change ${free} returning id)
       delete from hub_product_claim where claim_token = ?`,
      [claimToken, claimToken, claimToken]
    )
  }
}

type PublicationRow = { id: string; product_id: string; excluded: boolean; accepted: unknown; refused: unknown; outcome_unknown: boolean; attempts: number }

type SkuRow = {
  id: string
  sku: string
  product_id: string | null
  hub_product: string
  wanted: HubProductFields | null
  accepted: HubProductFields
  refused: HubProductFields
  sent_at: string | null
  reconciliation_id: string | null
}

function claimedPublication(row: PublicationRow, account: string, claimToken: string): ClaimedPublication {
  return {
    id: row.id,
    account,
    productId: row.product_id,
    excluded: row.excluded,
    accepted: row.accepted,
    refused: row.refused,
    outcomeUnknown: row.outcome_unknown,
    attempts: row.attempts,
    claimToken,
  }
}

function claimedChange(row: SkuRow, account: string, claimToken: string): ClaimedCatalogueChange {
  return {
    id: row.id,
    account,
    sku: row.sku,
    productId: row.product_id,
    hubProduct: row.hub_product,
    wanted: row.wanted ?? {},
    accepted: row.accepted,
    refused: row.refused,
    lastSentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    onHub: row.sent_at !== null || Object.keys(row.accepted).length > 0 || row.reconciliation_id !== null,
    claimToken,
  }
}
