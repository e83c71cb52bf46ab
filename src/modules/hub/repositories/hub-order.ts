import type { Context, InferTypeOf } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { ClaimedHubOrder, SeenHubOrder } from "../../../mapping/plan-hub-order"
import { MedusaError } from "@medusajs/framework/utils"
import { claimTakenOverMessage } from "../leases"
import { HubOrder } from "../models"

/**
 * An import's claim: the hub order's record and its `attempts`, which every take-over raises, so it
 * is the claim's fencing token. The claim's lease (`hub.leases.importClaimMs`, 60 s) is renewed while
 * the import runs; one that died is taken over by the next run once it runs out.
 */
export type HubOrderClaimToken = { hubOrderId: string; attempt: number }

/** An import to record; without `attempt` (a caller holding no claim) the record is not fenced. */
export type ImportToRecord = { hubOrderId: string; attempt?: number; orderId: string; needsStock: boolean }

/** A canceled hub order with a Medusa order: the partial indexes' predicate, word for word (the planner matches it). */
const CANCELED_WITH_ORDER = `deleted_at is null and order_id is not null and (status_type = 'CANCELED' or applied_status_type = 'CANCELED')`

/**
 * What the merchant reads of the order as the hub says it now: who carries it (docs/hub-public-facts.md,
 * The hub's own delivery), the marketplace's own number and the dispatch deadline.
 */
const SEEN_COLUMNS = `calculation_type, shipping_method, shipping_carrier, remote_code, expedition_limit_date`
const SEEN_UPDATE = `calculation_type = excluded.calculation_type, shipping_method = excluded.shipping_method, shipping_carrier = excluded.shipping_carrier,
         remote_code = excluded.remote_code, expedition_limit_date = excluded.expedition_limit_date`
const seenParams = ({ delivery, remoteCode, expeditionLimit }: SeenHubOrder) => [
  delivery.calculation_type,
  delivery.shipping_method,
  delivery.shipping_carrier,
  remoteCode,
  expeditionLimit,
]

/** A hub order's record as its row holds it. */
export type HubOrderRecord = InferTypeOf<typeof HubOrder>

/** What a workflow step sets on a record, and its compensation sets back (`set`). */
export type HubOrderStepFields = Partial<Pick<HubOrderRecord, (typeof STEP_COLUMNS)[number]>>
const STEP_COLUMNS = ["status_code", "status_type", "applied_status_type", "import_state", "order_id", "set_aside_reason", "imported_at"] as const
// Column names go into the statement from this list only, never from a caller's keys.
const stepColumns = (fields: HubOrderStepFields) => STEP_COLUMNS.filter((column) => fields[column] !== undefined)

/** Every column of a hub order record, as the generated reads return them. */
const ORDER_COLUMNS = `id, account, code, channel, calculation_type, shipping_method, shipping_carrier, remote_code, expedition_limit_date,
  status_code, status_type, import_state, set_aside_reason, payload_digest, order_id, applied_status_type, claimed_at, imported_at,
  attempts, leak_checked_at, created_at, updated_at, deleted_at`

/**
 * The hub order records' own SQL: claims and set-asides are single statements, so any number of
 * import runs, in one process or many, agree on who imports an order.
 */
export class HubOrderRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubOrder) {
  /**
   * Claims a hub order of `account` for import, atomically: a new code is inserted as `importing`; one set aside,
   * or one whose claim outlived its lease (the importer died), is taken over. Null when the order
   * is imported already or another run holds it.
   */
  async claim(account: string, seen: SeenHubOrder, leaseMs: number, context: Context = {}): Promise<ClaimedHubOrder | null> {
    const rows: ClaimedHubOrder[] = await this.getActiveManager<EntityManager>(context).execute(
      `insert into hub_order (id, account, code, channel, status_code, status_type, import_state, payload_digest, claimed_at, attempts,
         ${SEEN_COLUMNS})
       values (?, ?, ?, ?, ?, ?, 'importing', ?, now(), 1, ?, ?, ?, ?, ?)
       on conflict (account, code) where deleted_at is null do update set
         import_state = 'importing', claimed_at = now(), attempts = hub_order.attempts + 1,
         status_code = excluded.status_code, status_type = excluded.status_type,
         payload_digest = excluded.payload_digest, ${SEEN_UPDATE}, updated_at = now()
       where hub_order.import_state = 'set_aside'
          or (hub_order.import_state = 'importing' and hub_order.claimed_at < now() - make_interval(secs => ?))
       returning id, code, import_state, attempts, order_id`,
      [generateEntityId(undefined, "hubord"), account, seen.code, seen.channel ?? null, seen.statusCode, seen.statusType, seen.digest, ...seenParams(seen), leaseMs / 1000]
    )
    return rows[0] ?? null
  }

  /** Renews the claims these tokens still have (an import in flight); returns the ids whose claim is still theirs. */
  async renewClaims(tokens: HubOrderClaimToken[], context: Context = {}): Promise<string[]> {
    if (!tokens.length) return []
    const rows: Array<{ id: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `update hub_order h set claimed_at = now()
       from jsonb_to_recordset(?::jsonb) as t(id text, attempt int)
       where h.id = t.id and h.attempts = t.attempt and h.import_state = 'importing' and h.deleted_at is null
       returning h.id`,
      [JSON.stringify(tokens.map((token) => ({ id: token.hubOrderId, attempt: token.attempt })))]
    )
    return rows.map((row) => row.id)
  }

  /** The ids among these tokens' hub orders whose claim another taker has taken over (or that ended). */
  async lostClaims(tokens: HubOrderClaimToken[], context: Context = {}): Promise<string[]> {
    if (!tokens.length) return []
    const rows: Array<{ id: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `select t.id from jsonb_to_recordset(?::jsonb) as t(id text, attempt int)
       left join hub_order h on h.id = t.id and h.attempts = t.attempt and h.import_state = 'importing' and h.deleted_at is null
       where h.id is null`,
      [JSON.stringify(tokens.map((token) => ({ id: token.hubOrderId, attempt: token.attempt })))]
    )
    return rows.map((row) => row.id)
  }

  /**
   * Records hub orders imported with their Medusa orders, each only while its claim is still this
   * import's (`attempt`): the record is fenced. Throws when one was taken over, so the caller's
   * transaction writes none of them.
   */
  async recordImported(rows: ImportToRecord[], context: Context = {}): Promise<void> {
    if (!rows.length) return
    const updated: unknown[] = await this.getActiveManager<EntityManager>(context).execute(
      `update hub_order h set order_id = t.order_id, import_state = case when t.needs_stock then 'needs_stock' else 'imported' end,
         set_aside_reason = null, imported_at = coalesce(h.imported_at, now()), updated_at = now()
       from jsonb_to_recordset(?::jsonb) as t(id text, attempt int, order_id text, needs_stock boolean)
       where h.id = t.id and h.deleted_at is null
         and (t.attempt is null or (h.attempts = t.attempt and h.import_state = 'importing'))
       returning h.id`,
      [JSON.stringify(rows.map((row) => ({ id: row.hubOrderId, attempt: row.attempt ?? null, order_id: row.orderId, needs_stock: row.needsStock })))]
    )
    if (updated.length < rows.length) throw new MedusaError(MedusaError.Types.CONFLICT, claimTakenOverMessage("An import claim"))
  }

  /**
   * Sets a hub order aside with the reason. An order already imported is never set aside by a later
   * failure: `setAside` is false then. `newReason` is true when the order was not set aside before, or
   * for another reason (so the reason is logged once, not on every run).
   */
  async setAside(account: string, seen: SeenHubOrder, reason: string, context: Context = {}): Promise<{ setAside: boolean; newReason: boolean }> {
    const [row]: Array<{ new_reason: boolean }> = await this.getActiveManager<EntityManager>(context).execute(
      `with before as (
         select import_state, set_aside_reason from hub_order where account = ? and code = ? and deleted_at is null
       )
       insert into hub_order (id, account, code, channel, status_code, status_type, import_state, set_aside_reason, payload_digest,
         ${SEEN_COLUMNS})
       values (?, ?, ?, ?, ?, ?, 'set_aside', ?, ?, ?, ?, ?, ?, ?)
       on conflict (account, code) where deleted_at is null do update set
         import_state = 'set_aside', set_aside_reason = excluded.set_aside_reason, claimed_at = null,
         status_code = excluded.status_code, status_type = excluded.status_type,
         payload_digest = excluded.payload_digest, ${SEEN_UPDATE}, updated_at = now()
       where hub_order.import_state in ('set_aside', 'importing')
       returning not exists (
         select 1 from before where before.import_state = 'set_aside' and before.set_aside_reason is not distinct from hub_order.set_aside_reason
       ) as new_reason`,
      [account, seen.code, generateEntityId(undefined, "hubord"), account, seen.code, seen.channel ?? null, seen.statusCode, seen.statusType, reason.slice(0, 2000), seen.digest, ...seenParams(seen)]
    )
    return { setAside: Boolean(row), newReason: Boolean(row?.new_reason) }
  }

  /**
   * An account's canceled hub orders whose Medusa order may hold reserved stock: those never found clean (new,
   * or leaking), those changed since they were (`updated_at` moves with every write but the check's),
   * and the `sweep` found clean longest ago (something may reserve for an order after it was canceled).
   * What it reads follows what changed, not the history: a year of canceled orders costs `sweep` rows.
   */
  async leakCandidates(account: string, sweep: number, context: Context = {}): Promise<Array<{ id: string; code: string; order_id: string }>> {
    // Each half reads one partial index (the migration's): the changed rows, and the oldest checked; of one account.
    return this.getActiveManager<EntityManager>(context).execute(
      `(select id, code, order_id from hub_order
         where ${CANCELED_WITH_ORDER} and account = ? and (leak_checked_at is null or leak_checked_at < updated_at))
       union
       (select id, code, order_id from hub_order
         where ${CANCELED_WITH_ORDER} and account = ? and leak_checked_at is not null
         order by leak_checked_at limit ?)`,
      [account, account, sweep]
    )
  }

  /** What a leak check found: the clean ones dated (and not again until they change or the sweep comes round), the leaking ones undated. */
  async markLeakChecked(cleanIds: string[], leakingIds: string[], context: Context = {}): Promise<void> {
    const manager = this.getActiveManager<EntityManager>(context)
    if (cleanIds.length) await manager.execute(`update hub_order set leak_checked_at = now() where id in (?)`, [cleanIds])
    if (leakingIds.length) await manager.execute(`update hub_order set leak_checked_at = null where id in (?)`, [leakingIds])
  }

  /**
   * A page of hub order ids as a list asks for it, and how many match: filtered by account, import
   * states, code, Medusa order and `q` (a part of the hub code or of the marketplace's own number,
   * `remote_code`), ordered by one of `HUB_ORDER_SORTS` with absent values last, then by id so that pages
   * never overlap.
   */
  async page(query: HubOrderPageQuery, context: Context = {}): Promise<{ ids: string[]; count: number }> {
    // The one part of the statement not bound as a parameter: named from the list alone.
    if (!HUB_ORDER_SORTS.includes(query.sort.field)) throw new MedusaError(MedusaError.Types.INVALID_DATA, `order: must be one of ${HUB_ORDER_SORTS.join(", ")}`)
    const where = ["deleted_at is null"]
    const params: unknown[] = []
    const add = (clause: string, ...values: unknown[]) => (where.push(clause), params.push(...values))
    if (query.account) add("account = ?", query.account)
    if (query.importStates?.length) add("import_state in (?)", query.importStates)
    if (query.code) add("code = ?", query.code)
    if (query.orderId) add("order_id = ?", query.orderId)
    if (query.q) {
      const like = `%${query.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
      add("(remote_code ilike ? or code ilike ?)", like, like)
    }
    const manager = this.getActiveManager<EntityManager>(context)
    const filter = where.join(" and ")
    const rows: Array<{ id: string }> = await manager.execute(
      `select id from hub_order where ${filter}
       order by ${query.sort.field} ${query.sort.descending ? "desc" : "asc"} nulls last, id asc limit ? offset ?`,
      [...params, query.limit, query.offset]
    )
    const [{ count }]: Array<{ count: string }> = await manager.execute(`select count(*) as count from hub_order where ${filter}`, params)
    return { ids: rows.map((row) => row.id), count: Number(count) }
  }

  /** The Medusa orders of these accounts' hub orders whose marketplace number is `remoteCode`: Medusa's order search finds them by it. */
  async orderIdsByRemoteCode(accounts: string[], remoteCode: string, context: Context = {}): Promise<string[]> {
    // Each account's (account, remote_code) index answers: a store has a few accounts.
    const rows: Array<{ order_id: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `select order_id from hub_order where account in (?) and remote_code = ? and deleted_at is null and order_id is not null limit 100`,
      [accounts, remoteCode.trim()]
    )
    return rows.map((row) => row.order_id)
  }

  /**
   * An account's imported orders still to be shipped (APPROVED or INVOICED) whose dispatch deadline
   * falls in `(after, until]`, soonest first, at most `limit`: what the ship-by notices read.
   */
  async shipByDue(account: string, window: { after: Date; until: Date }, limit: number, context: Context = {}): Promise<ShipByDue[]> {
    return this.getActiveManager<EntityManager>(context).execute(
      `select id, code, remote_code, expedition_limit_date, calculation_type, shipping_method from hub_order
       where deleted_at is null and account = ? and order_id is not null and import_state in ('imported', 'needs_stock')
         and status_type in ('APPROVED', 'INVOICED') and expedition_limit_date > ? and expedition_limit_date <= ?
       order by expedition_limit_date, id limit ?`,
      [account, window.after, window.until, limit]
    )
  }

  /** The records of these Medusa orders, of any account (a Medusa order comes from one hub order). */
  async byOrderIds(orderIds: string[], context: Context = {}): Promise<HubOrderRecord[]> {
    if (!orderIds.length) return []
    return this.getActiveManager<EntityManager>(context).execute(
      `select ${ORDER_COLUMNS} from hub_order where order_id in (select jsonb_array_elements_text(?::jsonb)) and deleted_at is null`,
      [JSON.stringify(orderIds)]
    )
  }

  // ---- One account's hub orders by code (src/modules/hub/order-records.ts): its rows only

  /** The records of these codes in `account`, any order. */
  async byCodes(account: string, codes: string[], context: Context = {}): Promise<HubOrderRecord[]> {
    if (!codes.length) return []
    return this.getActiveManager<EntityManager>(context).execute(
      `select ${ORDER_COLUMNS} from hub_order where account = ? and code in (select jsonb_array_elements_text(?::jsonb)) and deleted_at is null`,
      [account, JSON.stringify(codes)]
    )
  }

  /** The records of these ids in `account`; another account's id finds nothing. */
  async byIds(account: string, ids: string[], context: Context = {}): Promise<HubOrderRecord[]> {
    if (!ids.length) return []
    return this.getActiveManager<EntityManager>(context).execute(
      `select ${ORDER_COLUMNS} from hub_order where account = ? and id in (select jsonb_array_elements_text(?::jsonb)) and deleted_at is null`,
      [account, JSON.stringify(ids)]
    )
  }

  /**
   * Sets `fields` on one record of `account`, only while it holds `only` (when given), and answers
   * those fields as they were, read in the same statement under the row's lock: what a step's
   * compensation sets back. Null when no record changed.
   */
  async set(account: string, id: string, fields: HubOrderStepFields, only: HubOrderStepFields = {}, context: Context = {}): Promise<HubOrderStepFields | null> {
    const columns = stepColumns(fields)
    if (!columns.length) throw new MedusaError(MedusaError.Types.INVALID_DATA, "set: no field of a hub order record to set")
    const guards = stepColumns(only)
    const rows: HubOrderStepFields[] = await this.getActiveManager<EntityManager>(context).execute(
      `with before as (
         select id, ${columns.join(", ")} from hub_order
          where account = ? and id = ? and deleted_at is null ${guards.map((column) => `and ${column} is not distinct from ?`).join(" ")}
          for update
       )
       update hub_order h set ${columns.map((column) => `${column} = ?`).join(", ")}, updated_at = now()
         from before where h.id = before.id
       returning ${columns.map((column) => `before.${column}`).join(", ")}`,
      [account, id, ...guards.map((column) => only[column]), ...columns.map((column) => fields[column])]
    )
    return rows[0] ?? null
  }

  /** The Medusa order of each of these records of `account` (null: not imported); a record of another account is not in it. */
  async orderIdsOf(account: string, ids: string[], context: Context = {}): Promise<Map<string, string | null>> {
    if (!ids.length) return new Map()
    const rows: Array<{ id: string; order_id: string | null }> = await this.getActiveManager<EntityManager>(context).execute(
      `select id, order_id from hub_order where account = ? and id in (select jsonb_array_elements_text(?::jsonb)) and deleted_at is null`,
      [account, JSON.stringify(ids)]
    )
    return new Map(rows.map((row) => [row.id, row.order_id]))
  }
}

/** What a list of hub orders may be ordered by: the record's own dates, its code, and the dispatch deadline (ship by). */
export const HUB_ORDER_SORTS = ["updated_at", "imported_at", "created_at", "code", "expedition_limit_date"] as const
export type HubOrderSort = (typeof HUB_ORDER_SORTS)[number]

export type HubOrderPageQuery = {
  account?: string
  importStates?: string[]
  code?: string
  orderId?: string
  q?: string
  sort: { field: HubOrderSort; descending: boolean }
  limit: number
  offset: number
}

/** An order the ship-by notices consider (src/notifications/ship-by.ts). */
export type ShipByDue = {
  id: string
  code: string
  remote_code: string | null
  expedition_limit_date: Date
  calculation_type: string | null
  shipping_method: string | null
}
