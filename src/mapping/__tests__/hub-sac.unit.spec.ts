import type { HubSacChat } from "../../hub-client"
import { keptChats, keptSacTicket, waitingSince } from "../hub-sac"

const message = (at: string | null, role: string | null, content = "texto", repliedAt: string | null = null) => ({ createdAt: at, role, content, repliedAt })
const chat = (parts: string | null, messages: HubSacChat["messages"], sellerStatus: string | null = null): HubSacChat => ({ parts, status: "ACTIVE", sellerStatus, lastMessage: null, messages, setAside: [] })
const ticket = { code: "1", orderCode: "Loja-1", status: "READ", platform: null, mediation: null, warehouse: null, action: null, cause: null, createdAt: null, updatedAt: null }

describe("a SAC ticket as kept", () => {
  it("puts each chat's messages in the order written, the hub's order where a date is missing", () => {
    const [kept] = keptChats([chat("CUSTOMER_SELLER", [message("2030-01-01T12:00:00Z", "CUSTOMER", "b"), message("2030-01-01T10:00:00Z", "CUSTOMER", "a"), message("2030-01-01T11:00:00Z", "SELLER", "resposta")])])
    expect(kept.messages.map((entry) => entry.content)).toEqual(["a", "resposta", "b"])
  })

  it("waits since the oldest message after the seller's last, in chats the seller is a part of, unless the hub says it was answered", () => {
    const chats = keptChats([
      chat("CUSTOMER_SELLER", [message("2030-01-01T08:00:00Z", "CUSTOMER"), message("2030-01-01T09:00:00Z", "SELLER"), message("2030-01-01T10:00:00Z", "CUSTOMER"), message("2030-01-01T11:00:00Z", "CUSTOMER")]),
      chat("CUSTOMER_B2W", [message("2030-01-01T07:00:00Z", "CUSTOMER")]),
      chat("B2W_SELLER", [message("2030-01-01T06:00:00Z", "B2W", "respondida", "2030-01-01T06:30:00Z")]),
    ])
    expect(waitingSince(chats)?.toISOString()).toBe("2030-01-01T10:00:00.000Z")
    expect(waitingSince(keptChats([chat("CUSTOMER_SELLER", [message("2030-01-01T08:00:00Z", "CUSTOMER"), message("2030-01-01T09:00:00Z", "SELLER")])]))).toBeNull()
  })

  it("is unread when the hub says so of the ticket or of a chat; without chats read, it waits for nothing known", () => {
    expect(keptSacTicket(ticket, { chats: [chat("CUSTOMER_SELLER", [], "UNREAD")], items: [], refunds: [] }).unread).toBe(true)
    expect(keptSacTicket({ ...ticket, status: "unread" }, null)).toMatchObject({ unread: true, chats: null, waitingSince: null, items: null })
    expect(keptSacTicket(ticket, { chats: [chat("CUSTOMER_SELLER", [], "READ")], items: [], refunds: [] }).unread).toBe(false)
  })
})
