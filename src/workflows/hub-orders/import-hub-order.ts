import { randomUUID } from "node:crypto"
import { z } from "zod"
import { acquireLockStep, createOrdersStep, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createHook, createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { CreateOrderDTO } from "@medusajs/framework/types"
import { MedusaCustomerInput } from "../../mapping/hub-order"
import { HubEvents } from "../../modules/hub/events"
import { hubOrderLockInput } from "../../modules/hub/locks"
import { checkHubOrderStockStep } from "./steps/check-hub-order-stock"
import { findOrderForHubCodeStep } from "./steps/find-order-for-hub-code"
import { markHubOrderImportedStep } from "./steps/mark-hub-order-imported"
import { reserveHubOrderStockStep } from "./steps/reserve-hub-order-stock"
import { showHubCodeOnOrderStep } from "./steps/show-hub-code-on-order"
import { upsertHubCustomerStep } from "./steps/upsert-hub-customer"

export type ImportHubOrderInput = {
  /** The claimed hub order record. */
  hubOrderId: string
  hubOrderCode: string
  customer: MedusaCustomerInput
  order: Omit<CreateOrderDTO, "customer_id">
  stockLocationId: string
}

export const importHubOrderWorkflowId = "import-hub-order"

/**
 * One hub order -> one Medusa order with its stock reserved, then the record that says so.
 * Any failure compensates every write before it; a crash leaves the order (found again by its
 * hub code) for the next run to complete, so there is never a second one.
 *
 * Hooks: `orderInput` ({ hubOrderCode, order }) may return fields of Medusa's order input to set
 * (merged over the plugin's mapping: a sales channel, metadata, ...), before the order is created;
 * it runs on every try, so return the same answer for the same order. `hubOrderImported`
 * ({ hubOrderId, hubOrderCode, orderId, needsStock }) runs once the order is created and reserved.
 */
export const importHubOrderWorkflow = createWorkflow(
  // Not `idempotent`: that makes the engine store a checkpoint of the whole input at every step (about a
  // quarter of a worker's CPU per order, measured under workflow-engine-redis), and this workflow needs
  // none: a new try finds the order by its hub code and reserves only what is missing.
  importHubOrderWorkflowId,
  (input: ImportHubOrderInput) => {
    const lock = transform({ input }, ({ input }) => hubOrderLockInput(input.hubOrderCode, randomUUID()))
    acquireLockStep(lock)
    const orderInputHook = createHook(
      "orderInput",
      { hubOrderCode: input.hubOrderCode, order: input.order },
      { resultValidator: z.looseObject({}).optional() }
    )
    const orderInputChanges = orderInputHook.getResult()
    const existingOrderId = findOrderForHubCodeStep(input.hubOrderCode)

    const createdOrderId = when("create-medusa-order-for-hub-order", { existingOrderId }, ({ existingOrderId }) => !existingOrderId).then(
      () => {
        const customer = upsertHubCustomerStep(input.customer)
        const orderInput = transform({ input, customer, orderInputChanges }, ({ input, customer, orderInputChanges }) => ({
          ...input.order,
          ...(orderInputChanges ?? {}),
          // A hook's metadata adds to the hub's; the hub code, how a re-run finds this order, stays.
          metadata: { ...input.order.metadata, ...(orderInputChanges?.metadata as object | undefined), hub_order_code: input.hubOrderCode },
          customer_id: customer.id,
        }))
        const orders = createOrdersStep([orderInput as CreateOrderDTO])
        const createdId = transform({ orders }, ({ orders }) => orders[0].id)
        showHubCodeOnOrderStep({ orderId: createdId, code: input.hubOrderCode })
        return createdId
      }
    )

    const orderId = transform({ existingOrderId, createdOrderId }, (ids) => (ids.existingOrderId ?? ids.createdOrderId) as string)
    reserveHubOrderStockStep({ orderId, stockLocationId: input.stockLocationId })
    const needsStock = checkHubOrderStockStep({ orderId, stockLocationId: input.stockLocationId })
    const hubOrder = markHubOrderImportedStep({ hubOrderId: input.hubOrderId, orderId, needsStock })
    releaseLockStep(lock)
    const imported = transform({ input, orderId, needsStock }, ({ input, orderId, needsStock }) => ({
      hubOrderId: input.hubOrderId,
      hubOrderCode: input.hubOrderCode,
      orderId,
      needsStock,
    }))
    emitEventStep({
      eventName: HubEvents.ORDER_IMPORTED,
      data: transform({ imported }, ({ imported }) => ({ id: imported.hubOrderId, code: imported.hubOrderCode, order_id: imported.orderId, needs_stock: imported.needsStock })),
    })
    const hubOrderImported = createHook("hubOrderImported", imported)
    return new WorkflowResponse(hubOrder, { hooks: [orderInputHook, hubOrderImported] })
  }
)
