import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { claimStockChangesStep } from "./steps/claim-stock-changes"
import { pushStockChangesStep } from "./steps/push-stock-changes"

/**
 * One flush of the stock outbox: claim the due rows, push each to the hub, record how each
 * went. Any number may run at once (claims are exclusive); the flusher runs it until nothing
 * is due.
 */
export const pushStockWorkflow = createWorkflow("hub-push-stock", () => {
  const claimed = claimStockChangesStep()
  const summary = pushStockChangesStep(claimed)
  return new WorkflowResponse(summary)
})
