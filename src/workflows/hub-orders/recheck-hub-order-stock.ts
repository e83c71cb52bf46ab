import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { checkHubOrderStockStep } from "./steps/check-hub-order-stock"
import { markHubOrderImportedStep } from "./steps/mark-hub-order-imported"
import { reserveHubOrderStockStep } from "./steps/reserve-hub-order-stock"

/**
 * An order imported as "needs stock": reserves what could not be reserved before and clears
 * the flag once the location's stock covers its reservations (the merchant restocked).
 */
export const recheckHubOrderStockWorkflow = createWorkflow(
  "recheck-hub-order-stock",
  (input: { hubOrderId: string; orderId: string; stockLocationId: string }) => {
    reserveHubOrderStockStep({ orderId: input.orderId, stockLocationId: input.stockLocationId })
    const needsStock = checkHubOrderStockStep({ orderId: input.orderId, stockLocationId: input.stockLocationId })
    const hubOrder = markHubOrderImportedStep({ hubOrderId: input.hubOrderId, orderId: input.orderId, needsStock })
    return new WorkflowResponse(hubOrder)
  }
)
