import { randomUUID } from "node:crypto"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { hubOrderLockInput } from "../../modules/hub/locks"
import { applyMarketplaceStatusWorkflow } from "./apply-marketplace-status"

/** `account`: the hub account the order came from. */
export type ReleaseCanceledHubOrderInput = { code: string; hubOrderId: string; orderId: string; account: string }

export const releaseCanceledHubOrderWorkflowId = "release-canceled-hub-order"

/**
 * A canceled hub order whose Medusa order still holds stock, put right under the order's lock: the
 * cancel applied again through Medusa's own workflows (the order canceled if it is not, its
 * remaining reservations released either way).
 */
export const releaseCanceledHubOrderWorkflow = createWorkflow(releaseCanceledHubOrderWorkflowId, (input: ReleaseCanceledHubOrderInput) => {
  const lock = transform({ input }, ({ input }) => hubOrderLockInput(input.code, randomUUID(), input.account))
  acquireLockStep(lock)
  applyMarketplaceStatusWorkflow.runAsStep({
    input: transform({ input }, ({ input }) => ({ hubOrderId: input.hubOrderId, orderId: input.orderId, statusType: "CANCELED" as const, account: input.account })),
  })
  releaseLockStep(lock)
  return new WorkflowResponse(input.code)
})
