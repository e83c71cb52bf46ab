/*
 * A SKU's fields on the hub: the one place that says what each field follows in Medusa, which of
 * them a push carries, and which a reconciliation finds drifted. The hub takes partial updates
 * (docs/hub-interface.md §4 rule 2), so a push carries only what differs from what the hub last
 * accepted, and never the fields a store chose not to sync.
 */
import { MathBN, type BigNumber } from "@medusajs/framework/utils"
import type { ProductUpdate } from "../hub-client"

/** The fields besides `qty` a store may keep true on the hub (option `catalogueFields`). */
export const CATALOGUE_FIELDS = ["price", "promotional_price", "status"] as const
export type CatalogueField = (typeof CATALOGUE_FIELDS)[number]
export type HubProductField = "qty" | CatalogueField
/** Every field an outbox row holds for a SKU: the ones a product's push carries for its SKUs, never its own. */
export const HUB_PRODUCT_FIELDS: readonly HubProductField[] = ["qty", ...CATALOGUE_FIELDS]

/** What the hub should hold for a SKU: only the fields synced and known. */
export type HubProductFields = ProductUpdate

export type CatalogueOptions = {
  catalogueFields: readonly CatalogueField[]
  stockBuffer: number
}

type Amount = number | string | BigNumber

/** What Medusa says of the variant that holds a SKU now. */
export type VariantReading = {
  /** Medusa's available quantity at the hub's locations; null when Medusa does not count the variant's stock. */
  availableQuantity: number | null
  /** Its product is in the hub's sales channel. */
  inHubChannel: boolean
  /** Its product's status is `published`. */
  published: boolean
  /** Its price in the hub's region and currency, as Medusa computes it; null when it has none there. */
  price: { originalAmount: Amount; calculatedAmount: Amount; onSale: boolean } | null
  /** The floor its account's price rules hold its price under (never sent; `price` is null then). */
  priceHeldUnder?: number
  /** The floor value in its metadata the rules could not read, as written: its price is held too (`price` null). */
  priceFloorUnreadable?: string
}

/**
 * The fields the hub should hold for a SKU. `variant` null: no variant holds the SKU any more
 * (deleted, renamed): it stops selling, qty 0 and disabled. A product outside the hub's sales
 * channel sells nothing there either. `qty` is the available quantity less `stockBuffer`; `price`
 * the variant's original amount; `promotional_price` the calculated amount while a sale price
 * list lowers it, null otherwise: no sale, said on the wire the account's way (hub-no-sale.ts); `status` enabled while published
 * and in the channel. A price of 0 is never sent (nor its sale price).
 */
export function hubProductFields(variant: VariantReading | null, options: CatalogueOptions): HubProductFields {
  const synced = new Set(options.catalogueFields)
  const fields: HubProductFields = {}
  const sells = variant !== null && variant.inHubChannel
  if (!sells) fields.qty = 0
  else if (variant.availableQuantity !== null) fields.qty = Math.max(0, variant.availableQuantity - options.stockBuffer)
  if (synced.has("status")) fields.status = sells && variant.published ? "enabled" : "disabled"
  // Never a zero or empty price (docs/hub-public-facts.md, Prices): a price under a cent is not sent.
  const price = variant?.price && hubAmount(variant.price.originalAmount) > 0 ? variant.price : null
  if (price && synced.has("price")) fields.price = hubAmount(price.originalAmount)
  if (price && synced.has("promotional_price")) {
    const lowered = price.onSale && MathBN.lt(price.calculatedAmount, price.originalAmount) && hubAmount(price.calculatedAmount) > 0
    fields.promotional_price = lowered ? hubAmount(price.calculatedAmount) : null
  }
  return fields
}

/**
 * Of a SKU's fields read with every catalogue field (a publication's reading), those `hubProductFields`
 * gives under `catalogueFields`: the same reading serves the product's push and its SKUs' rows.
 */
export function syncedHubFields(fields: HubProductFields, catalogueFields: readonly CatalogueField[]): HubProductFields {
  const synced = new Set<string>(["qty", ...catalogueFields])
  return Object.fromEntries(Object.entries(fields).filter(([field]) => synced.has(field))) as HubProductFields
}

/** An amount in the hub's decimal form: two decimals, rounded half up, from Medusa's exact value. */
export function hubAmount(amount: Amount): number {
  return MathBN.convert(amount).decimalPlaces(2, 4 /* ROUND_HALF_UP */).toNumber()
}

/** Whether two values of a field are the same on the hub: amounts to the cent, a cleared promotional price as null or 0. */
export function sameHubValue(field: HubProductField, a: unknown, b: unknown): boolean {
  if (field === "promotional_price") {
    a = a === 0 || a === undefined ? null : a
    b = b === 0 || b === undefined ? null : b
  }
  if (typeof a === "number" && typeof b === "number") return Math.round(a * 100) === Math.round(b * 100)
  return a === b
}

/**
 * What a push sends: each wanted field the hub has not accepted with that value, except a value
 * the hub refused (a 4xx: never repeated unchanged, docs/hub-interface.md §7 rule 1).
 */
export function fieldsToSend(wanted: HubProductFields, accepted: HubProductFields, refused: HubProductFields): HubProductFields {
  // A sale price accepted as the price itself (an older version's way of "no sale") is no sale.
  if (typeof accepted.price === "number" && sameHubValue("price", accepted.price, accepted.promotional_price)) accepted = { ...accepted, promotional_price: null }
  const send: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(wanted) as Array<[HubProductField, unknown]>) {
    if (field in accepted && sameHubValue(field, accepted[field], value)) continue
    if (field in refused && sameHubValue(field, refused[field], value)) continue
    send[field] = value
  }
  return send as HubProductFields
}

/**
 * What a hub refusal of `sent` holds back. The hub's message does not say which field it refused,
 * so every catalogue field sent is held until its value changes; `qty` is held only when it went
 * alone, since a refused price must not keep stock from the hub: it goes again by itself.
 */
export function refusedFields(sent: HubProductFields): HubProductFields {
  const { qty, ...catalogue } = sent
  return Object.keys(catalogue).length ? catalogue : { qty }
}

/**
 * The fields of `wanted` that a hub product (as listed) holds a different value of; a field the listing
 * omits is not judged. A sale price equal to the price is no sale, as null is (hub-no-sale.ts).
 */
export function driftedFields(hubProduct: Partial<Record<HubProductField, unknown>>, wanted: HubProductFields): HubProductField[] {
  const saleless = typeof hubProduct.price === "number" && sameHubValue("price", hubProduct.price, hubProduct.promotional_price)
  return (Object.keys(wanted) as HubProductField[]).filter((field) => {
    const listed = field === "promotional_price" && saleless ? null : hubProduct[field]
    if (listed === undefined && field !== "qty") return false
    return !sameHubValue(field, listed, wanted[field])
  })
}
