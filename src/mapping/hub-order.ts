import type { CreateOrderDTO } from "@medusajs/framework/types"
import { hubAddressSchema, type HubAddress, type HubCustomer, type HubOrder, type HubOrderItem, type HubPromotion } from "../hub-client"
import { hubItemUnitPrice, hubOrderMoney, type HubOrderLineMoney } from "./hub-order-money"
import { hubExpeditionLimit } from "./plan-hub-order"

/** The variant a hub item's SKU was matched to. */
export type MatchedVariant = {
  id: string
  sku: string
  title: string
  product_id: string
  product_title: string
}

/** Where hub orders land in this store (the plugin options, or the store's defaults). */
export type HubOrderTarget = {
  regionId: string
  salesChannelId: string
  currencyCode: string
  shippingOptionId?: string
  /** The title of the line that carries the instalment interest (option `interestItemTitle`). */
  interestItemTitle?: string
}

/** Marks the line of a charge that is not a product (the hub's `interest`): never reserved, fulfilled with the first shipment. */
export const HUB_CHARGE_METADATA_KEY = "hub_charge"
export const DEFAULT_INTEREST_ITEM_TITLE = "Juros do parcelamento"

export type MedusaCustomerInput = {
  email: string
  first_name: string
  last_name: string
  phone?: string
  metadata: Record<string, unknown>
}

type MappedHubOrder =
  /** `customer` null: the hub sent no e-mail (marketplaces mask some), and the order is placed without a customer. */
  | { ok: true; customer: MedusaCustomerInput | null; order: Omit<CreateOrderDTO, "customer_id"> }
  | { ok: false; reason: string }

/**
 * Medusa keeps addresses in full; the hub's structured fields also ride along in metadata. `extra`:
 * more of the buyer's data kept with the address (a company's state registration, on the billing one).
 * None when the hub sent none (an order awaiting payment may have no shipping address yet).
 */
function toMedusaAddress(address: HubAddress | undefined, fallbackName: string | undefined, extra: Record<string, unknown> = {}) {
  if (!address) return undefined
  const { first_name, last_name } = splitName(address.full_name ?? fallbackName ?? "")
  const line2 = [address.complement, address.neighborhood].filter(Boolean).join(" - ")
  return {
    first_name,
    last_name,
    address_1: [address.street, address.number].filter((part) => part !== undefined && part !== "").join(", "),
    address_2: line2 || undefined,
    city: address.city,
    province: address.region,
    postal_code: address.postcode,
    country_code: address.country?.toLowerCase(),
    phone: address.phone,
    metadata: {
      street: address.street,
      number: address.number ?? null,
      detail: address.detail ?? null,
      complement: address.complement ?? null,
      neighborhood: address.neighborhood ?? null,
      reference: address.reference ?? null,
      ...extra,
    },
  }
}

/** The shipping address of a hub order (the hub fills it in after an order was imported without one), as Medusa's input; none when absent. */
export function hubShippingAddressOf(listed: object): ReturnType<typeof toMedusaAddress> {
  const parsed = hubAddressSchema.safeParse((listed as { shipping_address?: unknown }).shipping_address)
  return parsed.success && parsed.data.street ? toMedusaAddress(parsed.data, undefined) : undefined
}

/** Medusa's customer has names, e-mail and phone; the hub's other fields go in its metadata. None without an e-mail. */
function toMedusaCustomer(customer: HubCustomer): MedusaCustomerInput | null {
  if (!customer.email) return null
  const { first_name, last_name } = splitName(customer.name ?? "")
  return {
    email: customer.email.toLowerCase(),
    first_name,
    last_name,
    phone: customer.phones?.[0],
    metadata: {
      vat_number: customer.vat_number ?? null,
      date_of_birth: customer.date_of_birth ?? null,
      gender: customer.gender ?? null,
      phones: customer.phones ?? [],
    },
  }
}

/**
 * A hub order -> the input of Medusa's order creation. Every SKU must match a variant and
 * every item must carry a price; otherwise the order is set aside with the reason.
 */
export function toMedusaOrder(
  hubOrder: HubOrder,
  variantsBySku: ReadonlyMap<string, MatchedVariant>,
  target: HubOrderTarget
): MappedHubOrder {
  const unknownSkus = hubOrder.items.map((item) => item.id).filter((sku) => !variantsBySku.has(sku))
  if (unknownSkus.length) {
    return { ok: false, reason: `no product variant has the SKU ${[...new Set(unknownSkus)].join(", ")}` }
  }
  const unpriced = hubOrder.items.filter((item) => hubItemUnitPrice(item) === undefined).map((item) => item.id)
  if (unpriced.length) {
    return { ok: false, reason: `the hub sent no price for ${unpriced.join(", ")}` }
  }

  const lines = mergeSameSkuLines(hubOrder.items)
  if (!lines.ok) return lines
  const money = hubOrderMoney(hubOrder, lines.items)
  if (!money.ok) return money
  const { lines: lineMoney, shipping, interest } = money.money

  const customer = toMedusaCustomer(hubOrder.customer)
  return {
    ok: true,
    customer,
    order: {
      region_id: target.regionId,
      sales_channel_id: target.salesChannelId,
      currency_code: target.currencyCode,
      email: customer?.email,
      // The marketplace has told the customer already.
      no_notification: true,
      shipping_address: toMedusaAddress(hubOrder.shipping_address, hubOrder.customer.name),
      billing_address: toMedusaAddress(
        hubOrder.billing_address,
        hubOrder.customer.name,
        hubOrder.customer.state_registration ? { state_registration: hubOrder.customer.state_registration } : {}
      ),
      items: [
        ...lines.items.map((item, index) => toMedusaLineItem(item, variantsBySku.get(item.id)!, lineMoney[index])),
        ...(interest > 0 ? [interestLineItem(interest, target)] : []),
      ],
      shipping_methods: [
        {
          name: hubOrder.shipping_method ?? "Marketplace shipping",
          amount: shipping.amount,
          adjustments: discountAdjustment(shipping.discount),
          is_tax_inclusive: true,
          shipping_option_id: target.shippingOptionId,
          data: { estimated_delivery: hubOrder.estimated_delivery ?? null },
        },
      ],
      metadata: {
        hub_order_code: hubOrder.code,
        hub_channel: hubOrder.channel ?? null,
        hub_placed_at: hubOrder.placed_at ?? null,
        hub_interest: hubOrder.interest ?? 0,
        hub_discount: hubOrder.discount ?? 0,
        hub_total_ordered: hubOrder.total_ordered ?? null,
        hub_estimated_delivery: hubOrder.estimated_delivery ?? null,
        // The number the buyer and the marketplace's support quote, and the dispatch deadline (docs/orders.md).
        hub_remote_code: hubOrder.import_info?.remote_code ?? null,
        hub_expedition_limit_date: hubExpeditionLimit(hubOrder)?.toISOString() ?? null,
      },
    },
  }
}

function toMedusaLineItem(item: HubOrderItem, variant: MatchedVariant, money: HubOrderLineMoney) {
  return {
    title: item.name ?? variant.product_title,
    subtitle: variant.title,
    product_id: variant.product_id,
    product_title: variant.product_title,
    variant_id: variant.id,
    variant_sku: variant.sku,
    variant_title: variant.title,
    quantity: item.qty,
    unit_price: money.unitPrice,
    compare_at_unit_price: item.original_price !== undefined && item.original_price > money.unitPrice ? item.original_price : undefined,
    // Marketplace prices are what the customer paid, taxes included.
    is_tax_inclusive: true,
    requires_shipping: true,
    metadata: {
      hub_sku: item.id,
      // Who paid each promotion (the seller's share, the marketplace's); the price stays what the buyer paid.
      hub_promotions: (item.promotions ?? []).map(hubPromotionKept),
      hub_remote_store_id: item.remote_store_id ?? null,
      hub_delivery_line_id: item.delivery_line_id ?? null,
    },
    adjustments: discountAdjustment(money.discount),
  }
}

/**
 * The instalment interest: a line without a variant (nothing to reserve or push). It "requires shipping"
 * only so that it rides in the order's first parcel: Medusa 2.21 refuses a fulfillment that mixes lines
 * with and without shipping, and reads an order fulfilled (shipped, delivered) only once every line is.
 */
function interestLineItem(interest: number, target: HubOrderTarget) {
  return {
    title: target.interestItemTitle ?? DEFAULT_INTEREST_ITEM_TITLE,
    quantity: 1,
    unit_price: interest,
    is_tax_inclusive: true,
    requires_shipping: true,
    metadata: { [HUB_CHARGE_METADATA_KEY]: "interest" },
  }
}

/** The hub's discount as Medusa's adjustment: its code says where it came from. */
function discountAdjustment(amount: number) {
  return amount > 0 ? [{ code: "HUB_DISCOUNT", description: "Marketplace discount", amount, is_tax_inclusive: true }] : undefined
}

/**
 * Lines of one SKU at one price become one line (their quantities added), as Medusa reserves per
 * line; lines of one SKU at different prices are refused rather than guessed at.
 */
function mergeSameSkuLines(items: HubOrderItem[]): { ok: true; items: HubOrderItem[] } | { ok: false; reason: string } {
  const bySku = new Map<string, HubOrderItem>()
  for (const item of items) {
    const first = bySku.get(item.id)
    if (!first) {
      bySku.set(item.id, { ...item })
    } else if (hubItemUnitPrice(first) === hubItemUnitPrice(item)) {
      first.qty += item.qty
      first.promotions = [...(first.promotions ?? []), ...(item.promotions ?? [])]
    } else {
      return { ok: false, reason: `items: the SKU ${item.id} is on several lines at different prices (${hubItemUnitPrice(first)}, ${hubItemUnitPrice(item)})` }
    }
  }
  return { ok: true, items: [...bySku.values()] }
}

/** A promotion as the line keeps it: the hub's fields, each null when absent. */
function hubPromotionKept(promotion: HubPromotion) {
  return {
    name: promotion.name ?? null,
    value: promotion.value ?? null,
    seller_value: promotion.seller_value ?? null,
    sponsor_value: promotion.sponsor_value ?? null,
    sponsor_percentage: promotion.sponsor_percentage ?? null,
    calculation_type: promotion.calculation_type ?? null,
    category_type: promotion.category_type ?? null,
  }
}

function splitName(name: string): { first_name: string; last_name: string } {
  const [first, ...rest] = name.trim().split(/\s+/)
  return { first_name: first ?? "", last_name: rest.join(" ") }
}
