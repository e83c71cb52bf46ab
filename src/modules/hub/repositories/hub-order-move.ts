import type { Context } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { HubOrderMoveOutcome } from "../../../mapping/hub-order-states"
import { HubOrderMove } from "../models"

/** A merchant move claimed by a process that died is taken over after this long. */
const MOVE_LEASE_MS = 2 * 60_000

/** What a card move the hub took says until it is recorded in Medusa (its fulfillment, delivery or metadata). */
export const NOT_RECORDED_IN_MEDUSA_YET = "Done on the hub, not recorded in Medusa yet"

/** The hub status a move left its order in, kept on the hub order record. */
export type HubStatusAfterMove = { hubOrderId: string; code: string; type: string }

/** A move to claim; `claimKey` for one Medusa's own fulfillment flow asked for (`ship:<fulfillment id>`). */
export type MoveToClaim = { hubOrderId: string; code: string; kind: string; request: unknown; claimKey?: string }

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
  async claim(move: MoveToClaim, context: Context = {}): Promise<{ id: string } | null> {
    const conflict = move.claimKey
      ? `on conflict (claim_key) where claim_key is not null and deleted_at is null do update set`
      : `on conflict (hub_order_id, kind) where state in ('sending', 'unknown') and claim_key is null and deleted_at is null do update set`
    const takeOver = move.claimKey
      ? `where m.state in ('unknown', 'failed') or (m.state = 'sending' and m.claimed_until < now())`
      : `where m.state = 'unknown' or m.claimed_until < now()`
    const [row]: Array<{ id: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `insert into hub_order_move as m (id, hub_order_id, code, kind, request, state, claimed_until, claim_key)
       values (?, ?, ?, ?, ?::jsonb, 'sending', now() + make_interval(secs => ?), ?)
       ${conflict}
         state = 'sending', request = excluded.request, claimed_until = excluded.claimed_until,
         attempts = m.attempts + 1, error = null, error_status = null, updated_at = now()
       ${takeOver}
       returning m.id`,
      [
        generateEntityId(undefined, "hubmv"),
        move.hubOrderId,
        move.code,
        move.kind,
        JSON.stringify(move.request),
        MOVE_LEASE_MS / 1000,
        move.claimKey ?? null,
      ]
    )
    return row ?? null
  }

  /**
   * Records how a move ended; the hub order keeps the status the hub reported. With `fromState`,
   * only a move still in that state is changed (a merchant's retry that took it over wins).
   * Returns whether the move was changed.
   */
  async finish(
    moveId: string,
    outcome: HubOrderMoveOutcome,
    hubStatus: HubStatusAfterMove | null,
    fromState: "unknown" | null,
    context: Context = {}
  ): Promise<boolean> {
    const manager = this.getActiveManager<EntityManager>(context)
    const changed: unknown[] = await manager.execute(
      // A card move the hub took is marked not yet recorded in Medusa in the same write, so one whose
      // process died before recording it is still found and recorded by the minute job.
      `update hub_order_move set state = ?, hub_status_code = ?, error = ?, error_status = ?,
         medusa_error = case when ?::text = 'done' and claim_key is null and kind <> 'cancel' then ? else medusa_error end,
         claimed_until = null, finished_at = now(), updated_at = now()
       where id = ? and (?::text is null or state = ?::text)
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
}
