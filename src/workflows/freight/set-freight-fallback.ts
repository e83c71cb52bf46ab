import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { FreightFallback } from "../../mapping/freight-rules"
import { setFallbackStep } from "./steps/set-fallback"

export const setFreightFallbackWorkflowId = "set-hub-freight-fallback"

/** Sets (null: clears) an account's zone table for a calculated shipping option (docs/freight.md, Within 800 ms). */
export const setFreightFallbackWorkflow = createWorkflow(setFreightFallbackWorkflowId, (input: { shipping_option_id: string; account: string; fallback: FreightFallback | null }) => {
  return new WorkflowResponse(setFallbackStep(input))
})
