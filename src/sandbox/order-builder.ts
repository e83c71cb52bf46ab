/*
 * A test order as the sandbox hub stores and answers it, in either answer shape (answers.ts):
 * `tidy`, every field in the format a merchant sends; `realistic` (the default), as real hubs
 * answer (docs/hub-public-facts.md, "What real answers look like"). The money is the same in
 * both and adds up in integer cents: total_ordered = the lines at what the buyer paid + shipping
 * + interest - discount.
 */
import { HUB_DAY_MS } from "../hub-client/endpoints"
import { expeditionLimit, linePromotion, type SandboxAnswers, writtenPhone, writtenPostcode } from "./answers"
import { SandboxHubError } from "./errors"
import { cents, type SandboxStatus, type StoredOrder } from "./records"
import type { SandboxTestOrder } from "./test-order-rules"

/** A line priced: what the catalogue sells under its SKU, and the body's prices when given. */
export type PricedLine = {
  id: string
  productId: string
  name: string | null
  qty: number
  originalPrice: number
  /** The price paid, when the body gave one. */
  specialPrice?: number
  remoteStoreId?: string
}

export type OrderToBuild = {
  order: SandboxTestOrder
  status: SandboxStatus
  lines: PricedLine[]
  code: string
  /** The sequence of the order's code: picks which of the real forms this order takes. */
  sequence: number
  placedAt: Date
  answers: SandboxAnswers
}

/** The warehouse every line sells from unless the body names one (docs/hub-public-facts.md, Multi-CD). */
export const DEFAULT_REMOTE_STORE_ID = "98"

export function buildOrder({ order, status, lines, code, sequence: n, placedAt, answers }: OrderToBuild): StoredOrder {
  const realistic = answers === "realistic"
  if (!order.shipping_address && !realistic) {
    throw new SandboxHubError(422, "order.shipping_address: required (this hub answers tidy orders, every one with its address)")
  }
  const paidCents = (line: PricedLine) => cents(line.specialPrice ?? line.originalPrice)
  const itemsCents = lines.reduce((sum, line) => sum + paidCents(line) * line.qty, 0)
  const shippingCost = order.shipping_cost ?? 0
  const interest = order.interest ?? 0
  const discount = order.discount ?? 0
  const totalCents = itemsCents + cents(shippingCost) + cents(interest) - cents(discount)
  if (totalCents < 0) throw new SandboxHubError(422, `order.discount: ${discount} is more than the order's ${(totalCents + cents(discount)) / 100}`)
  const totalOrdered = totalCents / 100
  const placed = placedAt.toISOString()
  const estimatedDelivery = order.estimated_delivery ?? new Date(placedAt.getTime() + 7 * HUB_DAY_MS).toISOString().slice(0, 10)
  const common = {
    code,
    channel: order.channel,
    placed_at: placed,
    updated_at: placed,
    approved_date: null,
    status: { ...status },
    total_ordered: totalOrdered,
    shipping_cost: shippingCost,
    interest,
    shipping_method: order.shipping_method ?? "Sandbox Standard",
    estimated_delivery: estimatedDelivery,
    invoices: [],
    shipments: [],
  }
  const payment = { method: "credit_card", description: "Cartão de crédito", value: totalOrdered, parcels: order.parcels ?? 1 }
  const fullName = order.customer.name

  if (!realistic) {
    return {
      ...common,
      discount,
      ...(order.calculation_type ? { calculation_type: order.calculation_type } : {}),
      ...(order.shipping_carrier ? { shipping_carrier: order.shipping_carrier } : {}),
      customer: order.customer,
      billing_address: { full_name: fullName, ...order.billing_address },
      shipping_address: { full_name: fullName, ...order.shipping_address },
      items: lines.map((line) => ({
        id: line.id,
        product_id: line.productId,
        name: line.name,
        qty: line.qty,
        original_price: line.originalPrice,
        special_price: line.specialPrice ?? line.originalPrice,
        ...(line.remoteStoreId ? { remote_store_id: line.remoteStoreId } : {}),
      })),
      // One card payment of the whole amount, as marketplaces report it; approved with the order.
      payments: [{ ...payment, status: "pending", transaction_date: null }],
    }
  }

  const customer = order.customer
  const phones = (customer.phones ?? []).map((phone) => writtenPhone(phone, n))
  const address = (given: SandboxTestOrder["billing_address"]) => ({
    full_name: fullName,
    street: given.street,
    number: given.number,
    detail: given.detail ?? null,
    complement: null,
    neighborhood: given.neighborhood ?? null,
    city: given.city,
    region: given.region,
    country: given.country,
    postcode: writtenPostcode(given.postcode, n),
    reference: null,
    phone: phones[0] ?? null,
    secondary_phone: null,
  })
  const merchantShips = !order.calculation_type
  return {
    ...common,
    // The marketplace's own number for the order, the one its buyer and support quote.
    import_info: { ss_name: order.channel, remote_id: String(n), remote_code: `02-${n}` },
    sync_status: "NOT_SYNCED",
    discount: discount > 0 ? discount : null,
    calculation_type: order.calculation_type ?? null,
    shipping_carrier: order.shipping_carrier ?? null,
    seller_shipping_cost: merchantShips ? shippingCost : null,
    estimated_delivery_shift: null,
    expedition_limit_date: expeditionLimit(placedAt),
    shipped_date: "",
    delivered_date: "",
    tags: [],
    customer: {
      name: customer.name,
      email: customer.email,
      date_of_birth: customer.date_of_birth ?? null,
      gender: customer.gender ?? "",
      vat_number: customer.vat_number ?? null,
      // Every fourth buyer left a second phone field empty.
      phones: n % 4 === 0 ? [...phones, ""] : phones,
      state_registration: customer.state_registration ?? null,
    },
    billing_address: address(order.billing_address),
    shipping_address: order.shipping_address ? address(order.shipping_address) : null,
    items: lines.map((line, index) => {
      const sale = line.specialPrice !== undefined && cents(line.specialPrice) < cents(line.originalPrice)
      return {
        id: line.id,
        product_id: line.productId,
        name: line.name,
        qty: line.qty,
        original_price: line.originalPrice,
        // Sold at its original price, a line carries no special_price at all.
        ...(line.specialPrice !== undefined ? { special_price: line.specialPrice } : {}),
        shipping_cost: null,
        promotions: sale ? [linePromotion({ originalCents: cents(line.originalPrice), paidCents: paidCents(line), qty: line.qty }, n + index)] : [],
        remote_store_id: line.remoteStoreId ?? ((n + index) % 3 === 0 ? null : DEFAULT_REMOTE_STORE_ID),
        delivery_line_id: `${n}-${index + 1}`,
        listing_type_id: (n + index) % 2 === 0 ? "gold_special" : null,
      }
    }),
    // The payment is not confirmed yet: no status until the marketplace approves it.
    payments: [{ ...payment, status: null, transaction_date: null }],
  }
}

/**
 * What approval changes beyond the status: the payment confirmed and, on an order answered
 * realistically, the dispatch deadline counted from the approval and the shipping address (a NEW
 * order may lack it) now known: the buyer's billing address.
 */
export function approveOrder(order: StoredOrder, at: string): void {
  order.approved_date = at
  for (const payment of (order.payments ?? []) as Array<Record<string, unknown>>) Object.assign(payment, { status: "approved", transaction_date: at })
  if ("expedition_limit_date" in order) order.expedition_limit_date = expeditionLimit(new Date(at))
  if (order.shipping_address === null && order.billing_address && typeof order.billing_address === "object") {
    order.shipping_address = { ...(order.billing_address as Record<string, unknown>) }
  }
}

/** A shipment on an order answered realistically: its `shipped_date` ("" until then) is the first shipment's time. */
export function shipOrder(order: StoredOrder, at: string): void {
  if (order.shipped_date === "") order.shipped_date = at
}
