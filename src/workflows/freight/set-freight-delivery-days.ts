import { createHook, createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { setDeliveryDaysStep } from "./steps/set-delivery-days"

export const setFreightDeliveryDaysWorkflowId = "set-hub-freight-delivery-days"

/** Sets (null: clears) the transit days freight quotes give a shipping option (docs/freight.md). */
export const setFreightDeliveryDaysWorkflow = createWorkflow(setFreightDeliveryDaysWorkflowId, (input: { shipping_option_id: string; days: number | null }) => {
  const set = setDeliveryDaysStep(input)
  // Hook `freightDeliveryDaysSet` ({ shipping_option_id, days }): a handler that throws puts the days before back.
  const hook = createHook("freightDeliveryDaysSet", { shipping_option_id: input.shipping_option_id, days: input.days })
  return new WorkflowResponse(set, { hooks: [hook] })
})
