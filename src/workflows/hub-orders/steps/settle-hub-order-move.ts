import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { HubOrder, MerchantOrderMoveKind } from "../../../hub-client"
import { moveLanded, moveOutcomeOfFailure } from "../../../mapping/hub-order-move"
import type { HubOrderMoveOutcome } from "../../../mapping/hub-order-states"
import { hubStatusTypeOf } from "../../../mapping/hub-status"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

/** A move to settle; `trackCode` tells a shipment's parcel apart (see moveLanded). */
export type MoveToSettle = {
  moveId: string
  /** The hub account of the move's order: its hub is the one read. */
  account: string
  hubOrderId: string
  code: string
  kind: MerchantOrderMoveKind
  trackCode?: string | null
  /** The claim's token when a claimed try reads before sending: "done" is recorded only while it holds. */
  attempt?: number
}

/** What reading the hub order said of a move. */
export type SettledMove =
  /** The hub order could not be read: how that failure would end the move. */
  | { read: false; failure: HubOrderMoveOutcome }
  /** Read: `landed` when the order has the move's target status (recorded done; `changed` when this recorded it). */
  | { read: true; landed: boolean; changed: boolean; hubOrder: HubOrder; statusType: string | null }

/**
 * "Did this move land?", answered by reading the hub order, never by sending: one that has the
 * move's target status is recorded done. Shared by a merchant's move (read before sending) and the
 * settling of moves whose answer was lost (`fromState: "unknown"`: a merchant's retry that took the
 * move over meanwhile wins). No compensation: "done" is what the hub order shows, true whatever fails after.
 */
export const settleHubOrderMoveStep = createStep(
  "settle-hub-order-move",
  async ({ move, fromState }: { move: MoveToSettle; fromState?: "unknown" }, { container }) => {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const account = hubModule.account(move.account)
    let hubOrder: HubOrder
    try {
      hubOrder = await account.orders.get(move.code)
    } catch (error) {
      return new StepResponse<SettledMove>({ read: false, failure: moveOutcomeOfFailure(error, false) })
    }
    const statusType = hubStatusTypeOf(hubOrder.status, await account.records.statuses.catalogue()) ?? null
    const landed = moveLanded(move, hubOrder, statusType)
    const changed =
      landed &&
      (await hubModule.finishHubOrderMove(
        move.moveId,
        { state: "done", hubStatusCode: hubOrder.status.code },
        { hubOrderId: move.hubOrderId, code: hubOrder.status.code, type: statusType! },
        { fromState, attempt: move.attempt }
      ))
    return new StepResponse<SettledMove>({ read: true, landed, changed, hubOrder, statusType })
  }
)
