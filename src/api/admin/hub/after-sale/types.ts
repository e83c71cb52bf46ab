/** What the after-sale routes answer (the admin's page reads these). */

export type HubSacMessageView = { at: string | null; role: string | null; content: string; replied_at: string | null }

export type HubSacChatView = {
  parts: string | null
  status: string | null
  seller_status: string | null
  /** Whether the seller answers in it (a chat between the buyer and the marketplace takes no answer). */
  answers: boolean
  /** Since when its oldest message to the seller waits for an answer; null when none does. */
  waiting_since: string | null
  messages: HubSacMessageView[]
  /** The merchant's latest answer sent from Medusa in it: how it ended (`unknown`: read back before anything goes again). */
  last_answer: { content: string; state: "sending" | "sent" | "unknown" | "failed"; error: string | null; at: string } | null
}

/** Why a ticket has no Medusa order: its hub order never imported, set aside, still importing, or none named. */
export type HubSacOrderMissing = { reason: "not_imported" | "set_aside" | "importing" | "no_order_code"; detail: string | null }

/** What the merchant did about a ticket (its latest instance): how it ended on the hub, and Medusa's part. */
export type HubSacInstanceView = {
  action: "CANCEL" | "RETURN" | "EXCHANGE"
  /** `unknown`: its answer was lost; it is looked for in the hub's instances before anything is sent again. */
  state: "sending" | "sent" | "unknown" | "failed"
  /** The hub's words when it refused. */
  error: string | null
  /** The instance's status as the hub last gave it (`PENDING`, `CANCELLED`, ...). */
  hub_status: string | null
  /** Medusa's return requested for it, and when its goods were received. */
  return_id: string | null
  received_at: string | null
  at: string
  /** The Medusa refund reason chosen for the buyer's refund (null: the plugin's, or a cancel's). */
  /** `code`: the reason's code, by which the admin names the plugin's own reasons in the merchant's language. */
  refund_reason: { id: string; label: string; code: string | null } | null
  /** Medusa's refund recorded when the goods were received: its amount (a decimal string), currency and reason. */
  refund: { id: string; amount: string; currency_code: string | null; reason: string | null; reason_code: string | null } | null
}

export type HubSacTicketView = {
  code: string
  order_code: string | null
  /**
   * `fulfilled`: a fulfillment of it stands (not canceled): Medusa takes a return of it, not a cancel.
   * `return_invoice_needed`: its NF-e is past the 24 h in which it could be cancelled: goods coming back need the return NF-e.
   */
  order: { id: string; display_id: number | null; fulfilled: boolean; return_invoice_needed: boolean } | null
  order_missing: HubSacOrderMissing | null
  status: string | null
  unread: boolean
  platform: string | null
  mediation: boolean | null
  action: { id: string; name?: string } | null
  cause: { id: string; name: string | null; reason: { id: string; name?: string } | null } | null
  items: Array<{ id: string | null; sku: string | null; name: string | null; quantity: number | null }>
  refunds: Array<{ id: string | null; name: string | null; status: string | null; value: string | null }>
  chats: HubSacChatView[]
  waiting_since: string | null
  created_at: string | null
  seen_at: string
  instance: HubSacInstanceView | null
}

export type HubSacTicketsPage = { account: string; tickets: HubSacTicketView[]; count: number; limit: number; offset: number }

/** A ticket as the order card shows it: its state, what the buyer asks, and what the merchant did. */
export type HubSacOrderTicket = {
  code: string
  status: string | null
  unread: boolean
  waiting_since: string | null
  action: { id: string; name?: string } | null
  instance: Pick<HubSacInstanceView, "action" | "state" | "hub_status" | "received_at"> | null
}
