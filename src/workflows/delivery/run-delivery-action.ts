import { randomUUID } from "node:crypto"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createHook, createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { DELIVERY_ACTION_LOCK, DELIVERY_ACTION_LOCK_TTL_SECONDS, driverLock } from "../../modules/hub/locks"
import { startLeaseHeartbeatStep, stopLeaseHeartbeatStep } from "../hub-orders/steps/lease-heartbeat"
import { recordDeliveryActionsStep } from "./steps/record-delivery-actions"
import { type DeliveryActionRequest, sendDeliveryActionStep } from "./steps/send-delivery-action"

export const runDeliveryActionWorkflowId = "run-hub-delivery-action"

/**
 * One action of the marketplace's delivery (docs/delivery.md): orders grouped into a PLP, a PLP
 * ungrouped, Direct collections requested. One at a time per account; sent once (a lost answer is
 * read back from the hub's lists, never resent); each order's line kept in its history.
 * Hook `hubDeliveryActionRan` ({ outcome }) runs however it ended.
 */
export const runDeliveryActionWorkflow = createWorkflow(runDeliveryActionWorkflowId, (input: DeliveryActionRequest) => {
  const lock = transform({ input }, ({ input }) => ({
    key: driverLock(DELIVERY_ACTION_LOCK, input.account),
    ownerId: randomUUID(),
    timeout: 30,
    ttl: DELIVERY_ACTION_LOCK_TTL_SECONDS,
  }))
  acquireLockStep(lock)
  // Renewed while the hub answers (a request may take its whole deadline, and a read-back more).
  const heartbeat = startLeaseHeartbeatStep(lock)
  const outcome = sendDeliveryActionStep(input)
  recordDeliveryActionsStep(outcome)
  stopLeaseHeartbeatStep(heartbeat)
  releaseLockStep(lock)
  const ran = createHook("hubDeliveryActionRan", { outcome })
  return new WorkflowResponse(outcome, { hooks: [ran] })
})
