import { createHook, createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { placeHubTestOrderStep, type PlaceHubTestOrderInput } from "./steps/place-hub-test-order"

export const placeHubTestOrderWorkflowId = "place-hub-test-order"

/**
 * A test order placed on a sandbox account's hub (POST /admin/hub/test-orders), approved when asked, so a
 * merchant can try the whole flow; answers its code and status. Hook `hubTestOrderPlaced` (the answer).
 */
export const placeHubTestOrderWorkflow = createWorkflow(placeHubTestOrderWorkflowId, (input: PlaceHubTestOrderInput) => {
  const placed = placeHubTestOrderStep(input)
  const hook = createHook("hubTestOrderPlaced", placed)
  return new WorkflowResponse(placed, { hooks: [hook] })
})
