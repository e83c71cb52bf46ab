import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN } from "@medusajs/framework/utils"
import { sellerAnswers, waitingSince } from "../../../../../mapping/hub-sac"
import { returnNfeNeeded } from "../../../../../mapping/return-nfe"
import { HUB_MODULE } from "../../../../../modules/hub"
import type { SacAnswerRow, SacInstanceRow, SacTicketRow } from "../../../../../modules/hub/types"
import type HubModuleService from "../../../../../modules/hub/service"
import { standingFulfillment } from "../../../../../queries/order-fulfillments"
import { HUB_INVOICE_KEY } from "../../../../../workflows/hub-orders/steps/record-hub-order-move-in-medusa"
import type { HubSacInstanceView, HubSacOrderMissing, HubSacTicketsPage, HubSacTicketView } from "../types"
import type { GetHubSacTickets } from "../validators"

/**
 * A page of an account's SAC tickets (docs/after-sale.md): unread first, then the longest waiting for
 * the seller; each with its Medusa order, or why it has none, and its chats in order.
 */
export async function GET(req: MedusaRequest<unknown, GetHubSacTickets>, res: MedusaResponse<HubSacTicketsPage>) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { account, limit, offset } = req.validatedQuery as GetHubSacTickets
  const { records } = hubModule.account(account)
  const { rows, count } = await records.sac.ticketPage({ limit, offset })
  const answers = await records.sac.latestAnswers(rows.map((row) => row.code))
  const instances = await records.sac.instancesOf(rows.map((row) => row.code))
  const orderIds = [...new Set(rows.flatMap((row) => (row.order_id ? [row.order_id] : [])))]
  const { data: orders } = orderIds.length
    ? await req.scope.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "order", fields: ["id", "display_id", "metadata", "fulfillments.canceled_at"], filters: { id: orderIds } })
    : { data: [] }
  const now = new Date()
  const medusaOrders = new Map(
    (orders as unknown as MedusaOrderRow[]).map((order) => [
      order.id,
      { id: order.id, display_id: order.display_id, fulfilled: standingFulfillment(order.fulfillments) !== undefined, return_invoice_needed: returnNfeNeeded(order.metadata?.[HUB_INVOICE_KEY] as { issue_date?: string } | undefined, now) },
    ])
  )
  const refunds = await refundsOf(req.scope, instances)
  const tickets = rows.map((row) => ({
    ...ticketView(row, medusaOrders, answers.filter((answer) => answer.ticket_code === row.code)),
    instance: instanceView(instances.find((instance) => instance.ticket_code === row.code), refunds),
  }))
  res.json({ account, tickets, count, limit, offset })
}

function orderMissing(row: SacTicketRow, found: boolean): HubSacOrderMissing | null {
  if (found) return null
  if (!row.order_code) return { reason: "no_order_code", detail: null }
  if (!row.import_state) return { reason: "not_imported", detail: null }
  if (row.import_state === "set_aside") return { reason: "set_aside", detail: row.set_aside_reason }
  return { reason: "importing", detail: null }
}

type MedusaOrderRow = { id: string; display_id: number | null; metadata?: Record<string, unknown> | null; fulfillments?: Array<{ canceled_at: unknown } | null> }

function ticketView(row: SacTicketRow, medusaOrders: Map<string, NonNullable<HubSacTicketView["order"]>>, answers: SacAnswerRow[]): Omit<HubSacTicketView, "instance"> {
  const order = row.order_id ? medusaOrders.get(row.order_id) : undefined
  const chats = row.chats ?? []
  return {
    code: row.code,
    order_code: row.order_code,
    order: order ?? null,
    order_missing: orderMissing(row, order !== undefined),
    status: row.status,
    unread: row.unread,
    platform: row.platform,
    mediation: row.mediation,
    action: (row.action as HubSacTicketView["action"]) ?? null,
    cause: (row.cause as HubSacTicketView["cause"]) ?? null,
    items: ((row.items as HubSacTicketView["items"] | null) ?? []).map(({ id, sku, name, quantity }) => ({ id, sku, name, quantity })),
    refunds: (row.refunds as HubSacTicketView["refunds"] | null) ?? [],
    chats: chats.map((chat) => ({
      parts: chat.parts,
      status: chat.status,
      seller_status: chat.sellerStatus,
      answers: sellerAnswers(chat.parts),
      waiting_since: waitingSince([chat])?.toISOString() ?? null,
      messages: chat.messages.map((message) => ({ at: message.at, role: message.role, content: message.content, replied_at: message.repliedAt })),
      last_answer: lastAnswer(answers.find((answer) => answer.parts === chat.parts)),
    })),
    waiting_since: row.waiting_since ? new Date(row.waiting_since).toISOString() : null,
    created_at: row.hub_created_at,
    seen_at: new Date(row.seen_at).toISOString(),
  }
}

function lastAnswer(answer: SacAnswerRow | undefined): HubSacTicketView["chats"][number]["last_answer"] {
  return answer ? { content: answer.content, state: answer.state, error: answer.error, at: new Date(answer.sent_at ?? answer.created_at).toISOString() } : null
}

type InstanceRow = Pick<SacInstanceRow, "action" | "state" | "error" | "hub_status" | "return_id" | "received_at" | "created_at" | "refund_reason_id" | "refund_id">

type RefundRow = { id: string; amount: unknown; refund_reason?: { label?: string | null; code?: string | null } | null; payment?: { currency_code?: string | null } | null }

/** The instances' chosen refund reasons and Medusa's refunds, read through Query in two requests. */
async function refundsOf(scope: MedusaContainer, instances: InstanceRow[]) {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const reasonIds = [...new Set(instances.flatMap((instance) => (instance.refund_reason_id ? [instance.refund_reason_id] : [])))]
  const refundIds = [...new Set(instances.flatMap((instance) => (instance.refund_id ? [instance.refund_id] : [])))]
  const [{ data: reasons }, { data: refunds }] = await Promise.all([
    reasonIds.length ? query.graph({ entity: "refund_reason", fields: ["id", "label", "code"], filters: { id: reasonIds } }) : { data: [] },
    refundIds.length ? query.graph({ entity: "refund", fields: ["id", "amount", "refund_reason.label", "refund_reason.code", "payment.currency_code"], filters: { id: refundIds } }) : { data: [] },
  ])
  return {
    reasons: new Map((reasons as Array<{ id: string; label: string; code: string | null }>).map((reason) => [reason.id, reason])),
    refunds: new Map((refunds as unknown as RefundRow[]).map((refund) => [refund.id, refund])),
  }
}

function instanceView(row: InstanceRow | undefined, { reasons, refunds }: Awaited<ReturnType<typeof refundsOf>>): HubSacInstanceView | null {
  if (!row) return null
  const { action, state, error, hub_status, return_id, received_at, created_at } = row
  const reason = row.refund_reason_id ? reasons.get(row.refund_reason_id) : undefined
  const refund = row.refund_id ? refunds.get(row.refund_id) : undefined
  return {
    action,
    state,
    error,
    hub_status,
    return_id,
    received_at: received_at ? new Date(received_at).toISOString() : null,
    at: new Date(created_at).toISOString(),
    refund_reason: reason ? { id: reason.id, label: reason.label, code: reason.code ?? null } : null,
    refund: refund
      ? { id: refund.id, amount: MathBN.convert(refund.amount as number).toString(), currency_code: refund.payment?.currency_code ?? null, reason: refund.refund_reason?.label ?? null, reason_code: refund.refund_reason?.code ?? null }
      : null,
  }
}
