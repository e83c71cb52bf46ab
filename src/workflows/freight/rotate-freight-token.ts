import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { setFreightTokenStep } from "./steps/set-freight-token"

export const rotateFreightTokenWorkflowId = "rotate-hub-freight-token"

/**
 * Gives an account's quote routes a new token (the first, or a rotation): the old URLs answer as
 * missing routes at once, so the new ones go to the hub's support first (docs/freight.md).
 */
export const rotateFreightTokenWorkflow = createWorkflow(rotateFreightTokenWorkflowId, (input: { account: string }) => {
  return new WorkflowResponse(setFreightTokenStep(input))
})
