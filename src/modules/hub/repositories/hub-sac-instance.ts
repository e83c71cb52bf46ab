import type { Context } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { HubSacInstance } from "../models"

/** The seller's instance of a SAC ticket as the store keeps it (models/hub-sac-instance.ts says what each column holds). */
export type SacInstanceRow = {
  id: string
  ticket_code: string
  action: "CANCEL" | "RETURN" | "EXCHANGE"
  order_id: string
  request: Record<string, unknown>
  state: "sending" | "sent" | "unknown" | "failed"
  error: string | null
  hub_instance: unknown
  hub_status: string | null
  return_id: string | null
  exchange_id: string | null
  received_at: Date | null
  refund_reason_id: string | null
  refund_id: string | null
  created_at: Date
}

/** What an instance's record may be moved to: how it ended on the hub, and Medusa's part carried out for it. */
export type SacInstanceChange = Partial<Pick<SacInstanceRow, "state" | "error" | "hub_instance" | "hub_status" | "return_id" | "exchange_id" | "received_at" | "refund_reason_id" | "refund_id">>

const CHANGEABLE = ["state", "error", "hub_instance", "hub_status", "return_id", "exchange_id", "received_at", "refund_reason_id", "refund_id"] as const
const JSON_COLUMNS = new Set<string>(["hub_instance"])
const COLUMNS = "id, ticket_code, action, order_id, request, state, error, hub_instance, hub_status, return_id, exchange_id, received_at, refund_reason_id, refund_id, created_at"

/** The seller's instances of SAC tickets: one live a ticket (the partial unique index), each write of one account's rows. */
export class HubSacInstanceRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubSacInstance) {
  /** The instances of these tickets, the newest first. */
  async ofTickets(account: string, ticketCodes: string[], context: Context = {}): Promise<SacInstanceRow[]> {
    if (!ticketCodes.length) return []
    return this.getActiveManager<EntityManager>(context).execute(
      `select ${COLUMNS} from hub_sac_instance
        where account = ? and ticket_code in (select jsonb_array_elements_text(?::jsonb)) and deleted_at is null
        order by created_at desc, id desc`,
      [account, JSON.stringify(ticketCodes)]
    )
  }

  /** One instance of the account by its id, or null. */
  async one(account: string, id: string, context: Context = {}): Promise<SacInstanceRow | null> {
    const [row]: SacInstanceRow[] = await this.getActiveManager<EntityManager>(context).execute(
      `select ${COLUMNS} from hub_sac_instance where account = ? and id = ? and deleted_at is null`,
      [account, id]
    )
    return row ?? null
  }

  /** An instance about to be sent, in flight from now on; null when the ticket has a live one already (in flight, of unknown outcome, or taken). */
  async claim(account: string, instance: Pick<SacInstanceRow, "ticket_code" | "action" | "order_id" | "request">, context: Context = {}): Promise<SacInstanceRow | null> {
    const [row]: SacInstanceRow[] = await this.getActiveManager<EntityManager>(context).execute(
      `insert into hub_sac_instance (id, account, ticket_code, action, order_id, request, state) values (?, ?, ?, ?, ?, ?::jsonb, 'sending')
       on conflict (account, ticket_code) where state in ('sending', 'unknown', 'sent') and deleted_at is null do nothing
       returning ${COLUMNS}`,
      [generateEntityId(undefined, "hubsai"), account, instance.ticket_code, instance.action, instance.order_id, JSON.stringify(instance.request)]
    )
    return row ?? null
  }

  /** Moves one of the account's instances on; the row as it was before (null: no such instance of the account). */
  async change(account: string, id: string, change: SacInstanceChange, context: Context = {}): Promise<SacInstanceRow | null> {
    const keys = CHANGEABLE.filter((key) => key in change)
    const before = await this.one(account, id, context)
    if (!before || !keys.length) return before
    await this.getActiveManager<EntityManager>(context).execute(
      `update hub_sac_instance set ${keys.map((key) => `${key} = ?${JSON_COLUMNS.has(key) ? "::jsonb" : ""}`).join(", ")}, updated_at = now()
        where account = ? and id = ? and deleted_at is null`,
      [...keys.map((key) => (change[key] == null ? null : JSON_COLUMNS.has(key) ? JSON.stringify(change[key]) : change[key])), account, id]
    )
    return before
  }
}
