import {
  HubInvalidRequestError,
  HubRateLimitedError,
  HubRefusedError,
  HubRejectedError,
  HubUnavailableError,
} from "../hub-client"
import type { HubOrderMoveOutcome } from "./hub-order-states"

/**
 * How a failed read or send of a merchant move is recorded (one mapping for every move):
 * - refused by the hub (4xx), or refused before sending (invalid, not allowed on this account):
 *   rejected, final until the request changes;
 * - sent, and the answer lost or not understood: unknown, settled by reading the hub order, never
 *   by sending again;
 * - surely not taken (not sent, hub unreachable, rate limited): failed, safe to try again.
 */
export function moveOutcomeOfFailure(error: unknown, sent: boolean): HubOrderMoveOutcome {
  const message = error instanceof Error ? error.message : String(error)
  if (error instanceof HubRejectedError) return { state: "rejected", error: message, errorStatus: error.status ?? null }
  if (error instanceof HubInvalidRequestError || error instanceof HubRefusedError) return { state: "rejected", error: message }
  if (sent && !(error instanceof HubRateLimitedError) && !(error instanceof HubUnavailableError && !error.outcomeUnknown)) {
    return { state: "unknown", error: `${message}; the hub order is read before the next try` }
  }
  return { state: "failed", error: message }
}
