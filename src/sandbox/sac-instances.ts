/*
 * What the seller does about a SAC ticket, as the sandbox plays it (docs/hub-public-facts.md, After-sale):
 * `POST /sac/{code}/instances` with the action (`CANCEL`, `RETURN`, `EXCHANGE`), the cause, the lines and
 * the refunds, and `GET` the same. The record gives the body's fields and a status in the answer, not the
 * instance's state machine: what follows is the sandbox's own reading (docs/sandbox.md), apart from the
 * plugin's (src/hub-client/sac.ts):
 * - one instance a ticket: a second is refused (422), so a seller who sends one twice learns it;
 * - `CANCEL` only while the goods have not left (the order NEW, APPROVED or INVOICED): the hub order is
 *   canceled with it, the instance `CANCELLED`, its refund `REFUNDED` at once;
 * - `RETURN` and `EXCHANGE` only once the order shipped or was delivered: the instance `PENDING` (the goods
 *   on their way back), a return's refund `PENDING` for the lines' value;
 * - the lines must be the ticket's (`id` and `sku_id`), at most its quantities;
 * - a `RETURN` or `EXCHANGE` of an order whose NF-e was issued 24 h or more before needs the return NF-e,
 *   under `invoice` (`{"key", "issue_date"?}`, as an invoice's): the record says a return then needs one,
 *   not where it goes; the field is the sandbox's reading, and the plugin's an option (`sacReturnInvoiceField`).
 */
import { z } from "zod"
import { STANDARD_STATUS_CODES, type HubOrder } from "../hub-client/schemas"
import { parseOrThrow, SandboxHubError } from "./errors"
import { clone } from "./records"
import type { SandboxSac } from "./sac"

const ACTIONS = { CANCEL: "Cancelamento", RETURN: "Devolução", EXCHANGE: "Troca" } as const
const REFUND_NAMES: Record<string, string> = { CREDIT_CARD: "Cartão de crédito", VOUCHER: "Vale-compra", BANK_SLIP: "Boleto" }

/** The seller's instance as the sandbox reads the record's fields: nothing else is taken. */
export const sandboxSacInstanceSchema = z.strictObject({
  action: z.strictObject({ id: z.enum(["CANCEL", "RETURN", "EXCHANGE"]) }),
  cause: z.strictObject({ id: z.string().trim().min(1), name: z.string().optional(), reason: z.strictObject({ id: z.string().trim().min(1), name: z.string().optional() }) }),
  items: z.array(z.strictObject({ id: z.string().min(1), sku_id: z.string().min(1), product_id: z.string().nullable().optional(), quantity: z.number().int().positive() })).min(1),
  refunds: z.array(z.strictObject({ id: z.string().min(1), group: z.string().min(1) })).optional(),
  additional_note: z.string().max(2000).optional(),
  invoice: z.strictObject({ key: z.string().regex(/^\d{44}$/, "invoice.key must be the NF-e's 44 digits"), issue_date: z.iso.datetime({ offset: true }).optional() }).optional(),
})

/** How long after its issue an NF-e can still be cancelled (public NF-e rules); past it, goods coming back need a return NF-e. */
const NFE_CANCEL_WINDOW_MS = 24 * 3_600_000

export type SandboxSacInstance = {
  id: string
  action: { id: keyof typeof ACTIONS; name: string }
  cause: { id: string; name: string | null; reason: { id: string; name: string | null } }
  items: Array<{ id: string; sku_id: string; product_id: string | null; quantity: number }>
  refunds: Array<{ id: string; name: string; status: string; value: number }>
  additional_note: string | null
  /** The return NF-e the seller gave, as given. */
  invoice: { key: string; issue_date?: string } | null
  status: string
  start_task_date: string
}

type Orders = { getOrder(code: string): HubOrder | undefined; setStatusByMarketplace(code: string, statusCode: string): unknown }

const BEFORE_SHIPPING = ["NEW", "APPROVED", "INVOICED"]
const AFTER_SHIPPING = ["SHIPPED", "DELIVERED", "SHIPMENT_EXCEPTION"]

export class SandboxSacInstances {
  private readonly byTicket = new Map<string, SandboxSacInstance[]>()
  private sequence = 1

  constructor(
    private readonly sac: SandboxSac,
    private readonly orders: Orders,
    private readonly now: () => Date
  ) {}

  clear(): void {
    this.byTicket.clear()
    this.sequence = 1
  }

  /** `POST /sac/{code}/instances`. */
  open(code: string, body: unknown): SandboxSacInstance {
    const ticket = this.sac.get(code)
    if (!ticket) throw new SandboxHubError(404, `Ticket ${code} not found`)
    const valid = parseOrThrow(sandboxSacInstanceSchema, body)
    if (ticket.status === "ARCHIVED") throw new SandboxHubError(422, `Ticket ${code} is archived`)
    const [earlier] = this.byTicket.get(code) ?? []
    if (earlier) throw new SandboxHubError(422, `Ticket ${code} already has an instance (${earlier.id}, ${earlier.action.id})`)
    valid.items.forEach((line, index) => {
      const asked = ticket.items.find((item) => item.id === line.id)
      if (!asked || asked.sku_id !== line.sku_id) throw new SandboxHubError(422, `items.${index}: ${line.id}/${line.sku_id} is not a line of ticket ${code}`)
      if (line.quantity > asked.quantity) throw new SandboxHubError(422, `items.${index}.quantity: the ticket asks for ${asked.quantity}`)
    })
    const order = this.orders.getOrder(ticket.order_code)
    if (!order) throw new SandboxHubError(422, `Order ${ticket.order_code} not found`)
    const type = (order.status as { type?: string } | undefined)?.type ?? ""
    const action = valid.action.id
    if (action === "CANCEL" && !BEFORE_SHIPPING.includes(type)) throw new SandboxHubError(422, `Pedido ${ticket.order_code} já foi enviado (${type}): não pode ser cancelado, só devolvido`)
    if (action !== "CANCEL" && !AFTER_SHIPPING.includes(type)) throw new SandboxHubError(422, `Pedido ${ticket.order_code} ainda não foi enviado (${type}): cancele-o em vez de ${action === "RETURN" ? "devolver" : "trocar"}`)

    if (action !== "CANCEL" && !valid.invoice && this.pastCancelWindow(order)) {
      throw new SandboxHubError(422, `Pedido ${ticket.order_code}: a NF-e foi emitida há mais de 24 h e não pode ser cancelada; a ${action === "RETURN" ? "devolução" : "troca"} pede a NF-e de devolução (invoice.key)`)
    }
    const value = valueOf(order, valid.items)
    const refunds = action === "EXCHANGE" ? [] : (valid.refunds ?? [{ id: "CREDIT_CARD", group: "ORIGINAL_PAYMENT" }]).map((refund) => ({ id: refund.id, name: REFUND_NAMES[refund.id] ?? refund.id, status: action === "CANCEL" ? "REFUNDED" : "PENDING", value }))
    if (action === "CANCEL") this.orders.setStatusByMarketplace(ticket.order_code, STANDARD_STATUS_CODES.CANCELED)
    const instance: SandboxSacInstance = {
      id: String(this.sequence++),
      action: { id: action, name: ACTIONS[action] },
      cause: { id: valid.cause.id, name: valid.cause.name ?? null, reason: { id: valid.cause.reason.id, name: valid.cause.reason.name ?? null } },
      items: valid.items.map((line) => ({ ...line, product_id: line.product_id ?? null })),
      refunds,
      additional_note: valid.additional_note ?? null,
      invoice: valid.invoice ?? null,
      status: action === "CANCEL" ? "CANCELLED" : "PENDING",
      start_task_date: this.now().toISOString(),
    }
    this.byTicket.set(code, [instance])
    return clone(instance)
  }

  /** Whether the order's latest NF-e was issued 24 h or more ago, by the sandbox's clock. */
  private pastCancelWindow(order: HubOrder): boolean {
    const invoices = (Array.isArray(order.invoices) ? order.invoices : []) as Array<{ issue_date?: string }>
    const issued = Date.parse(invoices.at(-1)?.issue_date ?? "")
    return Number.isFinite(issued) && this.now().getTime() - issued >= NFE_CANCEL_WINDOW_MS
  }

  /** `GET /sac/{code}/instances`: the ticket's instances, a bare list (the record publishes no envelope). */
  list(code: string): SandboxSacInstance[] {
    if (!this.sac.get(code)) throw new SandboxHubError(404, `Ticket ${code} not found`)
    return clone(this.byTicket.get(code) ?? [])
  }

  /** The marketplace moves an instance on (control routes): its status and its refunds' status. */
  advance(code: string, id: string, change: { status: string; refundStatus?: string }): SandboxSacInstance {
    const instance = (this.byTicket.get(code) ?? []).find((candidate) => candidate.id === id)
    if (!instance) throw new SandboxHubError(404, `Ticket ${code} has no instance ${id}`)
    const valid = parseOrThrow(z.strictObject({ status: z.string().trim().min(1), refundStatus: z.string().trim().min(1).optional() }), change)
    instance.status = valid.status
    if (valid.refundStatus) for (const refund of instance.refunds) refund.status = valid.refundStatus
    return clone(instance)
  }
}

/** What the lines were sold for, in reais, to the cent. */
function valueOf(order: HubOrder, lines: Array<{ sku_id: string; quantity: number }>): number {
  const items = (order.items ?? []) as Array<{ id: string; original_price?: number; special_price?: number }>
  const cents = lines.reduce((sum, line) => {
    const sold = items.find((item) => item.id === line.sku_id)
    return sum + Math.round((sold?.special_price ?? sold?.original_price ?? 0) * 100) * line.quantity
  }, 0)
  return cents / 100
}
