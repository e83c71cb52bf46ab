import type { ListedHubOrder } from "../hub-client"
import { hubDeliveryFacts, type HubDeliveryFacts } from "../hub-client/delivery"
import { hubPayloadDigest, hubStatusTypeOf, IMPORTED_STATUS_TYPES } from "./hub-status"
import { type HubOrderImportState, isImported } from "./hub-order-states"

/** What a hub order was when the import saw it. */
export type SeenHubOrder = {
  code: string
  channel: string | null
  statusCode: string
  /** The status type the code resolves to through the catalogue; UNKNOWN when it resolves to none. */
  statusType: string
  digest: string
  /** Who carries it, in the order's words (kept on its record: the card names the delivery). */
  delivery: HubDeliveryFacts
  /** The marketplace's own order number (`import_info.remote_code`), the one the buyer quotes; null when absent. */
  remoteCode: string | null
  /** The dispatch deadline (`expedition_limit_date`); null when absent or not a date. */
  expeditionLimit: Date | null
}

/** The store's record of a hub order, as far as the plan needs it. */
export type HubOrderRecordState = {
  id: string
  order_id: string | null
  status_code: string
  import_state: HubOrderImportState | string
  applied_status_type: string | null
}

/** A claim won by this import run. */
export type ClaimedHubOrder = { id: string; code: string; import_state: string; attempts: number; order_id: string | null }

/**
 * The marketplace's own moves a Medusa order follows: paid, canceled, and (the hub's own delivery, or
 * the merchant's moves made on the hub's panel) shipped and delivered (issue 40).
 */
export type MarketplaceStatusType = "APPROVED" | "CANCELED" | "SHIPPED" | "DELIVERED"

/** How far along each move is: a move is applied only past the one applied (CANCELED ends everything). */
const PROGRESS: Record<MarketplaceStatusType, number> = { APPROVED: 1, SHIPPED: 2, DELIVERED: 3, CANCELED: 4 }
const isMarketplaceMove = (type: string | null): type is MarketplaceStatusType => type !== null && type in PROGRESS

/**
 * What to do with a hub order the import saw:
 * - `import`: no Medusa order yet (new, set aside before, or a claim whose importer may have died),
 *   in a status the import takes (NEW, APPROVED, CANCELED) or in one no type is known for (it is set
 *   aside then, with the reason: shown to the merchant, never invisible); `afterImport` is what the
 *   import is followed by, decided with it (`planAfterImport`);
 * - `follow`: imported; record its new status, apply the marketplace's move (paid, canceled) and
 *   re-check an order that waits for stock;
 * - `none`: imported and nothing changed; or never imported and in a later status the merchant
 *   handled elsewhere (INVOICED, SHIPPED, ...: seen by the unfiltered listing, not ours to import).
 */
export type HubOrderPlan =
  | { action: "import"; afterImport: AfterImport }
  | FollowPlan
  | { action: "none" }

export type FollowPlan = { action: "follow"; recordStatus: boolean; applyStatus: MarketplaceStatusType | null; recheckStock: boolean }

/**
 * What follows an import: the marketplace's move the order was already in (approved or canceled
 * when first seen), and whether its stock is re-checked should the import leave it waiting for some.
 */
export type AfterImport = { applyStatus: MarketplaceStatusType | null; recheckStock: boolean }

/** A listed hub order as the import sees it; any field may be malformed, so nothing is assumed. */
export function seenHubOrder(listed: ListedHubOrder, catalogue: ReadonlyMap<string, string>): SeenHubOrder {
  const status = (listed.status ?? {}) as { code?: string; type?: string }
  const statusType = status.code ? hubStatusTypeOf({ code: status.code, type: status.type }, catalogue) : undefined
  return {
    code: listed.code,
    channel: typeof listed.channel === "string" ? listed.channel : null,
    statusCode: status.code ?? "",
    statusType: statusType ?? "UNKNOWN",
    digest: hubPayloadDigest(listed),
    delivery: hubDeliveryFacts(listed),
    remoteCode: remoteCodeOf(listed),
    expeditionLimit: hubExpeditionLimit(listed) ?? null,
  }
}

/** The dispatch deadline the marketplace holds the seller to (`expedition_limit_date`), when it is a date. */
export function hubExpeditionLimit(hubOrder: object): Date | undefined {
  const value = (hubOrder as { expedition_limit_date?: unknown }).expedition_limit_date
  if (typeof value !== "string") return undefined
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date
}

/** `import_info.remote_code` as a word of at most 100 characters (it reaches the card, the list and an index), or null. */
function remoteCodeOf(listed: ListedHubOrder): string | null {
  const info = listed.import_info
  const code = info && typeof info === "object" ? (info as { remote_code?: unknown }).remote_code : undefined
  const text = typeof code === "string" || typeof code === "number" ? String(code).trim() : ""
  return text && text.length <= 100 ? text : null
}

/**
 * The one decision per hub order and run, computed once: a listed order carries it to the lane that
 * handles it, and an import carries what follows it. A canceled order stays canceled whatever the
 * listing says later.
 */
export function planHubOrder(seen: SeenHubOrder, record: HubOrderRecordState | undefined): HubOrderPlan {
  if (!record || !isImported(record.import_state)) {
    const handledElsewhere = seen.statusType !== "UNKNOWN" && !(IMPORTED_STATUS_TYPES as readonly string[]).includes(seen.statusType)
    if (handledElsewhere) return { action: "none" }
    // Imported, the record is as its claim leaves it: the status seen recorded, the moves applied before kept.
    const { applyStatus, recheckStock } = followOf(seen, { status_code: seen.statusCode, applied_status_type: record?.applied_status_type ?? null, import_state: "needs_stock" })
    return { action: "import", afterImport: { applyStatus, recheckStock } }
  }
  if (!record.order_id) return { action: "none" }
  const plan = followOf(seen, record)
  return plan.recordStatus || plan.applyStatus || plan.recheckStock ? plan : { action: "none" }
}

/** An import's plan once the import is done (`needsStock`: it left the order waiting for stock): the follow it decided, or none. */
export function planAfterImport(afterImport: AfterImport, needsStock: boolean): FollowPlan | null {
  const recheckStock = needsStock && afterImport.recheckStock
  return afterImport.applyStatus || recheckStock ? { action: "follow", recordStatus: false, applyStatus: afterImport.applyStatus, recheckStock } : null
}

function followOf(seen: SeenHubOrder, record: Pick<HubOrderRecordState, "status_code" | "applied_status_type" | "import_state">): FollowPlan {
  const recordStatus = record.status_code !== seen.statusCode
  const marketplaceMove = isMarketplaceMove(seen.statusType) ? seen.statusType : null
  const applied = isMarketplaceMove(record.applied_status_type) ? PROGRESS[record.applied_status_type] : 0
  const alreadyCanceled = record.applied_status_type === "CANCELED"
  // Past the move applied; or shipped again from another status (a new parcel after a shipment exception).
  const further = marketplaceMove !== null && (PROGRESS[marketplaceMove] > applied || (marketplaceMove === "SHIPPED" && record.applied_status_type === "SHIPPED" && recordStatus))
  const applyStatus = further && !alreadyCanceled ? marketplaceMove : null
  const recheckStock = record.import_state === "needs_stock" && !alreadyCanceled && applyStatus !== "CANCELED"
  return { action: "follow", recordStatus, applyStatus, recheckStock }
}
