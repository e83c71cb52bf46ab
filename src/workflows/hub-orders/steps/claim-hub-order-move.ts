import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { MERCHANT_MOVE_NAMES, type MerchantOrderMove } from "../../../hub-client"
import { type HubOrderMoveOutcome, isImported } from "../../../mapping/hub-order-states"
import { HUB_MODULE } from "../../../modules/hub"
import { isDefaultAccount } from "../../../modules/hub/accounts"
import type HubModuleService from "../../../modules/hub/service"

type ClaimToUndo = { moveId: string; attempt: number }

export type ClaimedMove = {
  moveId: string
  /** The hub account the order came from: its move goes to that account's hub only. */
  account: string
  hubOrderId: string
  orderId: string
  code: string
  /** The claim's fencing token: every record of this try's outcome is written only while it holds. */
  attempt: number
  /** Taken over from a try whose lease ran out while sending: its request may have left, so nothing is sent. */
  takenOverWhileSending: boolean
  /** A keyed move (one Medusa's fulfillment flow asked for) that had ended already: nothing is read or sent. */
  ended: HubOrderMoveOutcome | null
}

/**
 * Finds the imported hub order and claims its move: one claim of a kind per order at a time, so a
 * double click or two admins send it once; a move keyed by a Medusa fulfillment once ever (a
 * redelivered event finds it ended). Undone (the move marked of unknown outcome, so the next
 * try reads the hub first) if a later step fails.
 */
export const claimHubOrderMoveStep = createStep(
  "claim-hub-order-move",
  async ({ code, move, claimKey, account }: { code: string; move: MerchantOrderMove; claimKey?: string; account: string }, { container }) => {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const hubOrder = await hubModule.account(account).records.orders.byCode(code)
    if (!hubOrder?.order_id || !isImported(hubOrder.import_state)) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `The hub order ${code}${isDefaultAccount(account) ? "" : ` of account ${account}`} has not been imported into this store`)
    }
    const claim = await hubModule.claimHubOrderMove({ account, hubOrderId: hubOrder.id, code, kind: move.kind, request: move, claimKey })
    const ended = !claim && claimKey ? await hubModule.account(account).records.moves.endedByKey(claimKey) : null
    if (ended) {
      const outcome = { state: ended.state, hubStatusCode: ended.hub_status_code, error: ended.error } as HubOrderMoveOutcome
      // Nothing to undo: the move had ended before this run.
      const claimed: ClaimedMove = { moveId: ended.id, account, hubOrderId: hubOrder.id, orderId: hubOrder.order_id, code, attempt: ended.attempts, takenOverWhileSending: false, ended: outcome }
      return new StepResponse<ClaimedMove, ClaimToUndo | null>(claimed, null)
    }
    if (!claim) {
      const name = MERCHANT_MOVE_NAMES[move.kind]
      throw new MedusaError(MedusaError.Types.CONFLICT, `${name[0].toUpperCase()}${name.slice(1)} of the hub order ${code} is being sent already`)
    }
    const claimed: ClaimedMove = {
      moveId: claim.id,
      account,
      hubOrderId: hubOrder.id,
      orderId: hubOrder.order_id,
      code,
      attempt: claim.attempt,
      takenOverWhileSending: claim.takenOverWhileSending,
      ended: null,
    }
    return new StepResponse<ClaimedMove, ClaimToUndo | null>(claimed, { moveId: claim.id, attempt: claim.attempt })
  },
  async (claim, { container }) => {
    if (!claim) return
    // Only while still this try's and sending: a taker's claim, or an outcome recorded, stays.
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    await hubModule.finishHubOrderMove(claim.moveId, { state: "unknown", error: "interrupted; the hub order is read before the next try" }, null, { attempt: claim.attempt })
  }
)
