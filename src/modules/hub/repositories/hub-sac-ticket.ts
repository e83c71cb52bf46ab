import type { Context } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { KeptSacChat, KeptSacTicket } from "../../../mapping/hub-sac"
import { HubSacTicket } from "../models"

/** What the store holds of a ticket, to decide whether its chats need reading again. */
export type KnownSacTicket = { code: string; hubUpdatedAt: string | null; status: string | null; chatsRead: boolean }

/** A ticket as the admin lists it, with its hub order's record in the store (none: the store never imported it). */
export type SacTicketRow = {
  code: string
  order_code: string | null
  status: string | null
  platform: string | null
  mediation: boolean | null
  action: unknown
  cause: unknown
  items: unknown
  refunds: unknown
  chats: KeptSacChat[] | null
  hub_created_at: string | null
  unread: boolean
  waiting_since: Date | null
  seen_at: Date
  order_id: string | null
  import_state: string | null
  set_aside_reason: string | null
}

/** A ticket as the store keeps it (models/hub-sac-ticket.ts). */
export type SacTicketRecord = Omit<SacTicketRow, "order_id" | "import_state" | "set_aside_reason"> & { created_at: Date }

const TICKET_COLUMNS = "code, order_code, status, platform, mediation, action, cause, items, refunds, chats, hub_created_at, unread, waiting_since, seen_at, created_at"

/** A ticket a read recorded: `added` the first time the store sees it; `before` its chats as they were (null: none read yet). */
export type RecordedSacTicket = { code: string; added: boolean; before: KeptSacChat[] | null }

/**
 * The account's SAC tickets as the hub listed them: a page recorded in one statement (two processes
 * reading at once leave one row per ticket). A ticket listed without its chats read keeps the chats,
 * lines, refunds and waiting time it had.
 */
export class HubSacTicketRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubSacTicket) {
  async known(account: string, codes: string[], context: Context = {}): Promise<Map<string, KnownSacTicket>> {
    if (!codes.length) return new Map()
    const rows: Array<{ code: string; hub_updated_at: string | null; status: string | null; chats_read: boolean }> = await this.getActiveManager<EntityManager>(context).execute(
      `select code, hub_updated_at, status, chats_read_at is not null as chats_read from hub_sac_ticket where account = ? and code in (${codes.map(() => "?").join(", ")}) and deleted_at is null`,
      [account, ...codes]
    )
    return new Map(rows.map((row) => [row.code, { code: row.code, hubUpdatedAt: row.hub_updated_at, status: row.status, chatsRead: row.chats_read }]))
  }

  async record(account: string, tickets: KeptSacTicket[], seenAt: Date, context: Context = {}): Promise<RecordedSacTicket[]> {
    if (!tickets.length) return []
    const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value))
    const values: unknown[] = [account, ...tickets.map((ticket) => ticket.code)]
    const rows = tickets.map((ticket) => {
      values.push(
        generateEntityId(undefined, "hubsac"), account, ticket.code, ticket.orderCode, ticket.status, ticket.platform, ticket.mediation, ticket.warehouse,
        json(ticket.action), json(ticket.cause), json(ticket.items), json(ticket.refunds), json(ticket.chats),
        ticket.hubCreatedAt, ticket.hubUpdatedAt, ticket.unread, ticket.waitingSince, seenAt, ticket.chats ? seenAt : null
      )
      return "(?, ?, ?, ?, ?, ?, ?::boolean, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?::jsonb, ?::jsonb, ?, ?, ?::boolean, ?::timestamptz, ?::timestamptz, ?::timestamptz)"
    })
    // Every part of one statement sees the table as it was before it: `before` holds the chats the write replaces.
    const written: Array<{ code: string; added: boolean; before: KeptSacChat[] | null }> = await this.getActiveManager<EntityManager>(context).execute(
      `with before as (
         select code, chats from hub_sac_ticket where account = ? and code in (${tickets.map(() => "?").join(", ")}) and deleted_at is null
       ), written as (
         insert into hub_sac_ticket (id, account, code, order_code, status, platform, mediation, warehouse, action, cause, items, refunds, chats,
           hub_created_at, hub_updated_at, unread, waiting_since, seen_at, chats_read_at)
         values ${rows.join(", ")}
         on conflict (account, code) where deleted_at is null do update set
           order_code = excluded.order_code, status = excluded.status, platform = excluded.platform, mediation = excluded.mediation,
           warehouse = excluded.warehouse, action = excluded.action, cause = excluded.cause,
           hub_created_at = excluded.hub_created_at, hub_updated_at = excluded.hub_updated_at, seen_at = excluded.seen_at,
           items = coalesce(excluded.items, hub_sac_ticket.items),
           refunds = coalesce(excluded.refunds, hub_sac_ticket.refunds),
           chats = coalesce(excluded.chats, hub_sac_ticket.chats),
           unread = case when excluded.chats is null then hub_sac_ticket.unread or excluded.unread else excluded.unread end,
           waiting_since = case when excluded.chats is null then hub_sac_ticket.waiting_since else excluded.waiting_since end,
           chats_read_at = coalesce(excluded.chats_read_at, hub_sac_ticket.chats_read_at),
           updated_at = now()
         returning code, (xmax = 0) as added
       )
       select written.code, written.added, before.chats as before from written left join before on before.code = written.code`,
      values
    )
    return written.map((row) => ({ code: row.code, added: row.added, before: row.before }))
  }

  /**
   * A page of the account's tickets: unread first, then the longest waiting for the seller, then the
   * oldest; each with its hub order's record (by code, in the same account) when the store has one.
   */
  async page(account: string, { limit, offset }: { limit: number; offset: number }, context: Context = {}): Promise<{ rows: SacTicketRow[]; count: number }> {
    const rows: Array<SacTicketRow & { total: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `select t.code, t.order_code, t.status, t.platform, t.mediation, t.action, t.cause, t.items, t.refunds, t.chats, t.hub_created_at,
              t.unread, t.waiting_since, t.seen_at, o.order_id, o.import_state, o.set_aside_reason, count(*) over () as total
         from hub_sac_ticket t
         left join hub_order o on o.account = t.account and o.code = t.order_code and o.deleted_at is null
        where t.account = ? and t.deleted_at is null
        order by t.unread desc, t.waiting_since asc nulls last, t.hub_created_at asc nulls last, t.code asc
        limit ? offset ?`,
      [account, limit, offset]
    )
    const count = rows.length ? Number(rows[0].total) : offset > 0 ? await this.count(account, context) : 0
    return { rows: rows.map(({ total: _total, ...row }) => row), count }
  }

  /** One ticket of the account by its code, or null. */
  async one(account: string, code: string, context: Context = {}): Promise<SacTicketRecord | null> {
    const [row]: SacTicketRecord[] = await this.getActiveManager<EntityManager>(context).execute(
      `select ${TICKET_COLUMNS} from hub_sac_ticket where account = ? and code = ? and deleted_at is null`,
      [account, code]
    )
    return row ?? null
  }

  /** The account's tickets of one hub order, the newest first (`limit` at most). */
  async ofOrder(account: string, orderCode: string, limit: number, context: Context = {}): Promise<SacTicketRecord[]> {
    return this.getActiveManager<EntityManager>(context).execute(
      `select ${TICKET_COLUMNS} from hub_sac_ticket where account = ? and order_code = ? and deleted_at is null order by created_at desc, code desc limit ?`,
      [account, orderCode, limit]
    )
  }

  private async count(account: string, context: Context): Promise<number> {
    const [row]: Array<{ total: string }> = await this.getActiveManager<EntityManager>(context).execute(`select count(*) as total from hub_sac_ticket where account = ? and deleted_at is null`, [account])
    return Number(row.total)
  }

  /** Tickets whose oldest message to the seller has waited since before `waitingBefore`, the longest first (`limit` at most). */
  async unanswered(account: string, waitingBefore: Date, limit: number, context: Context = {}): Promise<Array<{ code: string; order_code: string | null; waiting_since: Date }>> {
    return this.getActiveManager<EntityManager>(context).execute(
      `select code, order_code, waiting_since from hub_sac_ticket
        where account = ? and deleted_at is null and waiting_since is not null and waiting_since <= ? and coalesce(status, '') <> 'ARCHIVED'
        order by waiting_since asc limit ?`,
      [account, waitingBefore, limit]
    )
  }

  /** A ticket's chats as just read back from the hub (after an answer), with what they make of it. */
  async replaceChats(account: string, code: string, chats: KeptSacChat[], unread: boolean, waitingSince: Date | null, context: Context = {}): Promise<void> {
    await this.getActiveManager<EntityManager>(context).execute(
      `update hub_sac_ticket set chats = ?::jsonb, unread = ?, waiting_since = ?, chats_read_at = now(), updated_at = now() where account = ? and code = ? and deleted_at is null`,
      [JSON.stringify(chats), unread, waitingSince, account, code]
    )
  }
}
