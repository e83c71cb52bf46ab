import { generateEntityId } from "@medusajs/framework/utils"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { lockStockReconciliationStep, unlockStockReconciliationStep } from "./steps/lock-stock-reconciliation"
import { startStockReconciliationStep } from "./steps/start-stock-reconciliation"
import { walkHubProductsStep } from "./steps/walk-hub-products"

/**
 * Compares every hub product's qty with Medusa's available quantity and queues the differences
 * in the outbox (pushes that "succeeded" without taking effect, edits made on the hub). One at
 * a time: a second run while one walks fails with a conflict and records nothing.
 */
export const reconcileStockWorkflow = createWorkflow("hub-reconcile-stock", () => {
  const lock = transform({}, () => ({ ownerId: generateEntityId(undefined, "hubrecl") }))
  lockStockReconciliationStep(lock)
  const run = startStockReconciliationStep()
  const result = walkHubProductsStep(transform({ run }, ({ run }) => ({ reconciliationId: run.id })))
  unlockStockReconciliationStep(lock)
  return new WorkflowResponse(result)
})
