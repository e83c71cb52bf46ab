import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { type HubOrder, type HubStatusType, MERCHANT_MOVE_NAMES, type MerchantOrderMove, moveSendableFrom } from "../../../hub-client"
import { moveOutcomeOfFailure } from "../../../mapping/hub-order-move"
import type { HubOrderMoveOutcome } from "../../../mapping/hub-order-states"
import { hubStatusTypeOf } from "../../../mapping/hub-status"
import { HUB_MODULE } from "../../../modules/hub"
import { claimTakenOverMessage, renewEvery } from "../../../modules/hub/leases"
import { TAKEN_OVER_WHILE_SENDING } from "../../../modules/hub/types"
import type HubModuleService from "../../../modules/hub/service"
import type { ClaimedMove } from "./claim-hub-order-move"
import type { SettledMove } from "./settle-hub-order-move"

export type SentMove = HubOrderMoveOutcome & {
  /** The hub order had the target status already (an earlier try landed): nothing was sent. */
  alreadyOnHub: boolean
}

/**
 * Sends a claimed move once the settle step has read the hub order: one already in the target
 * status is done without a request, one from a final status (canceled, delivered) is refused without
 * spending a 4xx; any other is the hub's to accept or refuse (its 422 is kept in its words). Every ending is recorded on the move; nothing here is undone, because a hub order
 * cannot be moved back.
 */
export const sendHubOrderMoveStep = createStep(
  "send-hub-order-move",
  async ({ claim, move, settled }: { claim: ClaimedMove; move: MerchantOrderMove; settled: SettledMove }, { container }) => {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    // The hub of the account the order came from, and no other.
    const { orders } = hubModule.account(claim.account)
    const finish = async (outcome: HubOrderMoveOutcome, hubOrder?: HubOrder) => {
      const type = hubOrder ? hubStatusTypeOf(hubOrder.status, await hubModule.account(claim.account).records.statuses.catalogue()) : undefined
      const hubStatus = hubOrder && type ? { hubOrderId: claim.hubOrderId, code: hubOrder.status.code, type } : null
      // Fenced: a try whose claim was taken over records nothing over the taker's.
      await hubModule.finishHubOrderMove(claim.moveId, { hubStatusCode: hubOrder?.status.code, ...outcome }, hubStatus, { attempt: claim.attempt })
    }

    if (!settled.read) {
      await finish(settled.failure)
      return new StepResponse<SentMove>({ ...settled.failure, alreadyOnHub: false })
    }
    const current = settled.hubOrder
    if (settled.landed) {
      return new StepResponse<SentMove>({ state: "done", hubStatusCode: current.status.code, alreadyOnHub: true })
    }
    const currentType = (settled.statusType ?? undefined) as HubStatusType | undefined
    // Which moves a status allows is the hub's to decide (docs/hub-interface.md §3 leaves it open):
    // only a move from a final status, which can never succeed, is answered here.
    if (!moveSendableFrom(currentType)) {
      const outcome: HubOrderMoveOutcome = {
        state: "refused",
        error: `Not sent: the hub order is ${current.status.code} (${currentType}); ${MERCHANT_MOVE_NAMES[move.kind]} is not possible any more`,
      }
      await finish(outcome, current)
      return new StepResponse<SentMove>({ ...outcome, alreadyOnHub: false })
    }

    // An invoice with its NF-e XML goes only while the request that uploaded the file runs: the XML is never kept.
    const nfeXml = move.kind === "invoice" && move.nfe ? hubModule.nfeUploads.read(move.nfe.upload) : undefined
    if (move.kind === "invoice" && move.nfe && nfeXml === undefined) {
      const outcome: HubOrderMoveOutcome = { state: "refused", error: "Not sent: the NF-e XML is not kept after its upload; invoice again with the XML file" }
      await finish(outcome, current)
      return new StepResponse<SentMove>({ ...outcome, alreadyOnHub: false })
    }

    if (claim.takenOverWhileSending) {
      // The try before this one may still land (its request may have left): read again, never resend blindly.
      const outcome: HubOrderMoveOutcome = { state: "unknown", error: `Not sent: ${TAKEN_OVER_WHILE_SENDING}, and the hub order does not show it yet; it is read again before any send` }
      await finish(outcome, current)
      return new StepResponse<SentMove>({ ...outcome, alreadyOnHub: false })
    }
    // The fence: sent only while the claim is still this try's (renewed now for the whole send).
    if (!(await hubModule.renewHubOrderMoveClaim({ moveId: claim.moveId, attempt: claim.attempt }))) {
      return new StepResponse<SentMove>({ state: "unknown", error: claimTakenOverMessage(`The claim of this ${MERCHANT_MOVE_NAMES[move.kind]}`), alreadyOnHub: false })
    }
    // Renewed while the request is in flight, so a slow answer is not taken over (and sent again).
    const claimToken = { moveId: claim.moveId, attempt: claim.attempt }
    const renewal = setInterval(() => {
      if (hubModule.leases.renewing()) void hubModule.renewHubOrderMoveClaim(claimToken).catch(() => undefined)
    }, renewEvery(hubModule.leases.moveClaimMs))
    renewal.unref()
    try {
      const moved = await orders.move(current, move, nfeXml).finally(() => clearInterval(renewal))
      await finish({ state: "done" }, moved)
      return new StepResponse<SentMove>({ state: "done", hubStatusCode: moved.status.code, alreadyOnHub: false })
    } catch (error) {
      const outcome = moveOutcomeOfFailure(error, true)
      await finish(outcome)
      return new StepResponse<SentMove>({ ...outcome, alreadyOnHub: false })
    }
  }
)
