import { createHook, createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { FreightFallback } from "../../mapping/freight-rules"
import { setFallbackStep } from "./steps/set-fallback"

export const setFreightFallbackWorkflowId = "set-hub-freight-fallback"

/** Sets (null: clears) an account's zone table for a calculated shipping option (docs/freight.md, Within 800 ms). */
export const setFreightFallbackWorkflow = createWorkflow(setFreightFallbackWorkflowId, (input: { shipping_option_id: string; account: string; fallback: FreightFallback | null }) => {
  const set = setFallbackStep(input)
  // Hook `freightFallbackSet` ({ shipping_option_id, account, fallback }): a handler that throws puts the zone table before back.
  const hook = createHook("freightFallbackSet", { shipping_option_id: input.shipping_option_id, account: input.account, fallback: input.fallback })
  return new WorkflowResponse(set, { hooks: [hook] })
})
