import { randomUUID } from "node:crypto"
import { acquireLockStep, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createHook, createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { HubShipmentParcel } from "../../mapping/hub-fulfillment"
import type { HubPayment } from "../../mapping/hub-order-money"
import { RETURNED_STATUS_CODE } from "../../mapping/hub-status"
import type { HubOrderPlan, SeenHubOrder } from "../../mapping/plan-hub-order"
import { HubEvents } from "../../modules/hub/events"
import { hubOrderLockInput } from "../../modules/hub/locks"
import { applyMarketplaceStatusWorkflow } from "./apply-marketplace-status"
import { fillHubOrderShippingAddressStep } from "./steps/fill-hub-order-shipping-address"
import { markHubOrdersImportedStep } from "./steps/mark-hub-orders-imported"
import { recordHubOrderStatusStep } from "./steps/record-hub-order-status"
import { reserveHubOrdersStockStep } from "./steps/reserve-hub-orders-stock"

export type FollowHubOrderInput = {
  hubOrderId: string
  orderId: string
  seen: SeenHubOrder
  plan: Extract<HubOrderPlan, { action: "follow" }>
  stockLocationId: string
  /** The hub account the order came from. */
  account: string
  /** What the buyer paid, as the hub reports it: recorded when the marketplace approves. */
  payment?: HubPayment | null
  /** The parcels the hub order lists: recorded when the hub ships or delivers it. */
  parcels?: HubShipmentParcel[]
}

/**
 * An imported hub order the marketplace moved, as `planHubOrder` decided: its new status recorded (and
 * `returned`, the goods back, told as `hub-order.returned`);
 * payment approved -> the Medusa order paid, canceled -> canceled with its reservations released,
 * shipped and delivered (by the hub's own delivery or its panel) -> fulfillments shipped and delivered;
 * and an order waiting for stock re-checked: what could not be reserved before is reserved, and
 * the flag cleared once the location's stock covers it (the merchant restocked). Under the order's
 * lock: what the plan decided is checked again against the Medusa order read inside it.
 */
export const followHubOrderWorkflowId = "follow-hub-order"

/** Hook `hubOrderFollowed` ({ hubOrderId, orderId, code, statusType }) runs after the move is applied. */
export const followHubOrderWorkflow = createWorkflow(followHubOrderWorkflowId, (input: FollowHubOrderInput) => {
  const lock = transform({ input }, ({ input }) => hubOrderLockInput(input.seen.code, randomUUID(), input.account))
  acquireLockStep(lock)
  when("record-followed-hub-status", { input }, ({ input }) => input.plan.recordStatus).then(() => {
    recordHubOrderStatusStep(
      transform({ input }, ({ input }) => ({ account: input.account, hubOrderId: input.hubOrderId, statusCode: input.seen.statusCode, statusType: input.seen.statusType }))
    )
  })
  // The marketplace says the goods came back (its `returned`, known by its code): the merchant is told to receive the return.
  when("emit-hub-order-returned", { input }, ({ input }) => input.plan.recordStatus && input.seen.statusCode === RETURNED_STATUS_CODE).then(() => {
    emitEventStep({
      eventName: HubEvents.ORDER_RETURNED,
      data: transform({ input }, ({ input }) => ({ id: input.hubOrderId, account: input.account, code: input.seen.code, order_id: input.orderId })),
    }).config({ name: "emit-hub-order-returned" })
  })
  fillHubOrderShippingAddressStep(transform({ input }, ({ input }) => ({ orderId: input.orderId, account: input.account, code: input.seen.code })))
  when("apply-followed-marketplace-status", { input }, ({ input }) => input.plan.applyStatus !== null).then(() => {
    applyMarketplaceStatusWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({
        hubOrderId: input.hubOrderId,
        orderId: input.orderId,
        statusType: input.plan.applyStatus!,
        payment: input.payment,
        account: input.account,
        parcels: input.parcels,
      })),
    })
  })
  when("recheck-followed-hub-order-stock", { input }, ({ input }) => input.plan.recheckStock).then(() => {
    const reserved = reserveHubOrdersStockStep(transform({ input }, ({ input }) => ({ orderIds: [input.orderId], stockLocationId: input.stockLocationId, account: input.account })))
    markHubOrdersImportedStep(
      transform({ input, reserved }, ({ input, reserved }) => ({
        account: input.account,
        imports: [{ hubOrderId: input.hubOrderId, orderId: input.orderId, needsStock: reserved.needsStock[input.orderId] }],
      }))
    )
  })
  releaseLockStep(lock)
  const hubOrderFollowed = createHook(
    "hubOrderFollowed",
    transform({ input }, ({ input }) => ({ hubOrderId: input.hubOrderId, orderId: input.orderId, code: input.seen.code, statusType: input.seen.statusType }))
  )
  return new WorkflowResponse(input.plan, { hooks: [hubOrderFollowed] })
})
