import { createHook, createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { setFreightTokenStep } from "./steps/set-freight-token"

export const rotateFreightTokenWorkflowId = "rotate-hub-freight-token"

/**
 * Gives an account's quote routes a new token (the first, or a rotation): the old URLs answer as
 * missing routes at once in this process, within 5 s in the others, so the new ones go to the hub's
 * support first (docs/freight.md).
 */
export const rotateFreightTokenWorkflow = createWorkflow(rotateFreightTokenWorkflowId, (input: { account: string }) => {
  const rotated = setFreightTokenStep(input)
  // Hook `freightTokenRotated` ({ account }): never the token. A handler that throws puts the old one back.
  const hook = createHook("freightTokenRotated", { account: input.account })
  return new WorkflowResponse(rotated, { hooks: [hook] })
})
