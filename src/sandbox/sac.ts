/*
 * The marketplace's customer service (SAC) as the sandbox plays it (docs/hub-public-facts.md, After-sale):
 * a ticket opened for an order (control routes), its chats between two parts, the buyer or the
 * marketplace writing in them, the seller answering, and the ticket's lines and refunds. The sandbox's
 * own reading of the record, apart from the plugin's (src/hub-client/sac.ts); where the record is silent
 * it guesses, and docs/sandbox.md says which guesses are its own:
 * - the listing's envelope `{ "sac": [...], "next_page": "<cursor>" | null }`, SAC_PAGE_SIZE a page,
 *   oldest first; `status` and `platform` filter the first page only (a cursor ignores them, as the record
 *   says), and only tickets that have messages are listed;
 * - a chat is named by its parts (`CUSTOMER_SELLER`), and the seller answers with
 *   `POST /sac/{code}/chats/{parts}` and the body `{ "message": { "content": "..." } }`, nothing else;
 *   only a chat the seller is a part of takes an answer;
 * - a ticket is `UNREAD` while one of its chats holds a message the seller has not answered, `READ` after.
 */
import { z } from "zod"
import { parseOrThrow, SandboxHubError } from "./errors"
import { clone } from "./records"

/** The parts a chat is between (the record's words): the buyer and the marketplace, the marketplace and the seller, the buyer and the seller. */
export const SANDBOX_CHAT_PARTS = ["CUSTOMER_B2W", "B2W_SELLER", "CUSTOMER_SELLER"] as const
export type SandboxChatParts = (typeof SANDBOX_CHAT_PARTS)[number]

/** Tickets a listing page holds (the record gives none; small, so a test sees pages). */
export const SAC_PAGE_SIZE = 20

/** Who writes: the buyer (`CUSTOMER`), the marketplace (`B2W`) or the seller (`SELLER`). */
type SandboxSacRole = "CUSTOMER" | "B2W" | "SELLER"

export type SandboxSacMessage = {
  created_at: string
  /** When the seller answered it; null until then (and on the seller's own messages). */
  replyed_at: string | null
  content: string
  part: { role: SandboxSacRole; name: string; email: string | null; code: string }
}

export type SandboxSacChat = {
  parts: SandboxChatParts
  status: "ACTIVE"
  seller_status: "UNREAD" | "READ"
  last_message: string | null
  messages: SandboxSacMessage[]
}

export type SandboxSacItem = { id: string; sku_id: string; product_id: string | null; name: string | null; quantity: number }
export type SandboxSacRefund = { id: string; name: string; status: string; value: number }

export type SandboxSacTicket = {
  code: string
  order_code: string
  status: string
  platform: string
  mediation: boolean
  warehouse: string
  /** What the buyer asks for (the sandbox's guess of where a ticket says it): the action and its cause. */
  action: { id: string; name: string }
  cause: { id: string; name: string; reason: { id: string; name: string } }
  created_at: string
  updated_at: string
}

type StoredTicket = SandboxSacTicket & { chats: Map<SandboxChatParts, SandboxSacChat>; items: SandboxSacItem[]; refunds: SandboxSacRefund[] }

const ACTIONS = { CANCEL: "Cancelamento", RETURN: "Devolução", EXCHANGE: "Troca" } as const

const buyerSchema = z.strictObject({ name: z.string().trim().min(1).max(200), email: z.email().optional() })

/** A message written in a chat by the buyer or the marketplace (control routes). */
const messageInputSchema = z.strictObject({
  chat: z.enum(SANDBOX_CHAT_PARTS).default("CUSTOMER_SELLER"),
  content: z.string().trim().min(1).max(5000),
  /** The buyer by default; the marketplace's own attendant with `"B2W"`. */
  role: z.enum(["CUSTOMER", "B2W"]).default("CUSTOMER"),
  buyer: buyerSchema.optional(),
  /** ISO date-time; now by default. */
  at: z.iso.datetime().optional(),
})
export type SandboxSacMessageInput = z.input<typeof messageInputSchema>

/** A ticket opened by the buyer for an order of the account (control routes). */
const ticketInputSchema = z.strictObject({
  order_code: z.string().trim().min(1),
  action: z.enum(["CANCEL", "RETURN", "EXCHANGE"]).default("RETURN"),
  cause: z
    .strictObject({ id: z.string().min(1), name: z.string().min(1), reason: z.strictObject({ id: z.string().min(1), name: z.string().min(1) }) })
    .default({ id: "ARP", name: "Arrependimento", reason: { id: "183", name: "Comprei errado" } }),
  platform: z.string().trim().min(1).default("B2W"),
  mediation: z.boolean().default(false),
  warehouse: z.string().trim().min(1).default("98"),
  /** The lines asked about: SKUs of the order and their quantities; the whole order by default. */
  items: z.array(z.strictObject({ sku: z.string().min(1), quantity: z.number().int().positive() })).min(1).optional(),
  /** The buyer's first message; a ticket without one is not listed until someone writes. */
  message: messageInputSchema.omit({ chat: true }).extend({ chat: z.enum(SANDBOX_CHAT_PARTS).default("CUSTOMER_SELLER") }).optional(),
  refunds: z.array(z.strictObject({ id: z.string().min(1), name: z.string().min(1), status: z.string().min(1), value: z.number().nonnegative() })).optional(),
  at: z.iso.datetime().optional(),
})
export type SandboxSacTicketInput = z.input<typeof ticketInputSchema>

/** The seller's answer: the sandbox's own reading of a body the record does not publish. */
export const sandboxSacReplySchema = z.strictObject({ message: z.strictObject({ content: z.string().trim().min(1, "message.content is empty").max(5000) }) })

type OrderView = { items: Array<{ id: string; product_id?: string; name?: string; qty: number }> }

const DEFAULT_BUYER = { name: "Maria Compradora", email: "maria.compradora@example.com" }

export class SandboxSac {
  private readonly tickets = new Map<string, StoredTicket>()
  private sequence: number

  constructor(
    private readonly orders: { getOrder(code: string): OrderView | undefined },
    private readonly now: () => Date,
    private readonly firstSequence = 1
  ) {
    this.sequence = firstSequence
  }

  clear(): void {
    this.tickets.clear()
    this.sequence = this.firstSequence
  }

  /** The buyer opens a ticket for an order the hub holds (404 otherwise); with its first message when given. */
  open(input: SandboxSacTicketInput): SandboxSacTicket {
    const valid = parseOrThrow(ticketInputSchema, input, { prefix: "ticket" })
    const order = this.orders.getOrder(valid.order_code)
    if (!order) throw new SandboxHubError(404, `Order ${valid.order_code} not found`)
    const lines = valid.items ?? order.items.map((item) => ({ sku: item.id, quantity: item.qty }))
    const items = lines.map((line, index) => {
      const sold = order.items.find((item) => item.id === line.sku)
      if (!sold) throw new SandboxHubError(422, `ticket.items.${index}.sku: ${line.sku} is not a line of order ${valid.order_code}`)
      if (line.quantity > sold.qty) throw new SandboxHubError(422, `ticket.items.${index}.quantity: the order sold ${sold.qty}`)
      return { id: String(index + 1), sku_id: sold.id, product_id: sold.product_id ?? null, name: sold.name ?? null, quantity: line.quantity }
    })
    const at = valid.at ?? this.now().toISOString()
    const code = String(this.sequence++)
    const ticket: StoredTicket = {
      code,
      order_code: valid.order_code,
      status: "READ",
      platform: valid.platform,
      mediation: valid.mediation,
      warehouse: valid.warehouse,
      action: { id: valid.action, name: ACTIONS[valid.action] },
      cause: valid.cause,
      created_at: at,
      updated_at: at,
      chats: new Map(),
      items,
      refunds: valid.refunds ?? [],
    }
    this.tickets.set(code, ticket)
    if (valid.message) this.write(code, { ...valid.message, at: valid.message.at ?? at })
    return this.view(ticket)
  }

  /** The buyer (or the marketplace) writes in a chat of the ticket; the ticket is unread for the seller. */
  write(code: string, input: SandboxSacMessageInput): SandboxSacChat {
    const ticket = this.ticket(code)
    const valid = parseOrThrow(messageInputSchema, input, { prefix: "message" })
    if (valid.role === "CUSTOMER" && valid.chat === "B2W_SELLER") throw new SandboxHubError(422, "message.chat: the buyer is not a part of B2W_SELLER")
    if (valid.role === "B2W" && valid.chat === "CUSTOMER_SELLER") throw new SandboxHubError(422, "message.chat: the marketplace is not a part of CUSTOMER_SELLER")
    const buyer = valid.buyer ?? DEFAULT_BUYER
    const part =
      valid.role === "CUSTOMER"
        ? { role: "CUSTOMER" as const, name: buyer.name, email: buyer.email ?? null, code: `customer-${ticket.order_code}` }
        : { role: "B2W" as const, name: "Atendimento Americanas", email: null, code: "b2w" }
    const at = valid.at ?? this.now().toISOString()
    const chat = this.chatOf(ticket, valid.chat)
    chat.messages.push({ created_at: at, replyed_at: null, content: valid.content, part })
    chat.last_message = at
    if (valid.chat !== "CUSTOMER_B2W") chat.seller_status = "UNREAD"
    this.touch(ticket, at)
    return clone(chat)
  }

  /** `POST /sac/{code}/chats/{parts}`: the seller answers; every message waiting in that chat is replied to. */
  reply(code: string, parts: string, body: unknown): SandboxSacChat {
    const ticket = this.ticket(code)
    const chat = ticket.chats.get(parts as SandboxChatParts)
    if (!chat) throw new SandboxHubError(404, `Ticket ${code} has no chat ${parts}`)
    if (!parts.endsWith("_SELLER")) throw new SandboxHubError(422, `The seller is not a part of the chat ${parts}`)
    if (ticket.status === "ARCHIVED") throw new SandboxHubError(422, `Ticket ${code} is archived`)
    const { message } = parseOrThrow(sandboxSacReplySchema, body)
    const at = this.now().toISOString()
    for (const waiting of chat.messages) if (waiting.part.role !== "SELLER" && waiting.replyed_at === null) waiting.replyed_at = at
    chat.messages.push({ created_at: at, replyed_at: null, content: message.content, part: { role: "SELLER", name: "Loja", email: null, code: "seller" } })
    chat.last_message = at
    chat.seller_status = "READ"
    this.touch(ticket, at)
    return clone(chat)
  }

  /** The marketplace archives a ticket (it is listed with `ARCHIVED` and takes no answer). */
  archive(code: string): SandboxSacTicket {
    const ticket = this.ticket(code)
    ticket.status = "ARCHIVED"
    return this.view(ticket)
  }

  /**
   * `GET /sac`: oldest first, only tickets that have messages. Without a cursor `status` and `platform`
   * filter the page; with one they are ignored (the record's quirk), the listing going on after the cursor.
   */
  list(options: { cursor?: string; status?: string; platform?: string }): { sac: SandboxSacTicket[]; next_page: string | null } {
    const listed = [...this.tickets.values()].filter((ticket) => [...ticket.chats.values()].some((chat) => chat.messages.length > 0))
    let rest: StoredTicket[]
    if (options.cursor !== undefined) {
      const after = decodeCursor(options.cursor)
      rest = listed.filter((ticket) => Number(ticket.code) > after)
    } else {
      rest = listed.filter((ticket) => (options.status === undefined || ticket.status === options.status) && (options.platform === undefined || ticket.platform === options.platform))
    }
    const page = rest.slice(0, SAC_PAGE_SIZE)
    const more = rest.length > SAC_PAGE_SIZE
    return { sac: page.map((ticket) => this.view(ticket)), next_page: more ? encodeCursor(Number(page[page.length - 1].code)) : null }
  }

  chats(code: string): SandboxSacChat[] {
    return [...this.ticket(code).chats.values()].map((chat) => clone(chat))
  }

  items(code: string): SandboxSacItem[] {
    return clone(this.ticket(code).items)
  }

  refunds(code: string): SandboxSacRefund[] {
    return clone(this.ticket(code).refunds)
  }

  /** A ticket with its chats, lines and refunds, outside the account's limits (tests, control routes). */
  get(code: string): (SandboxSacTicket & { chats: SandboxSacChat[]; items: SandboxSacItem[]; refunds: SandboxSacRefund[] }) | undefined {
    const ticket = this.tickets.get(code)
    return ticket && { ...this.view(ticket), chats: this.chats(code), items: this.items(code), refunds: this.refunds(code) }
  }

  /** Every ticket, with or without messages, oldest first (tests, control routes: which orders a buyer asked about). */
  all(): SandboxSacTicket[] {
    return [...this.tickets.values()].map((ticket) => this.view(ticket))
  }

  private ticket(code: string): StoredTicket {
    const ticket = this.tickets.get(code)
    if (!ticket) throw new SandboxHubError(404, `Ticket ${code} not found`)
    return ticket
  }

  private chatOf(ticket: StoredTicket, parts: SandboxChatParts): SandboxSacChat {
    let chat = ticket.chats.get(parts)
    if (!chat) {
      chat = { parts, status: "ACTIVE", seller_status: "READ", last_message: null, messages: [] }
      ticket.chats.set(parts, chat)
    }
    return chat
  }

  private touch(ticket: StoredTicket, at: string): void {
    ticket.updated_at = at
    if (ticket.status === "ARCHIVED") return
    ticket.status = [...ticket.chats.values()].some((chat) => chat.seller_status === "UNREAD") ? "UNREAD" : "READ"
  }

  private view(ticket: StoredTicket): SandboxSacTicket {
    const { chats: _chats, items: _items, refunds: _refunds, ...fields } = ticket
    return clone(fields)
  }
}

/** A SAC cursor: the last ticket's code, base64url-encoded. */
const encodeCursor = (code: number) => Buffer.from(`after:${code}`, "utf8").toString("base64url")

function decodeCursor(cursor: string): number {
  const match = /^after:(\d+)$/.exec(Buffer.from(cursor, "base64url").toString("utf8"))
  if (!match || encodeCursor(Number(match[1])) !== cursor) throw new SandboxHubError(400, "next_page is malformed")
  return Number(match[1])
}
