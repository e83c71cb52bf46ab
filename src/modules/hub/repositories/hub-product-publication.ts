import type { Context, InferTypeOf } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { HubProductPublication } from "../models"
import type { ClaimedPublication, PublicationState } from "../models/hub-product-publication"

/** How a claimed publication ended, as recorded on its row. */
export type PublicationOutcome =
  /** The hub holds the product as `accepted` (created, updated, linked, or nothing to send). */
  | { kind: "published"; sku: string; accepted: unknown; linked?: boolean; sent: boolean }
  | { kind: "not_publishable"; sku: string | null; problems: Array<{ field: string; message: string }>; accepted?: unknown }
  /**
   * A 4xx: `refused` (the body Medusa maps to) is not sent again while it stays the same. `again`:
   * nothing was sent, Medusa still maps to the refused body (the hub's words are kept).
   */
  | { kind: "refused"; sku: string; refused: unknown; status: number | null; message: string; accepted?: unknown; again?: boolean }
  /** The product now maps to another hub SKU (the old one disabled): published afresh, as a new product. */
  | { kind: "remapped" }
  | { kind: "excluded" }
  /** Not on the hub and not to be (a draft, outside the hub's channel, deleted): the row goes. */
  | { kind: "gone" }
  /** The hub unavailable, a 429 outlasting the run, or a create whose answer was lost (`outcomeUnknown`). */
  | { kind: "failed"; reason: string; status: number | null; outcomeUnknown: boolean; accepted?: unknown }

/** When publication rows are due, from the account's options. */
export type PublicationTiming = { catalogueCoalesceMs: number; catalogueMaxDelayMs: number }

/** Which rows of an account a page holds: of these states, of one product, when asked. */
export type PublicationPageQuery = { states?: PublicationState[]; productId?: string; limit: number; offset: number }

const pageParams = ({ states, productId }: PublicationPageQuery) => {
  const asked = states?.length ? JSON.stringify(states) : null
  return [asked, asked, productId ?? null, productId ?? null]
}

/** A publication as its row holds it. */
export type HubProductPublicationRecord = InferTypeOf<typeof HubProductPublication>

/** What the merchant's ask (publish now, exclude) changes of a publication, as it was before the ask. */
export type PublicationAsked = { excluded: boolean; refused: unknown | null; attempts: number }

/**
 * The publications' SQL (one row per hub account and product), claimed with their hub product
 * (hub-product-claim.ts). As in the catalogue outbox, every completion is one statement, so any number
 * of flushers share it; a change made while a push is in flight bumps `version`, and the row is due
 * again once that push completes. Every method works on one account's rows.
 */
export class HubProductPublicationRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubProductPublication) {
  /**
   * Products that changed in Medusa: due once their changes have been quiet for `catalogueCoalesceMs`,
   * but no later than `catalogueMaxDelayMs` after the first one not pushed yet (as the catalogue
   * outbox's rows), so the saves of one edit (the product, then its prices, then its stock) are one
   * push. `onlyNew` adds rows for products without one, due at once, and leaves the others alone (the
   * first publication's sweep). Returns how many rows were written.
   */
  async mark(account: string, productIds: string[], timing: PublicationTiming, { onlyNew = false }: { onlyNew?: boolean } = {}, context: Context = {}): Promise<number> {
    const ids = [...new Set(productIds)]
    if (!ids.length) return 0
    const manager = this.getActiveManager<EntityManager>(context)
    const due = `least(now() + ?::integer * interval '1 millisecond', coalesce(p.changed_at, now()) + ?::integer * interval '1 millisecond')`
    const onChange = `version = p.version + 1, due_at = ${due}, changed_at = coalesce(p.changed_at, now()), updated_at = now()`
    const rows = ids.map((productId) => ({ id: generateEntityId(undefined, "hubpub"), product_id: productId }))
    const written: unknown[] = await manager.execute(
      `insert into hub_product_publication as p (id, account, product_id, state, due_at, changed_at)
       select id, ?::text, product_id, 'pending', now() + ?::integer * interval '1 millisecond', now()
         from jsonb_to_recordset(?::jsonb) as input(id text, product_id text)
       on conflict (account, product_id) where deleted_at is null do ${onlyNew ? "nothing" : `update set ${onChange}`}
       returning p.id`,
      [account, onlyNew ? 0 : timing.catalogueCoalesceMs, JSON.stringify(rows), ...(onlyNew ? [] : [timing.catalogueCoalesceMs, timing.catalogueMaxDelayMs])]
    )
    return written.length
  }

  /**
   * The merchant's *Publish now* (a refusal forgotten, so the same body goes once more) or exclusion.
   * A product without a row gets one. Due at once either way: the push decides what it means.
   */
  async ask(account: string, productId: string, ask: { publishNow?: boolean; excluded?: boolean }, context: Context = {}): Promise<PublicationAsked | null> {
    const [row]: Array<{ before: PublicationAsked | null }> = await this.getActiveManager<EntityManager>(context).execute(
      `with before as (select excluded, refused, attempts from hub_product_publication where account = ? and product_id = ? and deleted_at is null)
       insert into hub_product_publication as p (id, account, product_id, state, excluded, due_at)
       values (?, ?, ?, case when ?::boolean then 'excluded' else 'pending' end, coalesce(?::boolean, false), now())
       on conflict (account, product_id) where deleted_at is null do update set
         excluded = coalesce(?::boolean, p.excluded),
         refused = case when ?::boolean then null else p.refused end,
         attempts = case when ?::boolean then 0 else p.attempts end,
         version = p.version + 1, due_at = now(), updated_at = now()
       returning (select row_to_json(before) from before) as before`,
      [
        account,
        productId,
        generateEntityId(undefined, "hubpub"),
        account,
        productId,
        ask.excluded === true,
        ask.excluded ?? null,
        ask.excluded ?? null,
        ask.publishNow === true,
        ask.publishNow === true,
      ]
    )
    return row?.before ?? null
  }

  /** Undoes an ask: the row as it was before it (`ask`'s answer), or none when the ask made it. */
  async unask(account: string, productId: string, before: PublicationAsked | null, context: Context = {}): Promise<void> {
    const manager = this.getActiveManager<EntityManager>(context)
    if (!before) return void (await manager.execute(`delete from hub_product_publication where account = ? and product_id = ?`, [account, productId]))
    await manager.execute(
      `update hub_product_publication set excluded = ?, refused = ?::jsonb, attempts = ?, updated_at = now() where account = ? and product_id = ? and deleted_at is null`,
      [before.excluded, before.refused === null ? null : JSON.stringify(before.refused), before.attempts, account, productId]
    )
  }

  /** Every row of the account the merchant has not excluded, due at once (a mapping changed: the push decides what changed). */
  async makeDue(account: string, context: Context = {}): Promise<number> {
    const written: unknown[] = await this.getActiveManager<EntityManager>(context).execute(
      `update hub_product_publication set version = version + 1, due_at = now(), updated_at = now()
        where deleted_at is null and account = ? and not excluded
        returning id`,
      [account]
    )
    return written.length
  }

  /**
   * Records how a claimed row's push ended. Only the holder of the claim writes; a row changed while
   * its push was in flight is due again at once, so the newer reading goes next. A failure waits
   * `retryDelayMs`, doubling with each attempt (at most 10 minutes).
   */
  async complete(claim: ClaimedPublication, outcome: PublicationOutcome, retryDelayMs: number, context: Context = {}): Promise<void> {
    const manager = this.getActiveManager<EntityManager>(context)
    const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value))
    const fence = `where id = ? and claim_token = ? and deleted_at is null`
    switch (outcome.kind) {
      case "gone":
        await manager.execute(`update hub_product_publication set deleted_at = now(), claim_token = null, updated_at = now() ${fence} and version = claimed_version`, [claim.id, claim.claimToken])
        await manager.execute(`update hub_product_publication set claim_token = null, due_at = now() ${fence}`, [claim.id, claim.claimToken])
        return
      case "failed":
        await manager.execute(
          `update hub_product_publication set
             hub_error = ?, hub_error_status = ?, outcome_unknown = outcome_unknown or ?::boolean,
             accepted = coalesce(?::jsonb, accepted), attempts = attempts + 1,
             due_at = now() + least(600000, ?::integer * power(2, least(attempts, 12))) * interval '1 millisecond',
             claim_token = null, updated_at = now()
           ${fence}`,
          [outcome.reason.slice(0, 1000), outcome.status, outcome.outcomeUnknown, json(outcome.accepted), retryDelayMs, claim.id, claim.claimToken]
        )
        return
    }
    const set = settledColumns(outcome)
    await manager.execute(
      `update hub_product_publication set ${set.sql},
         due_at = case when ?::boolean or version <> claimed_version then now() end,
         changed_at = case when ?::boolean or version <> claimed_version then changed_at end,
         claim_token = null, updated_at = now()
       ${fence}`,
      [...set.params, set.dueNow === true, set.dueNow === true, claim.id, claim.claimToken]
    )
  }

  /** A page of `account`'s rows, newest change first (in a state, of a product, when asked), and how many match. */
  async page(
    account: string,
    query: PublicationPageQuery,
    context: Context = {}
  ): Promise<{ rows: HubProductPublicationRecord[]; count: number }> {
    const rows: Array<HubProductPublicationRecord & { total: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `select *, count(*) over () as total from hub_product_publication
        where account = ? and deleted_at is null and (?::jsonb is null or state in (select jsonb_array_elements_text(?::jsonb))) and (?::text is null or product_id = ?)
        order by updated_at desc, product_id asc limit ? offset ?`,
      [account, ...pageParams(query), query.limit, query.offset]
    )
    // Past the last row the window counts nothing: the count is read alone then.
    const count = rows.length ? Number(rows[0].total) : query.offset ? await this.countOf(account, query, context) : 0
    return { rows: rows.map(({ total: _total, ...row }) => row as HubProductPublicationRecord), count }
  }

  private async countOf(account: string, query: PublicationPageQuery, context: Context): Promise<number> {
    const [row]: Array<{ count: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `select count(*) as count from hub_product_publication
        where account = ? and deleted_at is null and (?::jsonb is null or state in (select jsonb_array_elements_text(?::jsonb))) and (?::text is null or product_id = ?)`,
      [account, ...pageParams(query)]
    )
    return Number(row.count)
  }

  /** `account`'s row of each of these products that has one. */
  async ofProducts(account: string, productIds: string[], context: Context = {}): Promise<HubProductPublicationRecord[]> {
    if (!productIds.length) return []
    return this.getActiveManager<EntityManager>(context).execute(
      `select * from hub_product_publication where account = ? and product_id in (select jsonb_array_elements_text(?::jsonb)) and deleted_at is null`,
      [account, JSON.stringify(productIds)]
    )
  }

  /** The first product, by id, `account` has a row of (the mapping's sample), or null. */
  async firstProductId(account: string, context: Context = {}): Promise<string | null> {
    const [row]: Array<{ product_id: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `select product_id from hub_product_publication where account = ? and deleted_at is null order by product_id asc limit 1`,
      [account]
    )
    return row?.product_id ?? null
  }

  /** The account's rows per state, and those still to be looked at (the first publication's progress). */
  async counts(account: string, context: Context = {}): Promise<{ byState: Record<PublicationState, number>; due: number }> {
    const rows: Array<{ state: PublicationState; count: string; due: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `select state, count(*) as count, count(*) filter (where due_at is not null) as due
         from hub_product_publication where deleted_at is null and account = ? group by state`,
      [account]
    )
    const byState = { pending: 0, published: 0, not_publishable: 0, refused: 0, excluded: 0 }
    let due = 0
    for (const row of rows) {
      byState[row.state] = Number(row.count)
      due += Number(row.due)
    }
    return { byState, due }
  }
}

function settledColumns(outcome: Exclude<PublicationOutcome, { kind: "gone" } | { kind: "failed" }>): { sql: string; params: unknown[]; dueNow?: boolean } {
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value))
  switch (outcome.kind) {
    case "published":
      return {
        sql: `state = 'published', sku = ?, accepted = ?::jsonb, linked = linked or ?::boolean, refused = null, problems = null,
              hub_error = null, hub_error_status = null, outcome_unknown = false, attempts = 0,
              last_sent_at = case when ?::boolean then now() else last_sent_at end`,
        params: [outcome.sku, json(outcome.accepted), outcome.linked === true, outcome.sent],
      }
    case "not_publishable":
      return {
        sql: `state = 'not_publishable', sku = coalesce(?, sku), problems = ?::jsonb, accepted = coalesce(?::jsonb, accepted),
              hub_error = null, hub_error_status = null, attempts = 0`,
        params: [outcome.sku, json(outcome.problems), json(outcome.accepted)],
      }
    case "refused":
      if (outcome.again) return { sql: `state = 'refused', problems = null`, params: [] }
      return {
        sql: `state = 'refused', sku = ?, refused = ?::jsonb, hub_error = ?, hub_error_status = ?, accepted = coalesce(?::jsonb, accepted),
              problems = null, attempts = attempts + 1, last_sent_at = now()`,
        params: [outcome.sku, json(outcome.refused), outcome.message.slice(0, 1000), outcome.status, json(outcome.accepted)],
      }
    case "remapped":
      return { sql: `state = 'pending', accepted = null, linked = false, refused = null, problems = null`, params: [], dueNow: true }
    case "excluded":
      return { sql: `state = 'excluded'`, params: [] }
  }
}
