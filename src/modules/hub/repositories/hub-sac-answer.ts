import type { Context } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { HubSacAnswer } from "../models"

export type SacAnswerRow = { id: string; ticket_code: string; parts: string; content: string; state: "sending" | "sent" | "unknown" | "failed"; error: string | null; sent_at: Date | null; created_at: Date }

/** The merchant's answers in SAC chats: one in flight (or of unknown outcome) per chat, each ending once. */
export class HubSacAnswerRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubSacAnswer) {
  /** The chat's answer in flight or of unknown outcome, if any. */
  async pending(account: string, ticketCode: string, parts: string, context: Context = {}): Promise<SacAnswerRow | null> {
    const [row]: SacAnswerRow[] = await this.getActiveManager<EntityManager>(context).execute(
      `select id, ticket_code, parts, content, state, error, sent_at, created_at from hub_sac_answer
        where account = ? and ticket_code = ? and parts = ? and state in ('sending', 'unknown') and deleted_at is null`,
      [account, ticketCode, parts]
    )
    return row ?? null
  }

  /** An answer about to leave; null when the chat has one in flight already (the partial unique index). */
  async claim(account: string, ticketCode: string, parts: string, content: string, context: Context = {}): Promise<string | null> {
    const [row]: Array<{ id: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `insert into hub_sac_answer (id, account, ticket_code, parts, content, state) values (?, ?, ?, ?, ?, 'sending')
       on conflict (account, ticket_code, parts) where state in ('sending', 'unknown') and deleted_at is null do nothing returning id`,
      [generateEntityId(undefined, "hubsaa"), account, ticketCode, parts, content]
    )
    return row?.id ?? null
  }

  /** How the answer ended. */
  async settle(id: string, state: "sent" | "unknown" | "failed", error: string | null, context: Context = {}): Promise<void> {
    await this.getActiveManager<EntityManager>(context).execute(
      `update hub_sac_answer set state = ?, error = ?, sent_at = case when ? = 'sent' then now() else sent_at end, updated_at = now() where id = ?`,
      [state, error, state, id]
    )
  }

  /** Each chat's latest answer, for these tickets. */
  async latest(account: string, ticketCodes: string[], context: Context = {}): Promise<SacAnswerRow[]> {
    if (!ticketCodes.length) return []
    return this.getActiveManager<EntityManager>(context).execute(
      `select distinct on (ticket_code, parts) id, ticket_code, parts, content, state, error, sent_at, created_at from hub_sac_answer
        where account = ? and ticket_code in (${ticketCodes.map(() => "?").join(", ")}) and deleted_at is null
        order by ticket_code, parts, created_at desc`,
      [account, ...ticketCodes]
    )
  }
}
