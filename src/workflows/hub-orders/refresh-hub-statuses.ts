import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { refreshHubStatusesStep } from "./steps/refresh-hub-statuses"

export const refreshHubStatusesWorkflowId = "refresh-hub-statuses"

/** Which hub account's catalogue. */
export type RefreshHubStatusesInput = { account: string }

/** A hub account's status catalogue read and kept; returns code -> type, custom statuses included. */
export const refreshHubStatusesWorkflow = createWorkflow(refreshHubStatusesWorkflowId, (input: RefreshHubStatusesInput) => {
  return new WorkflowResponse(refreshHubStatusesStep(input))
})
