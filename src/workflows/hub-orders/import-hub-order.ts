import { randomUUID } from "node:crypto"
import { acquireLockStep, createOrdersStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { CreateOrderDTO } from "@medusajs/framework/types"
import { MedusaCustomerInput } from "../../mapping/hub-order"
import { hubOrderLockInput } from "../../modules/hub/locks"
import { checkHubOrderStockStep } from "./steps/check-hub-order-stock"
import { findOrderForHubCodeStep } from "./steps/find-order-for-hub-code"
import { markHubOrderImportedStep } from "./steps/mark-hub-order-imported"
import { reserveHubOrderStockStep } from "./steps/reserve-hub-order-stock"
import { upsertHubCustomerStep } from "./steps/upsert-hub-customer"

export type ImportHubOrderInput = {
  /** The claimed hub order record. */
  hubOrderId: string
  hubOrderCode: string
  customer: MedusaCustomerInput
  order: Omit<CreateOrderDTO, "customer_id">
  stockLocationId: string
}

/**
 * One hub order -> one Medusa order with its stock reserved, then the record that says so.
 * Any failure compensates every write before it; a crash leaves the order (found again by its
 * hub code) for the next run to complete, so there is never a second one.
 */
export const importHubOrderWorkflow = createWorkflow(
  { name: "import-hub-order", idempotent: true },
  (input: ImportHubOrderInput) => {
    const lock = transform({ input }, ({ input }) => hubOrderLockInput(input.hubOrderCode, randomUUID()))
    acquireLockStep(lock)
    const existingOrderId = findOrderForHubCodeStep(input.hubOrderCode)

    const createdOrderId = when("create-medusa-order-for-hub-order", { existingOrderId }, ({ existingOrderId }) => !existingOrderId).then(
      () => {
        const customer = upsertHubCustomerStep(input.customer)
        const orderInput = transform({ input, customer }, ({ input, customer }) => ({ ...input.order, customer_id: customer.id }))
        const orders = createOrdersStep([orderInput])
        return transform({ orders }, ({ orders }) => orders[0].id)
      }
    )

    const orderId = transform({ existingOrderId, createdOrderId }, (ids) => (ids.existingOrderId ?? ids.createdOrderId) as string)
    reserveHubOrderStockStep({ orderId, stockLocationId: input.stockLocationId })
    const needsStock = checkHubOrderStockStep({ orderId, stockLocationId: input.stockLocationId })
    const hubOrder = markHubOrderImportedStep({ hubOrderId: input.hubOrderId, orderId, needsStock })
    releaseLockStep(lock)
    return new WorkflowResponse(hubOrder)
  }
)
