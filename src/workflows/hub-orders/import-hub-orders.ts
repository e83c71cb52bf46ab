import { randomUUID } from "node:crypto"
import { z } from "zod"
import { acquireLockStep, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createHook, createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { CreateOrderDTO } from "@medusajs/framework/types"
import { MedusaCustomerInput } from "../../mapping/hub-order"
import { HubEvents } from "../../modules/hub/events"
import { hubOrdersLockInput } from "../../modules/hub/locks"
import { createHubOrdersStep } from "./steps/create-hub-orders"
import { findOrdersForHubCodesStep, hubAccountMetadata, hubMedusaOrderId } from "./steps/find-orders-for-hub-codes"
import { startLeaseHeartbeatStep, stopLeaseHeartbeatStep } from "./steps/lease-heartbeat"
import { markHubOrdersImportedStep } from "./steps/mark-hub-orders-imported"
import { reserveHubOrdersStockStep } from "./steps/reserve-hub-orders-stock"
import { hubOrderNumber, showHubCodesOnOrdersStep } from "./steps/show-hub-codes-on-orders"
import { upsertHubCustomersStep } from "./steps/upsert-hub-customers"

export type HubOrderToImport = {
  /** The claimed hub order record. */
  hubOrderId: string
  hubOrderCode: string
  /** The claim's token (`attempts` as claimed): renewed while the import runs, and its fence. */
  claimAttempt?: number
  /** The buyer, a guest customer of the store; null when the hub gave no e-mail. */
  customer: MedusaCustomerInput | null
  order: Omit<CreateOrderDTO, "customer_id">
}

/** `account`: the hub account the orders came from. */
export type ImportHubOrdersInput = { hubOrders: HubOrderToImport[]; stockLocationId: string; account: string }

/** What each imported hub order became (the `hubOrdersImported` hook's and the workflow's items). */
export type ImportedHubOrder = { hubOrderId: string; hubOrderCode: string; orderId: string; needsStock: boolean }

export const importHubOrdersWorkflowId = "import-hub-orders"

/**
 * Hub orders -> Medusa orders with their stock reserved, then the records that say so: several at a
 * time, so a backlog costs one order creation, one reservation and one record write per batch rather
 * than per order (issue 19's throughput). A failure undoes the batch's orders, reservations and records
 * (an order that already holds reservations or a record is kept: steps/create-hub-orders.ts), not its
 * customers, which another order may use by then (steps/upsert-hub-customers.ts); the caller then
 * imports its orders one by one, so a bad order is set aside alone. A crash leaves the created
 * orders (found again by the ids the import gave them) for the next run to complete, so there is never a second one.
 *
 * Hooks: `ordersInput` ({ account, hubOrders: [{ hubOrderCode, order }] }) may return, by hub code, fields of
 * Medusa's order input to set (merged over the plugin's mapping: a sales channel, metadata, ...)
 * before the orders are created; it runs on every try, so return the same answer for the same order.
 * `hubOrdersImported` ({ hubOrders: ImportedHubOrder[] }) runs once they are created and reserved.
 */
export const importHubOrdersWorkflow = createWorkflow(
  // Not `idempotent`: that makes the engine store a checkpoint of the whole input at every step (about a
  // quarter of a worker's CPU per order, measured under workflow-engine-redis), and this workflow needs
  // none: a new try finds the orders by the ids it gives them and reserves only what is missing.
  importHubOrdersWorkflowId,
  (input: ImportHubOrdersInput) => {
    // The claims and the lock renewed while the import runs (one value: the heartbeat and both lock steps
    // read the same owner); the reservation and the record are fenced by the claims.
    const lock = transform({ input }, ({ input }) => ({
      ...hubOrdersLockInput(input.hubOrders.map((hubOrder) => hubOrder.hubOrderCode), randomUUID(), input.account),
      importClaims: input.hubOrders.flatMap(({ hubOrderId, claimAttempt }) => (claimAttempt === undefined ? [] : [{ hubOrderId, attempt: claimAttempt }])),
    }))
    acquireLockStep(lock)
    const claims = transform({ input }, ({ input }) =>
      input.hubOrders.flatMap(({ hubOrderId, claimAttempt }) => (claimAttempt === undefined ? [] : [{ hubOrderId, attempt: claimAttempt }]))
    )
    const heartbeat = startLeaseHeartbeatStep(lock)
    const ordersInputHook = createHook(
      "ordersInput",
      transform({ input }, ({ input }) => ({
        account: input.account,
        hubOrders: input.hubOrders.map(({ hubOrderCode, order }) => ({ hubOrderCode, order })),
      })),
      { resultValidator: z.record(z.string(), z.looseObject({})).optional() }
    )
    const ordersInputChanges = ordersInputHook.getResult()
    const existingByCode = findOrdersForHubCodesStep(
      transform({ input }, ({ input }) => input.hubOrders.map(({ hubOrderId, hubOrderCode }) => ({ hubOrderId, hubOrderCode })))
    )
    const toCreate = transform({ input, existingByCode }, ({ input, existingByCode }) => input.hubOrders.filter((hubOrder) => !existingByCode[hubOrder.hubOrderCode]))

    const createdByCode = when("create-medusa-orders-for-hub-orders", { toCreate }, ({ toCreate }) => toCreate.length > 0).then(() => {
      const customerIds = upsertHubCustomersStep(transform({ toCreate }, ({ toCreate }) => toCreate.flatMap((hubOrder) => (hubOrder.customer ? [hubOrder.customer] : []))))
      const orderInputs = transform({ input, toCreate, customerIds, ordersInputChanges }, ({ input, toCreate, customerIds, ordersInputChanges }) =>
        toCreate.map(({ hubOrderId, hubOrderCode, customer, order }) => {
          const changes = ordersInputChanges?.[hubOrderCode]
          return {
            ...order,
            ...(changes ?? {}),
            // The id is how a re-run finds this order (steps/find-orders-for-hub-codes.ts): no hook changes it.
            id: hubMedusaOrderId(hubOrderId),
            // A hook's metadata adds to the hub's; the hub code and its account, shown to the merchant, stay.
            metadata: { ...order.metadata, ...(changes?.metadata as object | undefined), hub_order_code: hubOrderCode, ...hubAccountMetadata(input.account) },
            customer_id: customer ? customerIds[customer.email] : undefined,
          } as CreateOrderDTO
        })
      )
      const orders = createHubOrdersStep(orderInputs)
      const created = transform({ orders, toCreate }, ({ orders, toCreate }) => {
        const codeById = new Map(toCreate.map(({ hubOrderId, hubOrderCode }) => [hubMedusaOrderId(hubOrderId), hubOrderCode]))
        return orders.map((order) => ({ orderId: order.id, code: codeById.get(order.id)!, customDisplayId: order.custom_display_id }))
      })
      showHubCodesOnOrdersStep(
        transform({ input, created }, ({ input, created }) => created.map((order) => ({ ...order, number: hubOrderNumber(order.code, input.account) })))
      )
      return transform({ created }, ({ created }) => Object.fromEntries(created.map((order) => [order.code, order.orderId])) as Record<string, string>)
    })

    const orderIdByCode = transform({ existingByCode, createdByCode }, ({ existingByCode, createdByCode }) => ({ ...createdByCode, ...existingByCode }) as Record<string, string>)
    const reserved = reserveHubOrdersStockStep(
      transform({ input, orderIdByCode, claims }, ({ input, orderIdByCode, claims }) => ({ orderIds: Object.values(orderIdByCode), stockLocationId: input.stockLocationId, account: input.account, claims }))
    )
    const imported = transform({ input, orderIdByCode, reserved }, ({ input, orderIdByCode, reserved }) =>
      input.hubOrders.map(({ hubOrderId, hubOrderCode }): ImportedHubOrder => {
        const orderId = orderIdByCode[hubOrderCode]
        return { hubOrderId, hubOrderCode, orderId, needsStock: reserved.needsStock[orderId] }
      })
    )
    const records = markHubOrdersImportedStep(
      transform({ input, imported }, ({ input, imported }) => ({
        account: input.account,
        imports: imported.map((hubOrder, index) => ({ ...hubOrder, attempt: input.hubOrders[index].claimAttempt })),
      }))
    )
    stopLeaseHeartbeatStep(heartbeat)
    releaseLockStep(lock)
    emitEventStep({
      eventName: HubEvents.ORDER_IMPORTED,
      data: transform({ input, imported, reserved }, ({ input, imported, reserved }) =>
        imported.map((hubOrder) => ({
          id: hubOrder.hubOrderId,
          account: input.account,
          code: hubOrder.hubOrderCode,
          order_id: hubOrder.orderId,
          needs_stock: hubOrder.needsStock,
          // Warehouses its lines name that no location is mapped to: reserved at the default location (docs/catalogue.md, Warehouses).
          ...(reserved.unmapped[hubOrder.orderId]?.length ? { unmapped_warehouses: reserved.unmapped[hubOrder.orderId] } : {}),
        }))
      ),
    })
    const hubOrdersImported = createHook("hubOrdersImported", transform({ imported }, ({ imported }) => ({ hubOrders: imported })))
    return new WorkflowResponse(records, { hooks: [ordersInputHook, hubOrdersImported] })
  }
)
