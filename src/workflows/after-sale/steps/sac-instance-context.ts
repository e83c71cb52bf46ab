import type { BigNumberInput, FilterableRefundReasonProps } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { HubSacInstanceRequest, HubSacItem } from "../../../hub-client"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"
import { returnNfeNeeded } from "../../../mapping/return-nfe"
import { onlyShippingOptionAt, orderForFulfillment, standingFulfillment } from "../../../queries/order-fulfillments"
import { HUB_INVOICE_KEY } from "../../hub-orders/steps/record-hub-order-move-in-medusa"
import type { SacInstanceAction } from "./send-sac-instance"

/**
 * `newItems`: an exchange's new lines (a variant and a quantity); the same variants as the lines taken back when none is named.
 * `returnInvoice`: the return NF-e of the goods coming back, as read (src/mapping/return-nfe.ts).
 */
export type SacInstanceContextInput = {
  account: string
  code: string
  action: SacInstanceAction
  note?: string
  newItems?: Array<{ variant_id: string; quantity: number }>
  refundReasonId?: string
  returnInvoice?: { key: string; issue_date?: string }
}

/** What an instance of the ticket needs: its order (hub and Medusa), the body for the hub, the Medusa lines it concerns and where their stock comes back. */
export type SacInstanceContext = {
  orderCode: string
  hubOrderId: string
  orderId: string
  request: HubSacInstanceRequest
  /** The Medusa order lines of the ticket's lines, with the quantities the ticket names. */
  lines: Array<{ id: string; quantity: number }>
  /** Where returned goods go back to stock: the location the order was fulfilled from, or the account's `stockLocationId`. */
  locationId: string | null
  /** An exchange's new lines: the ones named, or the same variants at the price they were sold at (nothing to pay or refund). */
  newItems: Array<{ variant_id: string; quantity: number; unit_price?: number }>
  /** How an exchange's new lines leave (Medusa reserves their stock with it): the account's `shippingOptionId`, the order's, or the one leaving from the location. */
  shippingOptionId: string | null
  /** The Medusa refund reason the merchant chose for the buyer's refund when the goods arrive (checked to exist); null: the plugin's. */
  refundReasonId: string | null
}

const refuse = (message: string) => new MedusaError(MedusaError.Types.NOT_ALLOWED, message)

/**
 * Reads what an instance of a ticket is made of, before anything is sent (docs/after-sale.md): the ticket
 * as last read, its hub order imported into Medusa (a ticket whose order the store does not have takes
 * no instance), each of its lines a line of the Medusa order by the hub's SKU. The body is the record's
 * fields (docs/hub-public-facts.md, After-sale): the buyer's cause, the ticket's lines, the refund as the
 * account's `sacRefund` option says. What Medusa would refuse is refused here, before the hub is told: a cancel of
 * an order it has fulfilled, a return or an exchange of more than it fulfilled. Read only: nothing to compensate.
 */
export const sacInstanceContextStep = createStep("hub-sac-instance-context", async (input: SacInstanceContextInput, { container }) => {
  const hubModule = container.resolve<HubModuleService>(HUB_MODULE)
  const account = hubModule.account(input.account)
  if (input.refundReasonId) {
    const [reason] = await container.resolve(Modules.PAYMENT).listRefundReasons({ id: input.refundReasonId } as FilterableRefundReasonProps, { take: 1 })
    if (!reason) throw new MedusaError(MedusaError.Types.INVALID_DATA, `refund_reason_id: Medusa has no refund reason ${input.refundReasonId}`)
  }
  const ticket = await account.records.sac.ticket(input.code)
  if (!ticket) throw new MedusaError(MedusaError.Types.NOT_FOUND, `ticket ${input.code} has not been read from the hub`)
  if (!ticket.order_code) throw refuse(`ticket ${input.code} names no order`)
  const hubOrder = await account.records.orders.byCode(ticket.order_code)
  if (!hubOrder?.order_id) throw refuse(`the order ${ticket.order_code} of ticket ${input.code} is not in Medusa`)
  const order = await orderForFulfillment(container, hubOrder.order_id)

  const items = ((ticket.items as HubSacItem[] | null) ?? []).filter((item) => item.sku && item.quantity)
  if (!items.length) throw refuse(`ticket ${input.code} names no lines the hub gave a SKU and quantity for`)
  const lines = items.map((item) => {
    const line = order.lines.find((candidate) => candidate.sku === item.sku && !candidate.charge)
    if (!line) throw refuse(`the ticket's line ${item.sku} is not a line of the Medusa order`)
    return { id: line.id, quantity: item.quantity! }
  })
  const cause = ticket.cause as { id: string; name: string | null; reason: { id: string; name?: string } | null } | null
  if (!cause?.id || !cause.reason?.id) throw refuse(`ticket ${input.code} gives no cause and reason: the hub's instance needs them`)

  const request: HubSacInstanceRequest = {
    action: { id: input.action },
    cause: { id: cause.id, ...(cause.name ? { name: cause.name } : {}), reason: { id: cause.reason.id, ...(cause.reason.name ? { name: cause.reason.name } : {}) } },
    items: items.map((item, index) => ({ id: item.id ?? String(index + 1), sku_id: item.sku!, product_id: item.productId, quantity: item.quantity! })),
    ...(input.action === "EXCHANGE" ? {} : { refunds: [account.options.sacRefund] }),
    ...(input.note ? { additional_note: input.note } : {}),
    ...(input.action !== "CANCEL" && input.returnInvoice ? { return_invoice: input.returnInvoice } : {}),
  }
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["metadata", "fulfillments.location_id", "fulfillments.canceled_at", "items.id", "items.variant_id", "items.unit_price", "items.detail.fulfilled_quantity", "items.detail.return_requested_quantity"],
    filters: { id: order.id },
  })
  type Detail = { fulfilled_quantity?: BigNumberInput | null; return_requested_quantity?: BigNumberInput | null } | null
  const found = data[0] as unknown as { metadata?: Record<string, unknown> | null; fulfillments?: Array<{ location_id: string | null; canceled_at: unknown } | null>; items?: Array<{ id: string; variant_id: string | null; unit_price: number; detail?: Detail } | null> } | undefined
  const fulfillment = standingFulfillment(found?.fulfillments)
  // Medusa cancels an order only while none of its fulfillments stands: the hub is not told of a cancel Medusa would refuse.
  if (input.action === "CANCEL" && fulfillment) throw refuse(`the order ${ticket.order_code} is fulfilled in Medusa, which cancels only an order without fulfillments: take the goods back with a return`)
  // Medusa takes back only what it fulfilled and was not asked back yet (its return-item rule): the hub is not told of a return or an exchange Medusa would refuse.
  if (input.action !== "CANCEL") {
    for (const [index, line] of lines.entries()) {
      const detail = (found?.items ?? []).find((candidate) => candidate?.id === line.id)?.detail
      const fulfilled = MathBN.convert(detail?.fulfilled_quantity ?? 0)
      const returnable = MathBN.sub(fulfilled, MathBN.convert(detail?.return_requested_quantity ?? 0))
      if (MathBN.gt(line.quantity, returnable)) {
        throw refuse(`the ticket's line ${items[index].sku}: Medusa has fulfilled ${fulfilled.toString()} of it, ${returnable.toString()} not yet asked back, and takes back only that: ${input.action === "RETURN" ? "fulfil the order first, or cancel it" : "fulfil the order first"}`)
      }
    }
  }
  if (input.action !== "CANCEL") checkReturnInvoice(input, found?.metadata?.[HUB_INVOICE_KEY] as SaleInvoice | undefined)
  const fulfilledAt = fulfillment?.location_id
  const newItems =
    input.action !== "EXCHANGE"
      ? []
      : (input.newItems ??
        lines.map((line) => {
          const item = (found?.items ?? []).find((candidate) => candidate?.id === line.id)
          if (!item?.variant_id) throw refuse(`the ticket's line ${line.id} has no variant to exchange it for: name the new lines`)
          return { variant_id: item.variant_id, quantity: line.quantity, unit_price: Number(item.unit_price) }
        }))
  const locationId = fulfilledAt ?? account.options.stockLocationId ?? null
  const shippingOptionId = input.action !== "EXCHANGE" ? null : (account.options.shippingOptionId ?? order.shippingOptionId ?? (locationId ? await onlyShippingOptionAt(container, locationId) : null))
  if (input.action === "EXCHANGE" && !shippingOptionId) throw refuse("no shipping option for the exchange's new lines: set the plugin's `shippingOptionId` option")
  const context: SacInstanceContext = { orderCode: ticket.order_code, hubOrderId: hubOrder.id, orderId: order.id, request, lines, locationId, newItems, shippingOptionId, refundReasonId: input.refundReasonId ?? null }
  return new StepResponse(context)
})

/** The sale's NF-e as the order keeps it (`metadata.hub_invoice`). */
type SaleInvoice = { key?: string; issue_date?: string | null } | null

/**
 * Goods coming back once the sale's NF-e is past the 24 h in which it could be cancelled need the return
 * NF-e (docs/after-sale.md, *The return NF-e*): refused without it, before the hub is told; and the sale's
 * own key is not a return's.
 */
function checkReturnInvoice(input: SacInstanceContextInput, saleInvoice: SaleInvoice | undefined): void {
  const given = input.returnInvoice
  if (given && saleInvoice?.key === given.key) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `return_invoice.key: ${given.key} is the sale's own NF-e; goods coming back need the return NF-e (nota de devolução) issued for them`)
  }
  if (!given && returnNfeNeeded(saleInvoice, new Date())) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `return_invoice: the order's NF-e was issued at ${saleInvoice!.issue_date}, more than 24 h ago, and can no longer be cancelled: the goods coming back need the return NF-e (nota de devolução), its key or its XML`
    )
  }
}
