import { randomUUID } from "node:crypto"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { MerchantOrderMove } from "../../hub-client"
import { hubOrderLockInput } from "../../modules/hub/locks"
import { applyMarketplaceStatusWorkflow } from "./apply-marketplace-status"
import { claimHubOrderMoveStep } from "./steps/claim-hub-order-move"
import { sendHubOrderMoveStep } from "./steps/send-hub-order-move"
import { settleHubOrderMoveStep } from "./steps/settle-hub-order-move"

export type MoveHubOrderInput = { code: string; move: MerchantOrderMove }

/**
 * A merchant's move of a hub order (invoice, ship, deliver, shipment exception, cancel): claimed
 * once, sent after reading the hub order, and recorded however it ends. A cancel the hub took
 * also cancels the Medusa order and releases its stock, the same way a marketplace cancel does.
 */
export const moveHubOrderWorkflow = createWorkflow("move-hub-order", (input: MoveHubOrderInput) => {
  // Skipped when run inside a workflow that holds the order's lock already (the core step's rule).
  const lock = transform({ input }, ({ input }) => hubOrderLockInput(input.code, randomUUID()))
  acquireLockStep(lock)
  const claim = claimHubOrderMoveStep(input)
  const settled = settleHubOrderMoveStep({
    move: transform({ claim, input }, ({ claim, input }) => ({ moveId: claim.moveId, hubOrderId: claim.hubOrderId, code: claim.code, kind: input.move.kind })),
  })
  const sent = sendHubOrderMoveStep({ claim, move: input.move, settled })

  when("cancel-medusa-order-after-hub-cancel", { input, sent }, ({ input, sent }) => input.move.kind === "cancel" && sent.state === "done").then(
    () => {
      applyMarketplaceStatusWorkflow.runAsStep({
        input: transform({ claim }, ({ claim }) => ({ hubOrderId: claim.hubOrderId, orderId: claim.orderId, statusType: "CANCELED" as const })),
      })
    }
  )

  releaseLockStep(lock)
  return new WorkflowResponse(transform({ claim, sent }, ({ claim, sent }) => ({ moveId: claim.moveId, code: claim.code, ...sent })))
})
