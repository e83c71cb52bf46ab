import type { HubSacChat, HubSacItem, HubSacRefund, HubSacTicket } from "../hub-client"

/*
 * A SAC ticket as the store keeps it (docs/after-sale.md): its chats' messages in order, each with its
 * author's role only (the buyer's name and e-mail are never kept), and the two facts the page and the
 * notices sort by: whether the seller has it unread, and since when a message to the seller waits.
 */

/** The author of a message the seller writes. */
export const SELLER_ROLE = "SELLER"

/** The longest message text kept (a chat's own limit is not published). */
const MESSAGE_MAX_LENGTH = 5000

export type KeptSacMessage = { at: string | null; role: string | null; content: string; repliedAt: string | null }
export type KeptSacChat = { parts: string | null; status: string | null; sellerStatus: string | null; messages: KeptSacMessage[] }
export type KeptSacTicket = {
  code: string
  orderCode: string | null
  status: string | null
  platform: string | null
  mediation: boolean | null
  warehouse: string | null
  action: HubSacTicket["action"]
  cause: HubSacTicket["cause"]
  hubCreatedAt: string | null
  hubUpdatedAt: string | null
  items: HubSacItem[] | null
  refunds: HubSacRefund[] | null
  chats: KeptSacChat[] | null
  unread: boolean
  waitingSince: Date | null
}

/** A chat the seller is a part of takes the seller's answers (`CUSTOMER_SELLER`, `B2W_SELLER`); one whose parts the hub did not name may. */
export const sellerAnswers = (parts: string | null) => parts === null || parts.toUpperCase().includes("SELLER")

const timeOf = (at: string | null) => {
  const time = at === null ? NaN : Date.parse(at)
  return Number.isNaN(time) ? null : time
}

function keptMessage(message: HubSacChat["messages"][number]): KeptSacMessage {
  // eslint-disable-next-line no-control-regex
  const content = message.content.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "").slice(0, MESSAGE_MAX_LENGTH)
  return { at: message.createdAt, role: message.role, content, repliedAt: message.repliedAt }
}

/** The chats as kept: the messages of each in the order they were written (the hub's order where a date is missing). */
export function keptChats(chats: HubSacChat[]): KeptSacChat[] {
  return chats.map((chat) => {
    const messages = chat.messages.map(keptMessage).map((message, index) => ({ message, index }))
    messages.sort((a, b) => (timeOf(a.message.at) ?? 0) - (timeOf(b.message.at) ?? 0) || a.index - b.index)
    return { parts: chat.parts, status: chat.status, sellerStatus: chat.sellerStatus, messages: messages.map(({ message }) => message) }
  })
}

/** The messages of a chat still waiting for the seller: those after the seller's last one, not answered on the hub. */
export function waitingMessages(chat: KeptSacChat): KeptSacMessage[] {
  if (!sellerAnswers(chat.parts)) return []
  let lastSeller = -1
  chat.messages.forEach((message, index) => {
    if (message.role === SELLER_ROLE) lastSeller = index
  })
  return chat.messages.slice(lastSeller + 1).filter((message) => message.role !== SELLER_ROLE && message.repliedAt === null)
}

/** Since when the oldest message to the seller waits, over every chat; null when none does. */
export function waitingSince(chats: KeptSacChat[]): Date | null {
  const times = chats.flatMap(waitingMessages).map((message) => timeOf(message.at)).filter((time): time is number => time !== null)
  return times.length ? new Date(Math.min(...times)) : null
}

/** The ticket as kept, from the listing's entry and (when read) its chats, lines and refunds. */
export function keptSacTicket(ticket: HubSacTicket, read: { chats: HubSacChat[]; items: HubSacItem[]; refunds: HubSacRefund[] } | null): KeptSacTicket {
  const chats = read ? keptChats(read.chats) : null
  return {
    code: ticket.code,
    orderCode: ticket.orderCode,
    status: ticket.status,
    platform: ticket.platform,
    mediation: ticket.mediation,
    warehouse: ticket.warehouse,
    action: ticket.action,
    cause: ticket.cause,
    hubCreatedAt: ticket.createdAt,
    hubUpdatedAt: ticket.updatedAt,
    items: read?.items ?? null,
    refunds: read?.refunds ?? null,
    chats,
    unread: ticket.status?.toUpperCase() === "UNREAD" || (chats ?? []).some((chat) => chat.sellerStatus?.toUpperCase() === "UNREAD"),
    waitingSince: chats ? waitingSince(chats) : null,
  }
}

const messageKey = (message: KeptSacMessage) => `${message.at}\u0000${message.role}\u0000${message.content}`

/**
 * The messages waiting for the seller in `after` that `before` did not hold (none before: every one
 * waiting); the newest's time, or null when there is none: what the feed is told of.
 */
export function newWaitingMessageAt(before: KeptSacChat[] | null, after: KeptSacChat[] | null): string | null {
  const seen = new Set((before ?? []).flatMap((chat) => chat.messages.map((message) => `${chat.parts}\u0000${messageKey(message)}`)))
  const fresh = (after ?? []).flatMap((chat) => waitingMessages(chat).filter((message) => !seen.has(`${chat.parts}\u0000${messageKey(message)}`)))
  const times = fresh.map((message) => timeOf(message.at)).filter((time): time is number => time !== null)
  if (!fresh.length) return null
  return times.length ? new Date(Math.max(...times)).toISOString() : "undated"
}

/** How far the hub's clock may be behind the store's when an answer is looked for in its chat. */
const CLOCK_SKEW_MS = 10 * 60_000

/** Whether the seller's answer `content`, sent at `sentAt` or after, is in chat `parts` as the hub lists it now. */
export function answerLanded(chats: KeptSacChat[], parts: string, content: string, sentAt: Date): boolean {
  const chat = chats.find((candidate) => candidate.parts === parts)
  return !!chat?.messages.some((message) => message.role === SELLER_ROLE && message.content.trim() === content.trim() && (timeOf(message.at) ?? Infinity) >= sentAt.getTime() - CLOCK_SKEW_MS)
}

/** Whether the seller has any of these chats unread. */
export const chatsUnread = (chats: KeptSacChat[]) => chats.some((chat) => chat.sellerStatus?.toUpperCase() === "UNREAD")
