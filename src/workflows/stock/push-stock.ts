import { emitEventStep } from "@medusajs/medusa/core-flows"
import { createHook, createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { HubEvents } from "../../modules/hub/events"
import { claimStockChangesStep } from "./steps/claim-stock-changes"
import { pushStockChangesStep } from "./steps/push-stock-changes"

export const pushStockWorkflowId = "push-hub-stock"

/**
 * One flush of the stock outbox: claim the due rows, push each to the hub, record how each
 * went. Any number may run at once (claims are exclusive); the flusher runs it until nothing
 * is due. Hook `stockPushed` ({ summary }) runs after each flush; a SKU the hub refused is
 * announced as `hub-stock.refused`.
 */
export const pushStockWorkflow = createWorkflow(pushStockWorkflowId, () => {
  const claimed = claimStockChangesStep()
  const summary = pushStockChangesStep(claimed)
  when("announce-refused-hub-stock", { summary }, ({ summary }) => summary.refusals.length > 0).then(() => {
    emitEventStep({ eventName: HubEvents.STOCK_REFUSED, data: transform({ summary }, ({ summary }) => summary.refusals) })
  })
  const stockPushed = createHook("stockPushed", { summary })
  return new WorkflowResponse(summary, { hooks: [stockPushed] })
})
