import type { HubOrder } from "../hub-client"

/**
 * Longest text the import accepts per field: generous for real names, e-mails, addresses and codes,
 * and far below what would let one order flood the admin, the logs or the database (RFC 5321 caps an
 * e-mail at 254; dates are ISO strings of 10 to 30 characters; tax numbers are digits; phones are
 * read as their digits, at most 15, and need no limit here).
 */
export const HUB_TEXT_LIMITS = {
  channel: 100,
  shipping_method: 200,
  date: 40,
  sync_status: 100,
  "status.code": 100,
  "status.label": 200,
  "status.type": 50,
  "customer.name": 200,
  "customer.email": 254,
  "customer.gender": 50,
  "customer.vat_number": 30,
  "customer.state_registration": 30,
  "import_info.remote_code": 100,
  "items[].id": 200,
  "items[].product_id": 200,
  "items[].name": 500,
  "items[].remote_store_id": 100,
  "items[].delivery_line_id": 100,
  "items[].promotions[].name": 200,
  "address.street": 300,
  "address.number": 30,
  "address.full_name": 200,
  "address.city": 200,
  "address.region": 100,
  "address.postcode": 20,
  "address.neighborhood": 200,
  "address.detail": 300,
  "address.complement": 300,
  "address.reference": 300,
  "payments[].method": 100,
  "payments[].description": 300,
  "payments[].status": 100,
} as const

/**
 * The largest amount any money field may carry, in the hub's currency units: far above any real
 * order, and low enough that every sum of cents stays an exact integer (below 2^53).
 */
export const HUB_AMOUNT_CEILING = 1e9

/** What this store accepts of a hub order, beyond its shape. */
export type HubOrderBounds = {
  /** The `maxItemQuantity` option: a SKU whose lines ask for more, added up, is set aside, never reserved. */
  maxItemQuantity: number
  /** The `maxOrderLines` option: an order with more lines is set aside. */
  maxOrderLines: number
  /** The countries (ISO 3166-1 alpha-2, lower case) of the region hub orders land in. */
  countryCodes: readonly string[]
}

type Limit = keyof typeof HUB_TEXT_LIMITS
const ADDRESS_TEXTS = ["full_name", "street", "number", "detail", "complement", "neighborhood", "city", "region", "postcode", "reference"] as const
const ORDER_DATES = ["placed_at", "updated_at", "approved_date", "estimated_delivery", "expedition_limit_date"] as const

/**
 * Why a hub order is out of this store's bounds (the field named), or null when it is within them.
 * A quantity far beyond any real sale would reserve as a backorder and push 0 to every marketplace
 * (lines of one SKU are merged into one line, so they count together); an absurd amount would make
 * the money's arithmetic inexact; an address outside the region cannot be priced or shipped by it.
 * The count of lines comes first, so the checks after it cost a bounded number of steps.
 */
export function hubOrderOutOfBounds(hubOrder: HubOrder, bounds: HubOrderBounds): string | null {
  if (hubOrder.items.length > bounds.maxOrderLines) {
    return `items has ${hubOrder.items.length} lines, more than the ${bounds.maxOrderLines} an order may have (the maxOrderLines option)`
  }
  // Item ids first: the reasons after name items by them.
  const longId = hubOrder.items.findIndex((item) => item.id.length > HUB_TEXT_LIMITS["items[].id"])
  if (longId >= 0) return tooLong(`items[${longId}].id`, hubOrder.items[longId].id, "items[].id")
  const text = textOutOfBounds(hubOrder)
  if (text) return text
  const amount = amountOutOfBounds(hubOrder)
  if (amount) return amount

  const quantities = new Map<string, number>()
  for (const item of hubOrder.items) quantities.set(item.id, (quantities.get(item.id) ?? 0) + item.qty)
  const tooMany = [...quantities].find(([, qty]) => qty > bounds.maxItemQuantity)
  if (tooMany) {
    // The quantity itself is left out: a long run of digits is masked as personal data in reasons.
    return `items[${tooMany[0]}].qty is above the ${bounds.maxItemQuantity} a SKU may ask for in one order, its lines added up (the maxItemQuantity option)`
  }
  // An order awaiting payment may carry no shipping address yet: it is still imported and reserved.
  const country = hubOrder.shipping_address?.country?.toLowerCase()
  if (country !== undefined && !bounds.countryCodes.includes(country)) {
    return `shipping_address.country ${country.toUpperCase()} is not a country of the region hub orders land in (${bounds.countryCodes.join(", ").toUpperCase() || "none"})`
  }
  return null
}

function textOutOfBounds(hubOrder: HubOrder): string | null {
  const texts: Array<[Limit, string, unknown]> = [
    ["channel", "channel", hubOrder.channel],
    ["shipping_method", "shipping_method", hubOrder.shipping_method],
    ["sync_status", "sync_status", hubOrder.sync_status],
    ...ORDER_DATES.map((field): [Limit, string, unknown] => ["date", field, hubOrder[field]]),
    ["status.code", "status.code", hubOrder.status.code],
    ["status.label", "status.label", hubOrder.status.label],
    ["status.type", "status.type", hubOrder.status.type],
    ["customer.name", "customer.name", hubOrder.customer.name],
    ["customer.email", "customer.email", hubOrder.customer.email],
    ["customer.gender", "customer.gender", hubOrder.customer.gender],
    ["customer.vat_number", "customer.vat_number", hubOrder.customer.vat_number],
    ["date", "customer.date_of_birth", hubOrder.customer.date_of_birth],
    ["customer.state_registration", "customer.state_registration", hubOrder.customer.state_registration],
    ["import_info.remote_code", "import_info.remote_code", hubOrder.import_info?.remote_code],
    ...hubOrder.items.flatMap((item): Array<[Limit, string, unknown]> => [
      ["items[].product_id", `items[${item.id}].product_id`, item.product_id],
      ["items[].name", `items[${item.id}].name`, item.name],
      ["items[].remote_store_id", `items[${item.id}].remote_store_id`, item.remote_store_id],
      ["items[].delivery_line_id", `items[${item.id}].delivery_line_id`, item.delivery_line_id],
      ...(item.promotions ?? []).map((promotion, index): [Limit, string, unknown] => ["items[].promotions[].name", `items[${item.id}].promotions[${index}].name`, promotion.name]),
    ]),
    ...(["billing_address", "shipping_address"] as const).flatMap((which) =>
      ADDRESS_TEXTS.map((field): [Limit, string, unknown] => [`address.${field}`, `${which}.${field}`, hubOrder[which]?.[field]])
    ),
    ...(hubOrder.payments ?? []).flatMap((payment, index) =>
      (["method", "description", "status"] as const).map((field): [Limit, string, unknown] => [`payments[].${field}`, `payments[${index}].${field}`, payment[field]])
    ),
    ...(hubOrder.payments ?? []).map((payment, index): [Limit, string, unknown] => ["date", `payments[${index}].transaction_date`, payment.transaction_date]),
  ]
  for (const [limit, field, value] of texts) {
    if (typeof value === "string" && value.length > HUB_TEXT_LIMITS[limit]) return tooLong(field, value, limit)
  }
  return null
}

function tooLong(field: string, value: string, limit: Limit): string {
  return `${field} is ${value.length} characters long, more than the ${HUB_TEXT_LIMITS[limit]} accepted`
}

function amountOutOfBounds(hubOrder: HubOrder): string | null {
  const amounts: Array<[string, unknown]> = [
    ["total_ordered", hubOrder.total_ordered],
    ["shipping_cost", hubOrder.shipping_cost],
    ["interest", hubOrder.interest],
    ["discount", hubOrder.discount],
    ...hubOrder.items.flatMap((item): Array<[string, unknown]> => [
      [`items[${item.id}].original_price`, item.original_price],
      [`items[${item.id}].special_price`, item.special_price],
      [`items[${item.id}].shipping_cost`, item.shipping_cost],
    ]),
    ...(hubOrder.payments ?? []).map((payment, index): [string, unknown] => [`payments[${index}].value`, payment.value]),
  ]
  const absurd = amounts.find(([, amount]) => typeof amount === "number" && !(Math.abs(amount) <= HUB_AMOUNT_CEILING))
  // Written 1e9: a run of eight digits or more is masked as personal data in reasons.
  return absurd ? `${absurd[0]} is above 1e9, the most an amount may be (in the hub's currency), far beyond any real order` : null
}
