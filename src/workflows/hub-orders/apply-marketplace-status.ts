import {
  cancelOrderWorkflow,
  createOrderPaymentCollectionWorkflow,
  deleteReservationsByLineItemsWorkflow,
  markPaymentCollectionAsPaid,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { MarketplaceStatusType } from "../../mapping/plan-hub-order"
import { markHubStatusAppliedStep } from "./steps/mark-hub-status-applied"

export type ApplyMarketplaceStatusInput = {
  hubOrderId: string
  orderId: string
  /** The status type the marketplace moved the order to. */
  statusType: MarketplaceStatusType
}

type OrderPaymentState = {
  id: string
  status: string
  total: number
  payment_collections?: { id: string; status: string }[]
  items?: { id: string }[]
}

/**
 * Follows a move the marketplace made (docs/hub-interface.md §3): payment approved -> the Medusa order is paid
 * (through the system payment provider); canceled -> the Medusa order is canceled and its
 * reservations released (an order canceled already keeps none either). Reads the order first, so
 * running it twice changes nothing twice.
 */
export const applyMarketplaceStatusWorkflow = createWorkflow(
  "apply-hub-marketplace-status",
  (input: ApplyMarketplaceStatusInput) => {
    const { data: orders } = useQueryGraphStep({
      entity: "order",
      fields: ["id", "status", "total", "payment_collections.id", "payment_collections.status", "items.id"],
      filters: { id: input.orderId },
    })

    const plan = transform({ orders, input }, ({ orders, input }) => {
      const order = orders[0] as unknown as OrderPaymentState
      const collections = order.payment_collections ?? []
      const unpaid = collections.find((collection) => collection.status === "not_paid")
      const paid = collections.some((collection) => collection.status !== "not_paid" && collection.status !== "canceled")
      const canceled = order.status === "canceled"
      return {
        orderId: order.id,
        amount: order.total,
        pay: input.statusType === "APPROVED" && !paid && !canceled,
        unpaidCollectionId: unpaid?.id,
        cancel: input.statusType === "CANCELED" && !canceled,
        // Canceled already (by another path): still make sure nothing stays reserved for it.
        releaseReservations: input.statusType === "CANCELED" && canceled,
        lineItemIds: (order.items ?? []).map((item) => item.id),
      }
    })

    const createdCollections = when("create-hub-payment-collection", { plan }, ({ plan }) => plan.pay && !plan.unpaidCollectionId).then(
      () => createOrderPaymentCollectionWorkflow.runAsStep({ input: { order_id: plan.orderId, amount: plan.amount } })
    )
    const collectionId = transform({ plan, createdCollections }, ({ plan, createdCollections }) => plan.unpaidCollectionId ?? createdCollections?.[0]?.id)
    when("mark-hub-order-paid", { plan }, ({ plan }) => plan.pay).then(() => {
      markPaymentCollectionAsPaid.runAsStep({ input: { order_id: plan.orderId, payment_collection_id: collectionId as string } })
    })
    when("cancel-hub-order", { plan }, ({ plan }) => plan.cancel).then(() => {
      cancelOrderWorkflow.runAsStep({ input: { order_id: plan.orderId } })
    })

    when("release-canceled-hub-order-reservations", { plan }, ({ plan }) => plan.releaseReservations && plan.lineItemIds.length > 0).then(() => {
      deleteReservationsByLineItemsWorkflow.runAsStep({ input: transform({ plan }, ({ plan }) => ({ ids: plan.lineItemIds })) })
    })

    markHubStatusAppliedStep({ hubOrderId: input.hubOrderId, statusType: input.statusType })
    return new WorkflowResponse(plan)
  }
)
