import { randomUUID } from "node:crypto"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { hubOrderLockInput } from "../../modules/hub/locks"
import { type MoveToRecord, recordHubOrderMoveInMedusaStep } from "./steps/record-hub-order-move-in-medusa"

export const recordHubOrderMoveAgainWorkflowId = "record-hub-order-move-again"

/**
 * A move the hub took whose recording in Medusa failed, tried again under the order's lock: the
 * step finds what an earlier try made, so nothing is made twice. Nothing is sent to the hub.
 */
export const recordHubOrderMoveAgainWorkflow = createWorkflow(recordHubOrderMoveAgainWorkflowId, (input: MoveToRecord & { code: string }) => {
  const lock = transform({ input }, ({ input }) => hubOrderLockInput(input.code, randomUUID(), input.account))
  acquireLockStep(lock)
  const recorded = recordHubOrderMoveInMedusaStep(input)
  releaseLockStep(lock)
  return new WorkflowResponse(recorded)
})
