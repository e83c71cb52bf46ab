import { z } from "zod"
import { shipmentInputSchema, type ShipmentInput } from "../hub-client"

/*
 * The hub's shipments and Medusa's fulfillments, one in the words of the other: pure functions, so
 * both directions of the order flow map items, tracking and delivery the same way.
 */

/**
 * A line of a Medusa order: the SKU the hub sold (`metadata.hub_sku`; null on a line the hub did not sell)
 * and how much of it is fulfilled. `charge`: a line that is no goods (the hub's interest), which the hub
 * never ships: it rides along with the first fulfillment the plugin makes, and no shipment waits for it.
 */
export type OrderLine = { id: string; sku: string | null; quantity: number; fulfilled: number; charge?: boolean }

const goods = (line: OrderLine) => !line.charge

/** A fulfillment of a Medusa order, as far as the hub's flow cares. */
export type OrderFulfillment = {
  id: string
  /** The stock location it leaves from (its stock taken there). */
  location_id?: string | null
  shipped_at?: string | Date | null
  delivered_at?: string | Date | null
  canceled_at?: string | Date | null
  metadata?: Record<string, unknown> | null
  labels?: Array<{ tracking_number?: string | null; tracking_url?: string | null } | null> | null
  items?: Array<{ line_item_id?: string | null; quantity: number | string } | null> | null
}

/** The metadata keys of fulfillments the plugin makes for the card's shipments (the admin shows them). */
export const HUB_MOVE_ID_KEY = "hub_move_id"
export const HUB_TRACK_CODE_KEY = "hub_track_code"

const live = (fulfillment: OrderFulfillment) => !fulfillment.canceled_at

/** Quantity of each line in the order's fulfillments that were not canceled (one row per line: Medusa's own reading). */
export function fulfilledByLine(fulfillments: OrderFulfillment[]): Map<string, number> {
  const fulfilled = new Map<string, number>()
  for (const fulfillment of fulfillments.filter(live)) {
    for (const [lineId, quantity] of quantitiesByLine(fulfillment)) fulfilled.set(lineId, (fulfilled.get(lineId) ?? 0) + quantity)
  }
  return fulfilled
}

/** A fulfillment's quantity per order line (the first item of each line: an inventory kit lists one per part). */
export function quantitiesByLine(fulfillment: OrderFulfillment): Map<string, number> {
  const byLine = new Map<string, number>()
  for (const item of fulfillment.items ?? []) {
    if (item?.line_item_id && !byLine.has(item.line_item_id)) byLine.set(item.line_item_id, Number(item.quantity))
  }
  return byLine
}

/**
 * The Medusa order lines (`[{ id, quantity }]`) a hub shipment covers: each `{sku, qty}` taken from
 * the lines of that SKU still to fulfil; no items: everything still to fulfil (the whole order).
 * None when all of it is fulfilled already (a re-ship after a shipment exception: the same goods).
 * Throws, naming the SKU, when the order has some but not that much left to fulfil.
 */
export function fulfillmentItemsOfShipment(allLines: OrderLine[], items: ShipmentInput["items"] | undefined): Array<{ id: string; quantity: number }> {
  const lines = allLines.filter(goods)
  const left = new Map(lines.map((line) => [line.id, Math.max(0, line.quantity - line.fulfilled)]))
  if (!items) return lines.filter((line) => left.get(line.id)! > 0).map((line) => ({ id: line.id, quantity: left.get(line.id)! }))
  const shipped = lines.filter((line) => items.some((item) => item.sku === line.sku))
  if (shipped.length && shipped.every((line) => left.get(line.id) === 0)) return []
  const taken = new Map<string, number>()
  for (const item of items) {
    let qty = item.qty
    for (const line of lines.filter((line) => line.sku === item.sku)) {
      const take = Math.min(qty, left.get(line.id)!)
      left.set(line.id, left.get(line.id)! - take)
      if (take > 0) taken.set(line.id, (taken.get(line.id) ?? 0) + take)
      qty -= take
    }
    if (qty > 0) throw new Error(`shipment item ${item.sku}: ${item.qty} shipped, but the Medusa order has ${item.qty - qty} of it left to fulfil`)
  }
  return [...taken].map(([id, quantity]) => ({ id, quantity }))
}

/** The charge lines not fulfilled yet, whole: the plugin adds them to the first fulfillment it makes of the goods. */
export function chargeItemsLeft(lines: OrderLine[]): Array<{ id: string; quantity: number }> {
  return lines.filter((line) => line.charge && line.fulfilled < line.quantity).map((line) => ({ id: line.id, quantity: line.quantity - line.fulfilled }))
}

/** The hub's shipment items of a Medusa fulfillment: its lines by SKU, quantities summed per SKU (a charge line is no item). */
export function hubItemsOfFulfillment(lines: Array<Pick<OrderLine, "id" | "sku" | "charge">>, fulfillment: OrderFulfillment): ShipmentInput["items"] {
  const skuOf = new Map(lines.map((line) => [line.id, line.sku]))
  const charges = new Set(lines.filter((line) => line.charge).map((line) => line.id))
  const bySku = new Map<string, number>()
  for (const [lineId, quantity] of quantitiesByLine(fulfillment)) {
    if (charges.has(lineId)) continue
    const sku = skuOf.get(lineId)
    if (!sku) throw new Error(`the fulfillment holds line ${lineId}, which the hub order does not have (an exchange or a claim?)`)
    bySku.set(sku, (bySku.get(sku) ?? 0) + quantity)
  }
  return [...bySku].map(([sku, qty]) => ({ sku, qty }))
}

/** The tracking a Medusa fulfillment's first label carries, or null when it has no tracking number. */
export function trackingOfFulfillment(fulfillment: OrderFulfillment): { code: string; url?: string } | null {
  const label = (fulfillment.labels ?? []).find((candidate) => candidate?.tracking_number?.trim())
  if (!label) return null
  const url = label.tracking_url?.trim()
  // The hub takes a web address only (marketplaces may show it to buyers); anything else stays in Medusa.
  return { code: label.tracking_number!.trim(), ...(url && /^https?:\/\//i.test(url) && url.length <= 200 ? { url } : {}) }
}

/** The fulfillments of the order that record this parcel already: made for the move, or carrying its tracking code. */
export function fulfillmentsOfParcel(fulfillments: OrderFulfillment[], parcel: { moveId: string; trackCode: string }): OrderFulfillment[] {
  return fulfillments
    .filter(live)
    .filter(
      (fulfillment) =>
        fulfillment.metadata?.[HUB_MOVE_ID_KEY] === parcel.moveId ||
        fulfillment.metadata?.[HUB_TRACK_CODE_KEY] === parcel.trackCode ||
        (fulfillment.labels ?? []).some((label) => label?.tracking_number === parcel.trackCode)
    )
}

/** One Medusa fulfillment to make for a parcel: its lines, from the location their stock is reserved at. */
export type ParcelFulfillment = { locationId: string | null; items: Array<{ id: string; quantity: number }> }

/**
 * The fulfillments still to make for a hub parcel (docs/catalogue.md, *Warehouses*): its goods (the
 * shipment's items, or all the order has left) split by the location each line is reserved at
 * (`locationOf`; `fallback` for a line with no reservation), one fulfillment a location, in the order of
 * their ids, the charge lines with the first; less those the parcel has already (`made`: fulfillments of
 * the parcel, as `fulfillmentsOfParcel` finds them, by their location). So a try stopped between two
 * fulfillments makes only the missing one, and a parcel whose goods are all fulfilled makes none.
 */
export function parcelFulfillments(
  lines: OrderLine[],
  made: OrderFulfillment[],
  items: ShipmentInput["items"] | undefined,
  locationOf: ReadonlyMap<string, string>,
  fallback: string | null
): ParcelFulfillment[] {
  // The lines as they stood before any of this parcel's fulfillments.
  const madeByLine = fulfilledByLine(made)
  const before = lines.map((line) => ({ ...line, fulfilled: line.fulfilled - (madeByLine.get(line.id) ?? 0) }))
  const goodsItems = fulfillmentItemsOfShipment(before, items)
  if (!goodsItems.length) return []
  // A line already fulfilled for the parcel has no reservation left: where its fulfillment left from.
  const madeAtLine = new Map(made.flatMap((fulfillment) => [...quantitiesByLine(fulfillment).keys()].map((lineId) => [lineId, fulfillment.location_id ?? null] as const)))
  const byLocation = new Map<string | null, Array<{ id: string; quantity: number }>>()
  for (const item of goodsItems) {
    const at = madeAtLine.has(item.id) ? madeAtLine.get(item.id)! : (locationOf.get(item.id) ?? fallback)
    byLocation.set(at, [...(byLocation.get(at) ?? []), item])
  }
  const planned = [...byLocation]
    .sort(([a], [b]) => String(a ?? "").localeCompare(String(b ?? "")))
    .map(([locationId, grouped]): ParcelFulfillment => ({ locationId, items: grouped }))
  // The interest line goes with the first parcel, so the order can read fulfilled (and delivered) in Medusa.
  planned[0].items.push(...chargeItemsLeft(before))
  const madeAt = new Set(made.map((fulfillment) => fulfillment.location_id ?? null))
  return planned.filter((part) => !madeAt.has(part.locationId))
}

/**
 * Whether the whole order has reached the customer: every unit fulfilled, and every fulfillment not
 * canceled delivered. The hub's delivery is the order's, so a parcel delivered while others still
 * travel (or wait to be sent) tells the hub nothing yet.
 */
export function orderDelivered(lines: OrderLine[], fulfillments: OrderFulfillment[]): boolean {
  const fulfilled = fulfilledByLine(fulfillments)
  return (
    lines.filter(goods).every((line) => (fulfilled.get(line.id) ?? 0) >= line.quantity) &&
    fulfillments.filter(live).every((fulfillment) => !!fulfillment.delivered_at)
  )
}

/**
 * A parcel the hub shipped by itself (its own delivery, or a move made on its panel), as Medusa
 * records it: `moveId` keys the fulfillment made for it (`hub-shipment:<code>`), so it is made once,
 * and marks it as the hub's, so it is never sent back to the hub.
 */
export type HubShipmentParcel = { moveId: string; items?: ShipmentInput["items"]; track: { code: string; url?: string }; trackUrlDropped?: true }

/** The hub's tracking URL goes to Medusa's `tracking_url`/`label_url` only as a merchant's would go to the hub. */
const trackUrlSchema = shipmentInputSchema.shape.track.shape.url

const hubShipmentSchema = z.object({
  code: z.union([z.string(), z.number()]).transform(String).optional(),
  items: z.array(z.object({ sku: z.string().min(1), qty: z.number().int().positive() })).min(1).optional().catch(undefined),
  tracks: z.array(z.object({ code: z.union([z.string(), z.number()]).transform(String).optional(), url: z.string().optional().catch(undefined) }).catch({})).optional().catch(undefined),
})

/**
 * The parcels of a hub order's `shipments` (docs/hub-public-facts.md, Orders: `[{code, items [{sku,
 * qty}], tracks [{code, carrier, method, url}]}]`), only what a fulfillment needs: nothing else of the
 * shipment is read (it may name who received it). A parcel is known by its first track's code, or
 * its own code; one with neither is left out, and so is one that is not an object. A tracking URL that
 * is not an http(s) address of at most 200 characters is dropped (`trackUrlDropped`, for a log line).
 */
export function hubShipmentParcels(shipments: unknown): HubShipmentParcel[] {
  if (!Array.isArray(shipments)) return []
  return shipments.flatMap((raw): HubShipmentParcel[] => {
    const parsed = hubShipmentSchema.safeParse(raw)
    if (!parsed.success) return []
    const { code, items, tracks } = parsed.data
    const track = tracks?.find((candidate) => candidate.code)
    const trackCode = track?.code ?? code
    if (!trackCode) return []
    const url = track?.url?.trim() || undefined
    const urlValid = url === undefined || trackUrlSchema.safeParse(url).success
    return [{
      moveId: `hub-shipment:${code ?? trackCode}`,
      ...(items ? { items } : {}),
      track: { code: trackCode, ...(url && urlValid ? { url } : {}) },
      ...(urlValid ? {} : { trackUrlDropped: true as const }),
    }]
  })
}
