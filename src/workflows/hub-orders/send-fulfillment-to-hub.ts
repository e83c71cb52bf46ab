import { randomUUID } from "node:crypto"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { hubOrderLockInput } from "../../modules/hub/locks"
import { moveHubOrderWorkflow } from "./move-hub-order"
import { type FulfillmentEvent, hubMoveOfFulfillmentStep } from "./steps/hub-move-of-fulfillment"

export const sendFulfillmentToHubWorkflowId = "send-fulfillment-to-hub"

/**
 * A fulfillment shipped or delivered in Medusa's own admin on a hub order tells the hub, through the
 * merchant's move workflow keyed by the fulfillment (`ship:<id>`, `deliver:<id>`): sent once ever,
 * so a redelivered event or a second worker finds the move ended and sends nothing; an answer lost
 * is settled by reading the hub order, never by sending again. Returns the move's ending, or why
 * nothing was sent.
 */
export const sendFulfillmentToHubWorkflow = createWorkflow(sendFulfillmentToHubWorkflowId, (input: FulfillmentEvent) => {
  const planned = hubMoveOfFulfillmentStep(input)
  const moved = when("send-fulfillment-move-to-hub", { planned }, ({ planned }) => planned.move !== null).then(() => {
    const lock = transform({ planned }, ({ planned }) => hubOrderLockInput(planned.code!, randomUUID(), planned.account!))
    acquireLockStep(lock)
    const move = moveHubOrderWorkflow.runAsStep({
      input: transform({ planned }, ({ planned }) => ({ code: planned.code!, account: planned.account!, move: planned.move!, claimKey: planned.claimKey! })),
    })
    releaseLockStep(lock)
    return move
  })
  return new WorkflowResponse(transform({ planned, moved }, ({ planned, moved }) => ({ move: moved ?? null, notice: planned.notice })))
})
