import type { Context } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { ClaimedHubOrder, SeenHubOrder } from "../../../mapping/plan-hub-order"
import { HubOrder } from "../models"

/**
 * An import that died holding its claim is taken over by the next run after this long, so a Medusa
 * order never stays without its reservation for more than about two minutes (lease + one run's
 * interval). An import still alive past it is safe: the order's lock keeps the two apart, and the
 * second finds the first's Medusa order by its hub code.
 */
const CLAIM_LEASE_MS = 60_000

/** A canceled hub order with a Medusa order: the partial indexes' predicate, word for word (the planner matches it). */
const CANCELED_WITH_ORDER = `deleted_at is null and order_id is not null and (status_type = 'CANCELED' or applied_status_type = 'CANCELED')`

/**
 * The hub order records' own SQL: claims and set-asides are single statements, so any number of
 * import runs, in one process or many, agree on who imports an order.
 */
export class HubOrderRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubOrder) {
  /**
   * Claims a hub order for import, atomically: a new code is inserted as `importing`; one set aside,
   * or one whose claim outlived its lease (the importer died), is taken over. Null when the order
   * is imported already or another run holds it.
   */
  async claim(seen: SeenHubOrder, context: Context = {}): Promise<ClaimedHubOrder | null> {
    const rows: ClaimedHubOrder[] = await this.getActiveManager<EntityManager>(context).execute(
      `insert into hub_order (id, code, channel, status_code, status_type, import_state, payload_digest, claimed_at, attempts)
       values (?, ?, ?, ?, ?, 'importing', ?, now(), 1)
       on conflict (code) where deleted_at is null do update set
         import_state = 'importing', claimed_at = now(), attempts = hub_order.attempts + 1,
         status_code = excluded.status_code, status_type = excluded.status_type,
         payload_digest = excluded.payload_digest, updated_at = now()
       where hub_order.import_state = 'set_aside'
          or (hub_order.import_state = 'importing' and hub_order.claimed_at < now() - make_interval(secs => ?))
       returning id, code, import_state, attempts, order_id`,
      [generateEntityId(undefined, "hubord"), seen.code, seen.channel ?? null, seen.statusCode, seen.statusType, seen.digest, CLAIM_LEASE_MS / 1000]
    )
    return rows[0] ?? null
  }

  /**
   * Sets a hub order aside with the reason. An order already imported is never set aside by a later
   * failure: `setAside` is false then. `newReason` is true when the order was not set aside before, or
   * for another reason (so the reason is logged once, not on every run).
   */
  async setAside(seen: SeenHubOrder, reason: string, context: Context = {}): Promise<{ setAside: boolean; newReason: boolean }> {
    const [row]: Array<{ new_reason: boolean }> = await this.getActiveManager<EntityManager>(context).execute(
      `with before as (
         select import_state, set_aside_reason from hub_order where code = ? and deleted_at is null
       )
       insert into hub_order (id, code, channel, status_code, status_type, import_state, set_aside_reason, payload_digest)
       values (?, ?, ?, ?, ?, 'set_aside', ?, ?)
       on conflict (code) where deleted_at is null do update set
         import_state = 'set_aside', set_aside_reason = excluded.set_aside_reason, claimed_at = null,
         status_code = excluded.status_code, status_type = excluded.status_type,
         payload_digest = excluded.payload_digest, updated_at = now()
       where hub_order.import_state in ('set_aside', 'importing')
       returning not exists (
         select 1 from before where before.import_state = 'set_aside' and before.set_aside_reason is not distinct from hub_order.set_aside_reason
       ) as new_reason`,
      [seen.code, generateEntityId(undefined, "hubord"), seen.code, seen.channel ?? null, seen.statusCode, seen.statusType, reason.slice(0, 2000), seen.digest]
    )
    return { setAside: Boolean(row), newReason: Boolean(row?.new_reason) }
  }

  /**
   * The canceled hub orders whose Medusa order may hold reserved stock: those never found clean (new,
   * or leaking), those changed since they were (`updated_at` moves with every write but the check's),
   * and the `sweep` found clean longest ago (something may reserve for an order after it was canceled).
   * What it reads follows what changed, not the history: a year of canceled orders costs `sweep` rows.
   */
  async leakCandidates(sweep: number, context: Context = {}): Promise<Array<{ id: string; code: string; order_id: string }>> {
    // Each half reads one partial index (the migration's): the changed rows, and the oldest checked.
    return this.getActiveManager<EntityManager>(context).execute(
      `(select id, code, order_id from hub_order
         where ${CANCELED_WITH_ORDER} and (leak_checked_at is null or leak_checked_at < updated_at))
       union
       (select id, code, order_id from hub_order
         where ${CANCELED_WITH_ORDER} and leak_checked_at is not null
         order by leak_checked_at limit ?)`,
      [sweep]
    )
  }

  /** What a leak check found: the clean ones dated (and not again until they change or the sweep comes round), the leaking ones undated. */
  async markLeakChecked(cleanIds: string[], leakingIds: string[], context: Context = {}): Promise<void> {
    const manager = this.getActiveManager<EntityManager>(context)
    if (cleanIds.length) await manager.execute(`update hub_order set leak_checked_at = now() where id in (?)`, [cleanIds])
    if (leakingIds.length) await manager.execute(`update hub_order set leak_checked_at = null where id in (?)`, [leakingIds])
  }
}
