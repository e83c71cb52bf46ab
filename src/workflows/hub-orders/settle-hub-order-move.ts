import { randomUUID } from "node:crypto"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { MerchantOrderMove } from "../../hub-client"
import { hubOrderLockInput } from "../../modules/hub/locks"
import { applyMarketplaceStatusWorkflow } from "./apply-marketplace-status"
import { markHubOrderMoveNotLandedStep } from "./steps/mark-hub-order-move-not-landed"
import { recordHubOrderMoveInMedusaStep } from "./steps/record-hub-order-move-in-medusa"
import { type MoveToSettle, settleHubOrderMoveStep } from "./steps/settle-hub-order-move"

/** `request`: the card's move, to record in Medusa once it is found landed (none for a move Medusa's own fulfillment flow asked for). */
export type SettleHubOrderMoveInput = MoveToSettle & { orderId: string | null; request?: MerchantOrderMove | null }

/** How settling ended: `changed` is false when a merchant's retry had taken the move over. */
export type SettledMoveSummary = { state: "landed" | "not_landed" | "unread"; changed: boolean; error?: string | null }

export const settleHubOrderMoveWorkflowId = "settle-hub-order-move"

/**
 * A move whose answer was lost, settled by reading its hub order; nothing is ever sent. One that
 * landed is done (a cancel also cancels the Medusa order; any other card move is recorded in Medusa
 * as when its answer arrives); one that did not is failed, for the
 * merchant to send again; one whose order cannot be read stays unknown for the next try.
 */
export const settleHubOrderMoveWorkflow = createWorkflow(settleHubOrderMoveWorkflowId, (input: SettleHubOrderMoveInput) => {
  const lock = transform({ input }, ({ input }) => hubOrderLockInput(input.code, randomUUID(), input.account))
  acquireLockStep(lock)
  const settled = settleHubOrderMoveStep({ move: input, fromState: "unknown" })

  const notLanded = when("hub-order-move-not-landed", { settled }, ({ settled }) => settled.read && !settled.landed).then(() =>
    markHubOrderMoveNotLandedStep(
      transform({ input, settled }, ({ input, settled }) => ({ moveId: input.moveId, hubStatusCode: settled.read ? settled.hubOrder.status.code : "" }))
    )
  )

  when(
    "cancel-medusa-order-after-settled-cancel",
    { input, settled },
    ({ input, settled }) => settled.read && settled.landed && settled.changed && input.kind === "cancel" && !!input.orderId
  ).then(() => {
    applyMarketplaceStatusWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({ hubOrderId: input.hubOrderId, orderId: input.orderId!, statusType: "CANCELED" as const, account: input.account })),
    })
  })

  when(
    "record-settled-move-in-medusa",
    { input, settled },
    ({ input, settled }) => settled.read && settled.landed && settled.changed && input.kind !== "cancel" && !!input.orderId && !!input.request
  ).then(() => {
    recordHubOrderMoveInMedusaStep(transform({ input }, ({ input }) => ({ account: input.account, moveId: input.moveId, orderId: input.orderId!, move: input.request! })))
  })

  releaseLockStep(lock)
  return new WorkflowResponse(
    transform({ settled, notLanded }, ({ settled, notLanded }): SettledMoveSummary => {
      if (!settled.read) return { state: "unread", changed: false, error: settled.failure.error }
      return settled.landed ? { state: "landed", changed: settled.changed } : { state: "not_landed", changed: Boolean(notLanded) }
    })
  )
})
