import { createHook, createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { claimWarehouseStockStep, pushWarehouseStockStep } from "./steps/push-warehouse-stock"

export const pushWarehouseStockWorkflowId = "push-hub-warehouse-stock"

/**
 * One round of the hub account's other warehouses (option `warehouses`, docs/catalogue.md
 * *Warehouses*): claim each warehouse's due outbox rows, then read their quantities in Medusa as they
 * leave, send each warehouse its batch and settle each row (the sending machinery is the module's:
 * src/modules/hub/catalogue-push/warehouse-stock-push.ts). Run by the account's flusher beside `push-hub-products`, from
 * the same outbox. Hook `warehouseStockPushed` ({ summary }) runs after each round.
 */
export const pushWarehouseStockWorkflow = createWorkflow(pushWarehouseStockWorkflowId, (input: { account: string }) => {
  const claimed = claimWarehouseStockStep(input)
  const summary = pushWarehouseStockStep(claimed)
  const warehouseStockPushed = createHook("warehouseStockPushed", { summary })
  return new WorkflowResponse(summary, { hooks: [warehouseStockPushed] })
})
