import type { FieldError } from "react-hook-form"
import type { MerchantOrderMoveKind } from "../../../hub-client/order-moves"
import { useHubTranslation } from "../../lib/i18n"
import type { HubOrderMoveRow } from "../../../api/admin/hub/types"

/** The merchant's moves in the card's order; each is named by `moves.kinds.<kind>` in src/admin/i18n/card. */
export const MOVE_KINDS: MerchantOrderMoveKind[] = ["invoice", "ship", "deliver", "shipment_exception", "cancel"]

/**
 * Whether the card still offers a move: not a delivery Medusa has recorded (its own *Mark as
 * delivered*, which the plugin sends to the hub), unless the last delivery sent was refused or not
 * taken, so the merchant can send it again. `moves`: the order's, newest first.
 */
export function moveLeftToDo(kind: MerchantOrderMoveKind, { medusaDelivered, moves }: { medusaDelivered: boolean; moves: HubOrderMoveRow[] }): boolean {
  if (kind !== "deliver" || !medusaDelivered) return true
  const last = moves.find((move) => move.kind === "deliver")
  return !!last && ["refused", "failed"].includes(last.state)
}

/** How a move ended, as a StatusBadge colour; its words are `moves.states.<state>`. */
export const MOVE_STATE_COLORS: Record<HubOrderMoveRow["state"], "green" | "red" | "orange" | "grey"> = {
  done: "green",
  refused: "red",
  failed: "orange",
  unknown: "orange",
  sending: "grey",
}

/**
 * The move forms' messages in the admin's language. The schemas are the server's (their messages
 * are English, for the API); a form shows "Required" for an empty required field (the schemas' bare
 * `min(1)` would read "Too small: expected string to have >=1 characters"), and otherwise the
 * field's rule in the merchant's words.
 */
export function useMoveFormText() {
  const { t } = useHubTranslation("card")
  const required = t("form.required")
  return {
    t,
    errorMap: {
      error: (issue: { code?: string; origin?: string; minimum?: unknown; input?: unknown }) =>
        (issue.code === "too_small" && issue.origin === "string" && issue.minimum === 1) || (issue.code === "invalid_type" && issue.input === undefined)
          ? required
          : undefined,
    },
    /** What to show under a field: nothing, "Required", or the field's rule. */
    fieldError: (error: FieldError | undefined, rule: string) => (!error ? undefined : error.message === required ? required : rule),
  }
}
