import { type HubOrder, hubOutcome, MERCHANT_MOVE_TARGET, type MerchantOrderMoveKind } from "../hub-client"
import type { HubOrderMoveOutcome } from "./hub-order-states"
import { maskPersonalData } from "./personal-data"

/**
 * How a failed read or send of a merchant move is recorded (one mapping for every move):
 * - refused by the hub (4xx), or refused before sending (invalid, not allowed on this account):
 *   refused, final until the request changes;
 * - sent, and the answer lost or not understood (or a failure not the hub's after it left): unknown,
 *   settled by reading the hub order, never by sending again;
 * - surely not taken (not sent, hub unavailable, rate limited): failed, safe to try again.
 * The error is stored and shown masked: the hub's refusal of an NF-e upload may quote the XML.
 */
export function moveOutcomeOfFailure(error: unknown, sent: boolean): HubOrderMoveOutcome {
  const message = maskPersonalData(error instanceof Error ? error.message : String(error))
  const outcome = hubOutcome(error)
  if (outcome?.kind === "refused") return { state: "refused", error: message, ...(outcome.status !== null ? { errorStatus: outcome.status } : {}) }
  if (sent && (outcome === null || outcome.kind === "outcome_unknown")) return { state: "unknown", error: `${message}; the hub order is read before the next try` }
  return { state: "failed", error: message }
}

/** The tracking code a ship move carries (what tells its parcel apart on the hub), or null for any other move. */
export function trackCodeOfMove(request: unknown): string | null {
  const code = (request as { kind?: string; shipment?: { track?: { code?: unknown } } } | null)?.shipment?.track?.code
  return (request as { kind?: string } | null)?.kind === "ship" && typeof code === "string" ? code : null
}

/**
 * Whether a move landed, by the hub order read: the order has the move's target status. A shipment
 * landed once a listed shipment carries its tracking code, because an order may go in several
 * parcels (SHIPPED alone does not say this one went); by status only where the hub lists none.
 */
export function moveLanded(
  move: { kind: MerchantOrderMoveKind; trackCode?: string | null },
  hubOrder: Pick<HubOrder, "shipments">,
  statusType: string | null
): boolean {
  const shipments = (hubOrder.shipments ?? []) as Array<{ tracks?: Array<{ code?: unknown }> }>
  if (move.kind === "ship" && move.trackCode && shipments.length) {
    return shipments.some((shipment) => (shipment.tracks ?? []).some((track) => track?.code === move.trackCode))
  }
  return statusType === MERCHANT_MOVE_TARGET[move.kind]
}
