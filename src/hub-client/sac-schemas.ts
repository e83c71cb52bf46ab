/*
 * The marketplace's customer service (SAC) as the hub serves it (docs/hub-public-facts.md, After-sale):
 * the tickets by their cursor, a ticket's chats, lines and refunds, and the seller's answer in a chat.
 * The record gives the fields but neither the listing's envelope nor a ticket's whole body, so every
 * answer is read liberally (reading.ts: null, "" and a missing key mean absent, each entry read alone,
 * one that does not fit set aside with its reason). A message's author keeps only its role: the buyer's
 * name and e-mail are personal data, never read into what the plugin holds.
 *
 * The hub's words only: the calls that send and read them are `sac.ts`'s (the client's wire).
 */
import { z } from "zod"
import { invoiceInputSchema, readEach } from "./schemas"
import { hubText, loose, looseText } from "./reading"

/** A word the hub uses for a thing, with its name when it gives one (`{id: "RETURN", name: "Devolução"}` or just `"RETURN"`). */
export type HubSacWord = { id: string; name?: string }

const word = loose(
  z.union([
    hubText.pipe(z.string().min(1)).transform((id): HubSacWord => ({ id })),
    z.looseObject({ id: hubText.pipe(z.string().min(1)), name: looseText }).transform(({ id, name }): HubSacWord => ({ id, ...(name ? { name } : {}) })),
  ])
)

const flag = loose(z.union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")]))

export const hubSacTicketSchema = z
  .looseObject({
    code: hubText.pipe(z.string().min(1, "code is empty")),
    order_code: looseText,
    status: looseText,
    platform: looseText,
    mediation: flag,
    warehouse: looseText,
    action: word,
    cause: loose(z.looseObject({ id: hubText, name: looseText, reason: word })),
    created_at: looseText,
    updated_at: looseText,
  })
  .transform((ticket) => ({
    code: ticket.code,
    orderCode: ticket.order_code ?? null,
    status: ticket.status ?? null,
    platform: ticket.platform ?? null,
    mediation: ticket.mediation ?? null,
    warehouse: ticket.warehouse ?? null,
    action: ticket.action ?? null,
    cause: ticket.cause ? { id: ticket.cause.id, name: ticket.cause.name ?? null, reason: ticket.cause.reason ?? null } : null,
    createdAt: ticket.created_at ?? null,
    updatedAt: ticket.updated_at ?? null,
  }))
export type HubSacTicket = z.output<typeof hubSacTicketSchema>

export const hubSacMessageSchema = z
  .looseObject({
    created_at: looseText,
    /** "replyed_at" (sic) in the record; either spelling is read. */
    replyed_at: looseText,
    replied_at: looseText,
    content: z.preprocess((value) => (typeof value === "number" ? String(value) : value), z.string()),
    part: loose(z.looseObject({ role: looseText })),
  })
  .transform((message) => ({
    createdAt: message.created_at ?? null,
    repliedAt: message.replyed_at ?? message.replied_at ?? null,
    content: message.content,
    /** Who wrote it (`CUSTOMER`, the marketplace's, `SELLER`): the author's name and e-mail are not read. */
    role: message.part?.role ?? null,
  }))
export type HubSacMessage = z.output<typeof hubSacMessageSchema>

export const hubSacChatSchema = z
  .looseObject({
    /** Which two parts the chat is between (`CUSTOMER_SELLER`): the record names them, not the key; `parts` or `type`. */
    parts: looseText,
    type: looseText,
    status: looseText,
    seller_status: looseText,
    last_message: looseText,
    messages: loose(z.array(z.unknown())),
  })
  .transform((chat) => {
    const { read, setAside } = readEach(chat.messages ?? [], hubSacMessageSchema)
    return {
      parts: chat.parts ?? chat.type ?? null,
      status: chat.status ?? null,
      sellerStatus: chat.seller_status ?? null,
      lastMessage: chat.last_message ?? null,
      messages: read,
      setAside,
    }
  })
export type HubSacChat = z.output<typeof hubSacChatSchema>

export const hubSacItemSchema = z
  .looseObject({ id: looseText, sku_id: looseText, sku: looseText, product_id: looseText, name: looseText, quantity: loose(z.coerce.number().int().positive()), qty: loose(z.coerce.number().int().positive()) })
  .transform((item) => ({ id: item.id ?? null, sku: item.sku_id ?? item.sku ?? null, productId: item.product_id ?? null, name: item.name ?? null, quantity: item.quantity ?? item.qty ?? null }))
export type HubSacItem = z.output<typeof hubSacItemSchema>

export const hubSacRefundSchema = z
  .looseObject({ id: looseText, name: looseText, status: looseText, group: looseText, value: loose(z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/)]).transform(String)) })
  .transform((refund) => ({ id: refund.id ?? null, name: refund.name ?? null, status: refund.status ?? null, group: refund.group ?? null, value: refund.value ?? null }))
export type HubSacRefund = z.output<typeof hubSacRefundSchema>

/** What the seller did about a ticket, as the hub answers it: an instance (its id, action, status, lines and refunds). */
export const hubSacInstanceSchema = z
  .looseObject({
    id: looseText,
    action: word,
    status: looseText,
    start_task_date: looseText,
    items: loose(z.array(z.unknown())),
    refunds: loose(z.array(z.unknown())),
  })
  .transform((instance) => ({
    id: instance.id ?? null,
    action: instance.action?.id ?? null,
    status: instance.status ?? null,
    startedAt: instance.start_task_date ?? null,
    items: readEach(instance.items ?? [], hubSacItemSchema).read,
    refunds: readEach(instance.refunds ?? [], hubSacRefundSchema).read,
  }))
export type HubSacInstance = z.output<typeof hubSacInstanceSchema>

/**
 * What the plugin sends for an instance: the record's fields (docs/hub-public-facts.md, After-sale), the
 * refund's method an account option (`sacRefund`: the record's example by default), and the return NF-e
 * of goods coming back once the sale's NF-e is past its 24 h (`return_invoice`, as an invoice's key and
 * date: the record names no field for it, so it goes under the account's `sacReturnInvoiceField`).
 */
export const sacInstanceRequestSchema = z.strictObject({
  action: z.strictObject({ id: z.enum(["CANCEL", "RETURN", "EXCHANGE"]) }),
  cause: z.strictObject({ id: z.string().min(1), name: z.string().optional(), reason: z.strictObject({ id: z.string().min(1), name: z.string().optional() }) }),
  items: z.array(z.strictObject({ id: z.string().min(1), sku_id: z.string().min(1), product_id: z.string().nullable(), quantity: z.number().int().positive() })).min(1, "items: an instance names at least one line"),
  refunds: z.array(z.strictObject({ id: z.string().min(1), group: z.string().min(1) })).optional(),
  additional_note: z.string().max(2000).optional(),
  return_invoice: invoiceInputSchema.optional(),
})
export type HubSacInstanceRequest = z.input<typeof sacInstanceRequestSchema>

/** A list wherever the answer keeps it: a bare array, or under one of the keys such APIs use; none is an empty list. */
const entriesUnder = (...keys: string[]) =>
  z.unknown().transform((body): unknown[] => {
    if (Array.isArray(body)) return body
    if (body && typeof body === "object") {
      for (const key of keys) {
        const value = (body as Record<string, unknown>)[key]
        if (Array.isArray(value)) return value
      }
    }
    return []
  })

export const listOf = <T extends z.ZodType>(schema: T, ...keys: string[]) => entriesUnder(...keys).transform((entries) => readEach(entries, schema))

export const sacPageSchema = z.unknown().transform((body) => {
  const { read, setAside } = listOf(hubSacTicketSchema, "sac", "tickets", "data", "items", "results").parse(body)
  const next = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>).next_page : undefined
  const nextPage = typeof next === "string" && next.trim() ? next.trim() : typeof next === "number" ? String(next) : null
  return { tickets: read, setAside, nextPage }
})
export type HubSacPage = z.output<typeof sacPageSchema>

/** Pages a walk reads at most (a cursor that never ends is a listing read in part). */
export const SAC_MAX_PAGES = 500

/** The seller's answer in a chat: a text, as the merchant wrote it. */
export const sacAnswerSchema = z.string().trim().min(1, "the answer is empty").max(5000, "the answer is longer than 5,000 characters")
