import type { Context, DAL } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import type { KeptSacChat, KeptSacTicket } from "../../mapping/hub-sac"
import type { HubSacAnswerRepository, SacAnswerRow } from "./repositories/hub-sac-answer"
import type { HubSacInstanceRepository, SacInstanceChange, SacInstanceRow } from "./repositories/hub-sac-instance"
import type { HubSacTicketRepository, KnownSacTicket, RecordedSacTicket, SacTicketRecord, SacTicketRow } from "./repositories/hub-sac-ticket"

/**
 * One account's SAC tickets, the seller's answers and instances in this store (`hub.account(id).records.sac`;
 * src/sync/sac.ts reads the hub into them, src/workflows/after-sale answers and acts from them), every
 * read and write of that account's rows only.
 */
export class HubSacRecords {
  constructor(
    private readonly account: string,
    private readonly tickets: HubSacTicketRepository,
    private readonly answers: HubSacAnswerRepository,
    private readonly instances: HubSacInstanceRepository,
    /** The module's base repository: where `@InjectManager` takes a manager from. */
    protected readonly baseRepository_: DAL.RepositoryService
  ) {}

  /** What the store holds of these tickets: whether their chats need reading again. */
  @InjectManager()
  async knownTickets(codes: string[], @MedusaContext() sharedContext: Context = {}): Promise<Map<string, KnownSacTicket>> {
    return this.tickets.known(this.account, codes, sharedContext)
  }

  /** Records a page of tickets as read (`seenAt`: when); each with whether it is new and the chats it had. */
  @InjectManager()
  async recordTickets(tickets: KeptSacTicket[], seenAt: Date, @MedusaContext() sharedContext: Context = {}): Promise<RecordedSacTicket[]> {
    return this.tickets.record(this.account, tickets, seenAt, sharedContext)
  }

  /** A ticket's chats as just read back from the hub. */
  @InjectManager()
  async replaceChats(code: string, chats: KeptSacChat[], unread: boolean, waitingSince: Date | null, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.tickets.replaceChats(this.account, code, chats, unread, waitingSince, sharedContext)
  }

  /** The chat's answer in flight or of unknown outcome, if any. */
  @InjectManager()
  async pendingAnswer(code: string, parts: string, @MedusaContext() sharedContext: Context = {}): Promise<SacAnswerRow | null> {
    return this.answers.pending(this.account, code, parts, sharedContext)
  }

  /** An answer about to leave; null when the chat has one in flight already. */
  @InjectManager()
  async claimAnswer(code: string, parts: string, content: string, @MedusaContext() sharedContext: Context = {}): Promise<string | null> {
    return this.answers.claim(this.account, code, parts, content, sharedContext)
  }

  /** How an answer ended. */
  @InjectManager()
  async settleAnswer(id: string, state: "sent" | "unknown" | "failed", error: string | null, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.answers.settle(id, state, error, sharedContext)
  }

  /** Each chat's latest answer, for these tickets. */
  @InjectManager()
  async latestAnswers(codes: string[], @MedusaContext() sharedContext: Context = {}): Promise<SacAnswerRow[]> {
    return this.answers.latest(this.account, codes, sharedContext)
  }

  /** Tickets whose oldest message to the seller has waited since before `waitingBefore`, the longest first. */
  @InjectManager()
  async unanswered(waitingBefore: Date, limit: number, @MedusaContext() sharedContext: Context = {}): Promise<Array<{ code: string; order_code: string | null; waiting_since: Date }>> {
    return this.tickets.unanswered(this.account, waitingBefore, limit, sharedContext)
  }

  /** A page of the tickets, unread first and the longest waiting first, each with its hub order's record. */
  @InjectManager()
  async ticketPage(page: { limit: number; offset: number }, @MedusaContext() sharedContext: Context = {}): Promise<{ rows: SacTicketRow[]; count: number }> {
    return this.tickets.page(this.account, page, sharedContext)
  }

  /** One ticket by its code, as last read; null when the store has not read it. */
  @InjectManager()
  async ticket(code: string, @MedusaContext() sharedContext: Context = {}): Promise<SacTicketRecord | null> {
    return this.tickets.one(this.account, code, sharedContext)
  }

  /** The tickets of one hub order, the newest first (`limit` at most). */
  @InjectManager()
  async ticketsOfOrder(orderCode: string, limit: number, @MedusaContext() sharedContext: Context = {}): Promise<SacTicketRecord[]> {
    return this.tickets.ofOrder(this.account, orderCode, limit, sharedContext)
  }

  // ---- The seller's instances (what the merchant does about a ticket)

  /** The instances of these tickets, the newest first. */
  @InjectManager()
  async instancesOf(ticketCodes: string[], @MedusaContext() sharedContext: Context = {}): Promise<SacInstanceRow[]> {
    return this.instances.ofTickets(this.account, ticketCodes, sharedContext)
  }

  /** One instance by its id; null when the account has none of that id. */
  @InjectManager()
  async instance(id: string, @MedusaContext() sharedContext: Context = {}): Promise<SacInstanceRow | null> {
    return this.instances.one(this.account, id, sharedContext)
  }

  /** An instance about to be sent, in flight from now on; null when the ticket has a live one already. */
  @InjectManager()
  async claimInstance(instance: Pick<SacInstanceRow, "ticket_code" | "action" | "order_id" | "request">, @MedusaContext() sharedContext: Context = {}): Promise<SacInstanceRow | null> {
    return this.instances.claim(this.account, instance, sharedContext)
  }

  /** Moves one of the account's instances on: how it ended on the hub, Medusa's part; the record as it was before (null: none of that id). */
  @InjectManager()
  async changeInstance(id: string, change: SacInstanceChange, @MedusaContext() sharedContext: Context = {}): Promise<SacInstanceRow | null> {
    return this.instances.change(this.account, id, change, sharedContext)
  }
}
