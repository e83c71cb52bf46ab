import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { refreshHubStatusesStep } from "./steps/refresh-hub-statuses"

/** The hub's status catalogue read and kept; returns code -> type, custom statuses included. */
export const refreshHubStatusesWorkflow = createWorkflow("refresh-hub-statuses", () => {
  return new WorkflowResponse(refreshHubStatusesStep())
})
