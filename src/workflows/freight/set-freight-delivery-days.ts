import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { setDeliveryDaysStep } from "./steps/set-delivery-days"

export const setFreightDeliveryDaysWorkflowId = "set-hub-freight-delivery-days"

/** Sets (null: clears) the transit days freight quotes give a shipping option (docs/freight.md). */
export const setFreightDeliveryDaysWorkflow = createWorkflow(setFreightDeliveryDaysWorkflowId, (input: { shipping_option_id: string; days: number | null }) => {
  return new WorkflowResponse(setDeliveryDaysStep(input))
})
