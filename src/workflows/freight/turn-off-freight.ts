import { createHook, createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { removeFreightTokenStep } from "./steps/set-freight-token"

export const turnOffFreightWorkflowId = "turn-off-hub-freight"

/** The admin's off switch for an account's quote routes: their token removed (on again: a new token, new URLs). */
export const turnOffFreightWorkflow = createWorkflow(turnOffFreightWorkflowId, (input: { account: string }) => {
  const removed = removeFreightTokenStep(input)
  // Hook `freightTurnedOff` ({ account }): a handler that throws puts the token back.
  const hook = createHook("freightTurnedOff", { account: input.account })
  return new WorkflowResponse(removed, { hooks: [hook] })
})
