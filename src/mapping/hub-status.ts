import { createHash } from "node:crypto"
import { HUB_STATUS_TYPES, HubStatusType } from "../hub-client"

/** The status types of orders the import takes in: new orders, and the marketplace's own moves on them. */
export const IMPORTED_STATUS_TYPES: readonly HubStatusType[] = ["NEW", "APPROVED", "CANCELED"]

/**
 * The status types the listing reads: those the import takes in, and the moves an imported order is
 * followed through after them, which the hub makes by itself for orders of its own delivery (issue 40).
 */
export const LISTED_STATUS_TYPES: readonly HubStatusType[] = [...IMPORTED_STATUS_TYPES, "SHIPPED", "DELIVERED", "SHIPMENT_EXCEPTION"]

/**
 * The 2025 list's `returned` (*Pedido com itens retornados*, docs/hub-public-facts.md, After-sale): the
 * marketplace saying an order's goods came back. Its type is not published, so it is known by its code:
 * the listing asks for it whatever type the account's catalogue gives it, and an imported order that
 * reaches it tells the merchant to receive the return.
 */
export const RETURNED_STATUS_CODE = "returned"

/** The status codes the listing asks for: those of the listed types in the account's catalogue, and `returned` when it has that code. */
export function listedStatusCodes(catalogue: ReadonlyMap<string, string>): string[] {
  return [...catalogue].filter(([code, type]) => (LISTED_STATUS_TYPES as readonly string[]).includes(type) || code === RETURNED_STATUS_CODE).map(([code]) => code)
}

/**
 * A status code -> its type, through the hub's catalogue first (custom statuses are mapped to a
 * type there), then the type the order itself reports. Never through a label.
 */
export function hubStatusTypeOf(
  status: { code: string; type?: string },
  catalogue: ReadonlyMap<string, string>
): HubStatusType | undefined {
  const type = catalogue.get(status.code) ?? status.type
  return HUB_STATUS_TYPES.find((known) => known === type)
}

/**
 * The hub's status catalogue with each code once: a code the hub lists again keeps its first listing
 * (the store keeps one status per code, and the first is the one a reader of the list meets). Also
 * returns each code listed more than once, once, for the caller to warn of.
 */
export function uniqueHubStatuses<T extends { code: string }>(statuses: readonly T[]): { statuses: T[]; repeated: string[] } {
  const firsts = new Map<string, T>()
  const repeated = new Set<string>()
  for (const status of statuses) {
    if (firsts.has(status.code)) repeated.add(status.code)
    else firsts.set(status.code, status)
  }
  return { statuses: [...firsts.values()], repeated: [...repeated] }
}

/** A stable digest of what the hub sent, to tell a changed order from one already seen. */
export function hubPayloadDigest(payload: unknown): string {
  return createHash("sha256").update(canonicalJson(payload)).digest("hex")
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(",")}}`
  }
  return JSON.stringify(value) ?? "null"
}
