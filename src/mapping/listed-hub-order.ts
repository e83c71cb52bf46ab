import { createHash } from "node:crypto"
import { hubAddressSchema, hubCustomerSchema, hubOrderItemSchema, hubOrderSchema, hubOrderStatusSchema, type ListedHubOrder } from "../hub-client"
import { hubPaymentSchema } from "./hub-order-money"

/**
 * The longest hub order code the store takes: codes are `<channel>-<sequence>` (docs/hub-interface.md
 * §2.2), tens of characters. A longer one is set aside: it would reach URLs, logs and unique indexes.
 */
export const HUB_ORDER_CODE_MAX_LENGTH = 100

/**
 * Why a hub order's code cannot be used as given, or null. `.` and `..` reach a path unencoded
 * (encodeURIComponent leaves them as they are), so a request by such a code would address another
 * resource (`DELETE /queues/orders/..` is `DELETE /queues`).
 */
export function unsafeHubOrderCode(code: string): string | null {
  if (code === "." || code === "..") return `code "${code}" is a path segment the hub's URLs cannot carry`
  if (code.length > HUB_ORDER_CODE_MAX_LENGTH) return `code is ${code.length} characters long, more than the ${HUB_ORDER_CODE_MAX_LENGTH} accepted`
  return null
}

/**
 * The code a hub order is recorded under: its own, or for one past the limit its beginning and a
 * digest of the whole, within the limit and the same on every run (so its set-aside is logged once).
 */
export function hubOrderCodeOnRecord(code: string): string {
  if (code.length <= HUB_ORDER_CODE_MAX_LENGTH) return code
  return `${code.slice(0, 64)}…${createHash("sha256").update(code).digest("hex").slice(0, 16)}`
}

/**
 * One order per code. A page naming an order twice (the hub's index changed while it was read) keeps
 * the newest `updated_at`, the hub's later state of the order; without dates, or with equal ones,
 * the one listed last, read last. The kept ones stay in the page's order.
 */
export function latestPerCode<T extends { code: string }>(listed: T[]): T[] {
  const kept = new Map<string, number>()
  const time = (order: T) => Date.parse(String((order as { updated_at?: unknown }).updated_at))
  listed.forEach((order, index) => {
    const before = kept.get(order.code)
    if (before === undefined || !(time(listed[before]) > time(order))) kept.set(order.code, index)
  })
  return listed.filter((order, index) => kept.get(order.code) === index)
}

/**
 * A listed order as it waits in `hub_listed_order` until handled: only what handling it reads. An
 * order to import keeps the fields the import's schema knows (its customer included: the import
 * creates it); one to follow (an imported order's marketplace move) keeps no customer, address or
 * item: its code, status and channel (`seenHubOrder`) and what it was paid (`hubPaymentOf`).
 * A part that is not an object is kept as it is, so a malformed order is set aside for its reason.
 */
export function keptWhileListed(listed: ListedHubOrder, action: "import" | "follow"): ListedHubOrder {
  if (action === "follow") {
    return {
      ...pick(listed, ["code", "channel", "status", "updated_at", "total_ordered"]),
      code: listed.code,
      ...payments(listed),
      ...parcels(listed),
    }
  }
  const order = pick(listed, Object.keys(hubOrderSchema.shape).filter((key) => !NOT_READ_BY_THE_IMPORT.has(key)))
  return {
    ...order,
    code: listed.code,
    ...part(listed, "status", (status) => pickObject(status, Object.keys(hubOrderStatusSchema.shape))),
    ...part(listed, "customer", (customer) => pickObject(customer, Object.keys(hubCustomerSchema.shape))),
    ...part(listed, "billing_address", (address) => pickObject(address, Object.keys(hubAddressSchema.shape))),
    ...part(listed, "shipping_address", (address) => pickObject(address, Object.keys(hubAddressSchema.shape))),
    ...part(listed, "items", (items) => (Array.isArray(items) ? items.map((item) => pickObject(item, Object.keys(hubOrderItemSchema.shape))) : items)),
    ...payments(listed),
  }
}

/**
 * A followed order's shipments, as far as `hubShipmentParcels` reads them (a shipped or delivered
 * order's parcels): codes, items and tracking, nothing that may name who received them.
 */
function parcels(listed: ListedHubOrder) {
  const parcel = (shipment: unknown) => {
    if (!shipment || typeof shipment !== "object" || Array.isArray(shipment)) return shipment
    const { tracks } = shipment as { tracks?: unknown }
    return { ...pick(shipment as Record<string, unknown>, ["code", "items"]), ...(Array.isArray(tracks) ? { tracks: tracks.map((track) => pickObject(track, ["code", "url"])) } : {}) }
  }
  return part(listed, "shipments", (list) => (Array.isArray(list) ? list.map(parcel) : list))
}

/** Fields of the hub's order the import never reads (shipments may name who received them). */
const NOT_READ_BY_THE_IMPORT = new Set(["invoices", "shipments"])

function payments(listed: ListedHubOrder) {
  return part(listed, "payments", (list) => (Array.isArray(list) ? list.map((payment) => pickObject(payment, Object.keys(hubPaymentSchema.shape))) : list))
}

function part(listed: ListedHubOrder, key: string, keep: (value: unknown) => unknown): Record<string, unknown> {
  return key in listed ? { [key]: keep(listed[key]) } : {}
}

function pickObject(value: unknown, keys: string[]): unknown {
  return value && typeof value === "object" && !Array.isArray(value) ? pick(value as Record<string, unknown>, keys) : value
}

function pick(value: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => key in value).map((key) => [key, value[key]]))
}
