import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { refreshHubStatusesStep } from "./steps/refresh-hub-statuses"

export const refreshHubStatusesWorkflowId = "refresh-hub-statuses"

/** The hub's status catalogue read and kept; returns code -> type, custom statuses included. */
export const refreshHubStatusesWorkflow = createWorkflow(refreshHubStatusesWorkflowId, () => {
  return new WorkflowResponse(refreshHubStatusesStep())
})
