import { MERCHANT_MOVE_TARGET, type MerchantOrderMoveKind } from "../hub-client"

/*
 * The states this store keeps for hub orders and merchant moves: the one list of each, read by the
 * models (their enums), the repositories (their SQL), the workflows, the admin routes and pages.
 */

/**
 * What the store did with a hub order: `importing` (claimed, the import under way), `imported`
 * (a Medusa order with its stock reserved), `needs_stock` (imported, reserved beyond the stock),
 * `set_aside` (not imported, with the reason; tried again by later runs).
 */
export const HUB_ORDER_IMPORT_STATES = ["importing", "imported", "needs_stock", "set_aside"] as const
export type HubOrderImportState = (typeof HUB_ORDER_IMPORT_STATES)[number]

/** States whose hub order has a Medusa order: the marketplace's moves are followed, merchant moves allowed. */
const IMPORTED_STATES: readonly HubOrderImportState[] = ["imported", "needs_stock"]

export const isImported = (state: string): boolean => (IMPORTED_STATES as readonly string[]).includes(state)

/** The merchant moves, in the order the hub's flow meets them. */
export const MERCHANT_MOVE_KINDS = Object.keys(MERCHANT_MOVE_TARGET) as MerchantOrderMoveKind[]

/**
 * How a merchant move ended: `sending` (claimed, the request may be on its way), `done` (the hub
 * order has the target status), `refused` (refused, by the hub or before sending), `unknown`
 * (sent, answer lost: settled by reading the hub order), `failed` (surely not taken: safe to send again).
 */
export const HUB_ORDER_MOVE_STATES = ["sending", "done", "refused", "unknown", "failed"] as const
export type HubOrderMoveState = (typeof HUB_ORDER_MOVE_STATES)[number]

/** How a move ends that leaves something for the merchant: refused, surely not sent, or of unknown outcome. */
export const MOVE_STATES_NEEDING_MERCHANT: readonly HubOrderMoveState[] = ["refused", "failed", "unknown"]

/** States in which a move is still open: at most one per order and kind (a partial unique index). */
export const OPEN_MOVE_STATES: readonly HubOrderMoveState[] = ["sending", "unknown"]

/** How a merchant move ended, as recorded on its row. */
export type HubOrderMoveOutcome = {
  state: Exclude<HubOrderMoveState, "sending">
  hubStatusCode?: string | null
  error?: string | null
  errorStatus?: number | null
}
