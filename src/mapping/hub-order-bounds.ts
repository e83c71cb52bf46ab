import type { HubOrder } from "../hub-client"

/**
 * Longest text the import accepts per field: generous for real names, e-mails and titles, and far
 * below what would let one order flood the admin or the database (RFC 5321 caps an e-mail at 254).
 */
export const HUB_TEXT_LIMITS = {
  "customer.name": 200,
  "customer.email": 254,
  "items[].name": 500,
  "address.street": 300,
  "address.full_name": 200,
  "address.city": 200,
  "address.neighborhood": 200,
  "address.detail": 300,
  "address.complement": 300,
  "address.reference": 300,
} as const

/** What this store accepts of a hub order, beyond its shape. */
export type HubOrderBounds = {
  /** The `maxItemQuantity` option: a line asking for more is set aside, never reserved. */
  maxItemQuantity: number
  /** The countries (ISO 3166-1 alpha-2, lower case) of the region hub orders land in. */
  countryCodes: readonly string[]
}

/**
 * Why a hub order is out of this store's bounds (the field named), or null when it is within them.
 * A quantity far beyond any real sale would reserve as a backorder and push 0 to every marketplace;
 * an address outside the region cannot be priced or shipped by it.
 */
export function hubOrderOutOfBounds(hubOrder: HubOrder, bounds: HubOrderBounds): string | null {
  const tooMany = hubOrder.items.find((item) => item.qty > bounds.maxItemQuantity)
  if (tooMany) {
    // The quantity itself is left out: a long run of digits is masked as personal data in reasons.
    return `items[${tooMany.id}].qty is above the ${bounds.maxItemQuantity} a line may ask for (the maxItemQuantity option)`
  }
  const country = hubOrder.shipping_address.country.toLowerCase()
  if (!bounds.countryCodes.includes(country)) {
    return `shipping_address.country ${country.toUpperCase()} is not a country of the region hub orders land in (${bounds.countryCodes.join(", ").toUpperCase() || "none"})`
  }
  const texts: Array<[keyof typeof HUB_TEXT_LIMITS, string, string | undefined]> = [
    ["customer.name", "customer.name", hubOrder.customer.name],
    ["customer.email", "customer.email", hubOrder.customer.email],
    ...hubOrder.items.map((item): [keyof typeof HUB_TEXT_LIMITS, string, string | undefined] => ["items[].name", `items[${item.id}].name`, item.name]),
    ...(["billing_address", "shipping_address"] as const).flatMap((which) =>
      (["street", "full_name", "city", "neighborhood", "detail", "complement", "reference"] as const).map(
        (field): [keyof typeof HUB_TEXT_LIMITS, string, string | undefined] => [`address.${field}`, `${which}.${field}`, hubOrder[which][field]]
      )
    ),
  ]
  for (const [limitOf, field, value] of texts) {
    if (typeof value === "string" && value.length > HUB_TEXT_LIMITS[limitOf]) {
      return `${field} is ${value.length} characters long, more than the ${HUB_TEXT_LIMITS[limitOf]} accepted`
    }
  }
  return null
}
