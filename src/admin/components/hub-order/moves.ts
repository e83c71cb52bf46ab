import type { MerchantOrderMoveKind } from "../../../hub-client/order-moves"
import type { HubOrderMoveRow } from "./use-hub-order"

/** Each move as a button and a drawer title name it. */
export const MOVE_LABELS: Record<MerchantOrderMoveKind, string> = {
  invoice: "Invoice",
  ship: "Ship",
  deliver: "Mark delivered",
  shipment_exception: "Shipment exception",
  cancel: "Cancel on the hub",
}

export const MOVE_KINDS = Object.keys(MOVE_LABELS) as MerchantOrderMoveKind[]

/** How a move ended, in words and colour (StatusBadge). */
export const MOVE_STATES: Record<HubOrderMoveRow["state"], { label: string; color: "green" | "red" | "orange" | "grey" }> = {
  done: { label: "Done", color: "green" },
  rejected: { label: "Refused by the hub", color: "red" },
  failed: { label: "Not sent", color: "orange" },
  unknown: { label: "Outcome unknown", color: "orange" },
  sending: { label: "Sending", color: "grey" },
}

/**
 * The zod messages shown under a field: "Required" for an empty required field (the schemas'
 * bare `min(1)` would read "Too small: expected string to have >=1 characters"); a schema's own
 * message, which names the rule, wins.
 */
export const formErrorMap = {
  error: (issue: { code?: string; origin?: string; minimum?: unknown; input?: unknown }) =>
    (issue.code === "too_small" && issue.origin === "string" && issue.minimum === 1) || (issue.code === "invalid_type" && issue.input === undefined)
      ? "Required"
      : undefined,
}
