import {
  cancelOrderWorkflow,
  createOrderPaymentCollectionWorkflow,
  deleteReservationsByLineItemsWorkflow,
  markPaymentCollectionAsPaid,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { MathBN } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"
import { FINAL_STATUS_TYPES } from "../../hub-client"
import type { HubShipmentParcel } from "../../mapping/hub-fulfillment"
import type { HubPayment } from "../../mapping/hub-order-money"
import type { MarketplaceStatusType } from "../../mapping/plan-hub-order"
import { ensureHubRefundReasonStep, explainHubRefundsStep, keepHubPaymentDataStep } from "./steps/hub-payment"
import { leaveNeedsStockStep } from "./steps/leave-needs-stock"
import { markHubStatusAppliedStep } from "./steps/mark-hub-status-applied"
import { recordHubShipmentsStep } from "./steps/record-hub-shipments"

export type ApplyMarketplaceStatusInput = {
  hubOrderId: string
  orderId: string
  /** The status type the marketplace moved the order to. */
  statusType: MarketplaceStatusType
  /** APPROVED (and SHIPPED, DELIVERED, which come after it): what the hub says the buyer paid; absent, the order's total. */
  payment?: HubPayment | null
  /** The hub account the order came from: SHIPPED and DELIVERED record its parcels with its options. */
  account: string
  /** SHIPPED, DELIVERED: the parcels the hub order lists. */
  parcels?: HubShipmentParcel[]
}

type OrderPaymentState = {
  id: string
  status: string
  total: number
  payment_collections?: {
    id: string
    status: string
    payments?: { id: string; captures?: { amount: BigNumberInput }[]; refunds?: { id: string; amount: BigNumberInput }[] }[]
  }[]
  items?: { id: string }[]
}

export const applyMarketplaceStatusWorkflowId = "apply-hub-marketplace-status"

/**
 * Follows a move the marketplace made (docs/hub-interface.md §3): payment approved -> the Medusa order is paid
 * what the hub says the buyer paid (through the system payment provider, the hub's payment details in the
 * payment's data); shipped -> its parcels become fulfillments shipped with their tracking, delivered ->
 * those marked delivered (`recordHubShipmentsStep`; paid first if the approval was never seen); canceled -> the Medusa order canceled (Medusa refunds a captured payment, and the
 * refund is given the plugin's reason) and its reservations released (an order canceled already keeps none either); canceled or delivered, it
 * asks for no stock any more (`leaveNeedsStockStep`). Reads the order first, so
 * running it twice changes nothing twice.
 */
export const applyMarketplaceStatusWorkflow = createWorkflow(
  applyMarketplaceStatusWorkflowId,
  (input: ApplyMarketplaceStatusInput) => {
    const { data: orders } = useQueryGraphStep({
      entity: "order",
      fields: [
        "id",
        "status",
        "total",
        "payment_collections.id",
        "payment_collections.status",
        "payment_collections.payments.id",
        "payment_collections.payments.captures.amount",
        "payment_collections.payments.refunds.id",
        "payment_collections.payments.refunds.amount",
        "items.id",
      ],
      filters: { id: input.orderId },
    })

    const plan = transform({ orders, input }, ({ orders, input }) => {
      const order = orders[0] as unknown as OrderPaymentState
      const collections = order.payment_collections ?? []
      const unpaid = collections.find((collection) => collection.status === "not_paid")
      const paid = collections.some((collection) => collection.status !== "not_paid" && collection.status !== "canceled")
      const canceled = order.status === "canceled"
      const cancel = input.statusType === "CANCELED" && !canceled
      // A captured payment not refunded yet: Medusa's cancel refunds it (the marketplace refunds the buyer).
      const payments = collections.flatMap((collection) => collection.payments ?? [])
      const refunded = payments
        .filter((payment) => MathBN.gt(MathBN.sub(sumOf(payment.captures), sumOf(payment.refunds)), 0))
        .map((payment) => payment.id)
      return {
        orderId: order.id,
        amount: input.payment?.amount ?? order.total,
        paymentData: input.payment?.data,
        // Shipped or delivered says paid as well, should the approval never have been seen.
        pay: input.statusType !== "CANCELED" && !paid && !canceled,
        ship: (input.statusType === "SHIPPED" || input.statusType === "DELIVERED") && !canceled,
        unpaidCollectionId: unpaid?.id,
        cancel,
        refundedPaymentIds: cancel ? refunded : [],
        // Refunds made before (the merchant's own) keep their reasons.
        earlierRefundIds: payments.flatMap((payment) => (payment.refunds ?? []).map((refund) => refund.id)),
        // Canceled already (by another path): still make sure nothing stays reserved for it.
        releaseReservations: input.statusType === "CANCELED" && canceled,
        lineItemIds: (order.items ?? []).map((item) => item.id),
      }
    })

    const createdCollections = when("create-hub-payment-collection", { plan }, ({ plan }) => plan.pay && !plan.unpaidCollectionId).then(
      () => createOrderPaymentCollectionWorkflow.runAsStep({ input: { order_id: plan.orderId, amount: plan.amount } })
    )
    const collectionId = transform({ plan, createdCollections }, ({ plan, createdCollections }) => plan.unpaidCollectionId ?? createdCollections?.[0]?.id)
    const payment = when("mark-hub-order-paid", { plan }, ({ plan }) => plan.pay).then(() =>
      markPaymentCollectionAsPaid.runAsStep({ input: { order_id: plan.orderId, payment_collection_id: collectionId as string } })
    )
    when("keep-hub-payment-details", { plan }, ({ plan }) => plan.pay && !!plan.paymentData).then(() => {
      keepHubPaymentDataStep(transform({ plan, payment }, ({ plan, payment }) => ({ paymentId: payment!.id, data: plan.paymentData! })))
    })
    when("cancel-hub-order", { plan }, ({ plan }) => plan.cancel).then(() => {
      cancelOrderWorkflow.runAsStep({ input: { order_id: plan.orderId } })
    })
    // Medusa's cancel refunds what was captured (and adds the credit line that balances the order);
    // the refund then says why, as a merchant's refund does.
    when("explain-hub-order-refund", { plan }, ({ plan }) => plan.refundedPaymentIds.length > 0).then(() => {
      const refundReasonId = ensureHubRefundReasonStep()
      explainHubRefundsStep(transform({ plan, refundReasonId }, ({ plan, refundReasonId }) => ({
        paymentIds: plan.refundedPaymentIds,
        earlierRefundIds: plan.earlierRefundIds,
        refundReasonId,
      })))
    })

    when("release-canceled-hub-order-reservations", { plan }, ({ plan }) => plan.releaseReservations && plan.lineItemIds.length > 0).then(() => {
      deleteReservationsByLineItemsWorkflow.runAsStep({ input: transform({ plan }, ({ plan }) => ({ ids: plan.lineItemIds })) })
    })

    when("record-hub-shipments", { plan }, ({ plan }) => plan.ship).then(() => {
      recordHubShipmentsStep(
        transform({ input }, ({ input }) => ({ orderId: input.orderId, hubOrderId: input.hubOrderId, account: input.account, parcels: input.parcels ?? [], delivered: input.statusType === "DELIVERED" }))
      )
    })

    // The order's story is over: it asks for no stock any more.
    when("leave-ended-hub-order-needs-stock", { input }, ({ input }) => FINAL_STATUS_TYPES.includes(input.statusType)).then(() => {
      leaveNeedsStockStep({ account: input.account, hubOrderId: input.hubOrderId })
    })
    markHubStatusAppliedStep({ account: input.account, hubOrderId: input.hubOrderId, statusType: input.statusType })
    return new WorkflowResponse(plan)
  }
)

function sumOf(amounts: { amount: BigNumberInput }[] | undefined) {
  return (amounts ?? []).reduce((total, { amount }) => MathBN.add(total, amount), MathBN.convert(0))
}
