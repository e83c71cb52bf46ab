import type { Context, InferTypeOf } from "@medusajs/framework/types"
import { DALUtils, generateEntityId, MedusaError } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { FINAL_STATUS_TYPES, type MerchantOrderMoveKind } from "../../../hub-client"
import { type HubOrderMoveOutcome, type HubOrderMoveState, MOVE_STATES_NEEDING_MERCHANT } from "../../../mapping/hub-order-states"
import { nfeKeyInUseMessage } from "../../../mapping/nfe-xml"
import { HubOrderMove } from "../models"

/**
 * What a claim taken over from a try still `sending` (its lease ran out: its process stopped, or
 * stalled) says until it ends: that try's request may have left, so the taker reads and never sends.
 */
export const TAKEN_OVER_WHILE_SENDING = "taken over from a try whose lease ran out while sending"

/** A claimed move: `attempt` (its `attempts`, raised by every take-over) is the claim's fencing token. */
export type ClaimedMoveRow = { id: string; attempt: number; takenOverWhileSending: boolean }

/** What a card move the hub took says until it is recorded in Medusa (its fulfillment, delivery or metadata). */
export const NOT_RECORDED_IN_MEDUSA_YET = "Done on the hub, not recorded in Medusa yet"

/** The hub status a move left its order in, kept on the hub order record. */
export type HubStatusAfterMove = { hubOrderId: string; code: string; type: string }

/** A move to claim; `claimKey` for one Medusa's own fulfillment flow asked for (`ship:<fulfillment id>`). */
export type MoveToClaim = { account: string; hubOrderId: string; code: string; kind: string; request: unknown; claimKey?: string }

/** A move the merchant should look at, with the Medusa order it belongs to. */
export type HubOrderMoveNeedingMerchant = {
  id: string
  account: string
  code: string
  order_id: string | null
  kind: MerchantOrderMoveKind
  state: HubOrderMoveState
  error: string | null
  medusa_error: string | null
  created_at: string
  finished_at: string | null
}

/** A move as its row holds it (the order page's history, the runs that finish moves). */
export type HubOrderMoveRecord = InferTypeOf<typeof HubOrderMove>

const MOVE_COLUMNS = `id, account, hub_order_id, code, kind, request, state, hub_status_code, error, error_status, attempts,
  claimed_until, finished_at, claim_key, medusa_error, created_at, updated_at`

/** Merchant moves' own SQL: one claim of a kind per order at a time, and how each ended. */
export class HubOrderMoveRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubOrderMove) {
  /**
   * Claims a merchant move, atomically: a new move is inserted as `sending`; a move of the same
   * kind whose answer was lost, or whose claim outlived its lease, is taken over (the caller reads
   * the hub order before it sends anything). Null while another claim of that move is live.
   *
   * A move keyed by a Medusa fulfillment (`claimKey`) has one row ever: taken over only while not
   * surely ended (unknown, failed before sending, a dead claim), so a redelivered event or a second
   * worker finds it done or refused and sends nothing; null then too.
   */
  async claim(move: MoveToClaim, leaseMs: number, context: Context = {}): Promise<ClaimedMoveRow | null> {
    if (move.kind === "invoice") await this.refuseKeyInvoicingAnother(move, context)
    const conflict = move.claimKey
      ? `on conflict (claim_key) where claim_key is not null and deleted_at is null do update set`
      : `on conflict (hub_order_id, kind) where state in ('sending', 'unknown') and claim_key is null and deleted_at is null do update set`
    const takeOver = move.claimKey
      ? `where m.state in ('unknown', 'failed') or (m.state = 'sending' and m.claimed_until < now())`
      : `where m.state = 'unknown' or m.claimed_until < now()`
    const [row]: Array<{ id: string; attempts: number; error: string | null }> = await this.getActiveManager<EntityManager>(context).execute(
      `insert into hub_order_move as m (id, account, hub_order_id, code, kind, request, state, claimed_until, claim_key)
       values (?, ?, ?, ?, ?, ?::jsonb, 'sending', now() + make_interval(secs => ?), ?)
       ${conflict}
         state = 'sending', request = excluded.request, claimed_until = excluded.claimed_until,
         attempts = m.attempts + 1, error = case when m.state = 'sending' then ? else null end, error_status = null, updated_at = now()
       ${takeOver}
       returning m.id, m.attempts, m.error`,
      [
        generateEntityId(undefined, "hubmv"),
        move.account,
        move.hubOrderId,
        move.code,
        move.kind,
        JSON.stringify(move.request),
        leaseMs / 1000,
        move.claimKey ?? null,
        TAKEN_OVER_WHILE_SENDING,
      ]
    )
    return row ? { id: row.id, attempt: row.attempts, takenOverWhileSending: row.error === TAKEN_OVER_WHILE_SENDING } : null
  }

  /**
   * One NF-e invoices one order: an invoice whose key another hub order of the account was invoiced
   * with (or is being, or may have been: its answer lost) is refused, naming that order, before it is
   * claimed. Two claims of one key at once take turns on a lock held until the claim's transaction
   * ends, so the second sees the first's row.
   */
  private async refuseKeyInvoicingAnother(move: MoveToClaim, context: Context): Promise<void> {
    const key = (move.request as { invoice?: { key?: unknown } } | null)?.invoice?.key
    if (typeof key !== "string") return
    await this.getActiveManager<EntityManager>(context).execute(`select pg_advisory_xact_lock(hashtext(?))`, [`hub-nfe-key:${move.account}:${key}`])
    const holder = await this.invoiceKeyHolder({ account: move.account, hubOrderId: move.hubOrderId, key }, context)
    if (holder) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, nfeKeyInUseMessage(key, holder, move.code))
  }

  /** The first other hub order of the account whose invoice holds this NF-e key (done, being sent, or its answer lost), or null. */
  async invoiceKeyHolder({ account, hubOrderId, key }: { account: string; hubOrderId: string; key: string }, context: Context = {}): Promise<string | null> {
    const [holder]: Array<{ code: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `select code from hub_order_move
       where account = ? and kind = 'invoice' and hub_order_id <> ? and state in ('sending', 'done', 'unknown') and deleted_at is null
         and request -> 'invoice' ->> 'key' = ?
       order by created_at limit 1`,
      [account, hubOrderId, key]
    )
    return holder?.code ?? null
  }

  /** Renews a move's claim while its holder is in flight; false once another try took it over or it ended. */
  async renew(claim: { moveId: string; attempt: number }, leaseMs: number, context: Context = {}): Promise<boolean> {
    const rows: unknown[] = await this.getActiveManager<EntityManager>(context).execute(
      `update hub_order_move set claimed_until = now() + make_interval(secs => ?)
       where id = ? and attempts = ? and state = 'sending' and deleted_at is null
       returning id`,
      [leaseMs / 1000, claim.moveId, claim.attempt]
    )
    return rows.length > 0
  }

  /**
   * A page of the moves that need the merchant, newest first, and how many there are: a move the hub
   * refused, that surely was not sent, or whose outcome is unknown, while its order can still move
   * and no later move of the same kind followed it (the merchant acted again; that one speaks for
   * itself); and a move the hub took that Medusa could not record (its fulfillment, delivery or
   * metadata), until it is recorded. The count holds past the last page too.
   */
  async needingMerchant(
    { limit, offset = 0 }: { limit: number; offset?: number },
    context: Context = {}
  ): Promise<{ moves: HubOrderMoveNeedingMerchant[]; count: number }> {
    const rows: Array<HubOrderMoveNeedingMerchant & { total: string | null }> = await this.getActiveManager<EntityManager>(context).execute(
      `with needing as (
         select m.id, o.account, m.code, o.order_id, m.kind, m.state, m.error, m.medusa_error, m.created_at, m.finished_at
         from hub_order_move m join hub_order o on o.id = m.hub_order_id
         where m.deleted_at is null
           and (
             (m.state = any(string_to_array(?, ',')) and o.status_type <> all(string_to_array(?, ','))
               and not exists (select 1 from hub_order_move later
                               where later.hub_order_id = m.hub_order_id and later.kind = m.kind
                                 and later.created_at > m.created_at and later.deleted_at is null))
             or (m.medusa_error is not null and m.medusa_error <> ?)
           )
       ),
       page as (select * from needing order by coalesce(finished_at, created_at) desc, id limit ? offset ?)
       -- One row at least (the count alone, its move columns null) when the page is past the end.
       select page.*, (select count(*) from needing) as total
       from (select 1) as one left join page on true
       order by coalesce(page.finished_at, page.created_at) desc, page.id`,
      [MOVE_STATES_NEEDING_MERCHANT.join(","), FINAL_STATUS_TYPES.join(","), NOT_RECORDED_IN_MEDUSA_YET, limit, offset]
    )
    return {
      moves: rows.filter((row) => row.id !== null).map(({ total: _total, ...move }) => move),
      count: Number(rows[0]?.total ?? 0),
    }
  }

  /**
   * Records how a move ended; the hub order keeps the status the hub reported. With `fromState`,
   * only a move still in that state is changed (a merchant's retry that took it over wins); with
   * `attempt`, only while the claim is still that holder's (one that lost it to a taker records
   * nothing over the taker's). Returns whether the move was changed.
   */
  async finish(
    moveId: string,
    outcome: HubOrderMoveOutcome,
    hubStatus: HubStatusAfterMove | null,
    fromState: "unknown" | null,
    context: Context = {},
    attempt: number | null = null
  ): Promise<boolean> {
    const manager = this.getActiveManager<EntityManager>(context)
    const changed: unknown[] = await manager.execute(
      // A card move the hub took is marked not yet recorded in Medusa in the same write, so one whose
      // process died before recording it is still found and recorded by the minute job.
      `update hub_order_move set state = ?, hub_status_code = ?, error = ?, error_status = ?,
         medusa_error = case when ?::text = 'done' and claim_key is null and kind <> 'cancel' then ? else medusa_error end,
         claimed_until = null, finished_at = now(), updated_at = now()
       where id = ? and (?::text is null or state = ?::text) and (?::int is null or (attempts = ?::int and state = 'sending'))
       returning id`,
      [
        outcome.state,
        outcome.hubStatusCode ?? null,
        outcome.error?.slice(0, 2000) ?? null,
        outcome.errorStatus ?? null,
        outcome.state,
        NOT_RECORDED_IN_MEDUSA_YET,
        moveId,
        fromState,
        fromState,
        attempt,
        attempt,
      ]
    )
    if (!changed.length) return false
    if (hubStatus) {
      await manager.execute(`update hub_order set status_code = ?, status_type = ?, updated_at = now() where id = ?`, [
        hubStatus.code,
        hubStatus.type,
        hubStatus.hubOrderId,
      ])
    }
    return true
  }

  // ---- One account's moves (src/modules/hub/move-records.ts): every read and write of its rows only

  /** One order's newest moves, at most `take`. */
  async ofOrder(account: string, code: string, take: number, context: Context = {}): Promise<HubOrderMoveRecord[]> {
    return this.getActiveManager<EntityManager>(context).execute(
      `select ${MOVE_COLUMNS} from hub_order_move where account = ? and code = ? and deleted_at is null order by created_at desc, id desc limit ?`,
      [account, code, take]
    )
  }

  /** Moves whose answer was lost, oldest first. */
  async unknown(account: string, limit: number, context: Context = {}): Promise<HubOrderMoveRecord[]> {
    return this.getActiveManager<EntityManager>(context).execute(
      `select ${MOVE_COLUMNS} from hub_order_move where account = ? and state = 'unknown' and deleted_at is null order by updated_at asc, id asc limit ?`,
      [account, limit]
    )
  }

  /** The card's moves the hub took whose recording in Medusa failed, finished after `since`, oldest first. */
  async unrecorded(account: string, since: Date, limit: number, context: Context = {}): Promise<HubOrderMoveRecord[]> {
    return this.getActiveManager<EntityManager>(context).execute(
      `select ${MOVE_COLUMNS} from hub_order_move
        where account = ? and state = 'done' and claim_key is null and medusa_error is not null and finished_at > ? and deleted_at is null
        order by updated_at asc, id asc limit ?`,
      [account, since, limit]
    )
  }

  /** Moves of Medusa's fulfillments, made after `since`, surely not sent or claimed by a process whose lease ran out; oldest first. */
  async unsent(account: string, since: Date, limit: number, context: Context = {}): Promise<HubOrderMoveRecord[]> {
    return this.getActiveManager<EntityManager>(context).execute(
      `select ${MOVE_COLUMNS} from hub_order_move
        where account = ? and claim_key is not null and created_at > ? and deleted_at is null
          and (state = 'failed' or (state = 'sending' and claimed_until < now()))
        order by updated_at asc, id asc limit ?`,
      [account, since, limit]
    )
  }

  /** The move of a fulfillment's key (`ship:<fulfillment id>`) if it ended: taken or refused by the hub. */
  async endedByKey(account: string, claimKey: string, context: Context = {}): Promise<HubOrderMoveRecord | null> {
    const [row]: HubOrderMoveRecord[] = await this.getActiveManager<EntityManager>(context).execute(
      `select ${MOVE_COLUMNS} from hub_order_move where account = ? and claim_key = ? and state in ('done', 'refused') and deleted_at is null limit 1`,
      [account, claimKey]
    )
    return row ?? null
  }

  /** Keeps why recording a move the hub took in Medusa failed (null: recorded). */
  async recordMedusaError(account: string, moveId: string, error: string | null, context: Context = {}): Promise<void> {
    await this.getActiveManager<EntityManager>(context).execute(
      `update hub_order_move set medusa_error = ?, updated_at = now() where id = ? and account = ? and deleted_at is null`,
      [error, moveId, account]
    )
  }
}
