import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { compareWarehouseStockStep, type WarehouseStockPage } from "./steps/compare-warehouse-stock"
import { recordWarehouseDriftStep, type WarehouseDrift } from "./steps/record-warehouse-drift"

export const compareWarehouseStockPageWorkflowId = "compare-hub-warehouse-stock-page"
export const recordWarehouseDriftWorkflowId = "record-hub-warehouse-drift"

/**
 * One page of the reconciliation of an account's other warehouses (src/sync/catalogue/warehouse-reconciliation.ts):
 * each warehouse's Medusa qty of the page's SKUs beside what its CD last took. Reads only: the walk
 * gathers the drifted SKUs into batches of `warehouseBatchSize` before recording them.
 */
export const compareWarehouseStockPageWorkflow = createWorkflow(compareWarehouseStockPageWorkflowId, (input: WarehouseStockPage) => {
  return new WorkflowResponse(compareWarehouseStockStep(input))
})

/** A batch of one warehouse's drifted SKUs into its outbox rows, sent by the account's flusher as any change. */
export const recordWarehouseDriftWorkflow = createWorkflow(recordWarehouseDriftWorkflowId, (input: WarehouseDrift) => {
  return new WorkflowResponse(recordWarehouseDriftStep(input))
})
