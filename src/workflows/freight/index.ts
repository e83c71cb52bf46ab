export { rotateFreightTokenWorkflow, rotateFreightTokenWorkflowId } from "./rotate-freight-token"
export { setFreightDeliveryDaysWorkflow, setFreightDeliveryDaysWorkflowId } from "./set-freight-delivery-days"
export { setFreightFallbackWorkflow, setFreightFallbackWorkflowId } from "./set-freight-fallback"
export { turnOffFreightWorkflow, turnOffFreightWorkflowId } from "./turn-off-freight"
