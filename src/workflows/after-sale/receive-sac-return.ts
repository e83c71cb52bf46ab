import { randomUUID } from "node:crypto"
import {
  acquireLockStep,
  beginReceiveReturnWorkflow,
  confirmReturnReceiveWorkflow,
  receiveItemReturnRequestWorkflow,
  refundPaymentWorkflow,
  releaseLockStep,
} from "@medusajs/medusa/core-flows"
import { createHook, createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { hubOrderLockInput } from "../../modules/hub/locks"
import { markSacReturnReceivedStep } from "./steps/keep-sac-instance"
import { ensureSacReturnRefundReasonStep } from "./steps/sac-refund-reason"
import { sacReturnRefundStep, sacReturnToReceiveStep } from "./steps/sac-return-to-receive"

export const receiveSacReturnWorkflowId = "receive-hub-sac-return"

/**
 * The goods of a ticket's return arrived (docs/after-sale.md): Medusa's own receipt of its return, as the
 * admin does it (beginReceiveReturnWorkflow → receiveItemReturnRequestWorkflow → confirmReturnReceiveWorkflow:
 * the stock back at the return's location), then the buyer's refund recorded as Medusa records one
 * (refundPaymentWorkflow on the order's payment, the refund reason the merchant chose when asking for the
 * return, else the plugin's return reason, hub_sac_return) for what the hub's instance refunds, read back from the hub; the refund kept on the instance. Under the hub order's lock; a return received once. Hook
 * `sacReturnReceived` ({ input, received }).
 */
export const receiveSacReturnWorkflow = createWorkflow(receiveSacReturnWorkflowId, (input: { account: string; code: string }) => {
  const peek = sacReturnToReceiveStep(input).config({ name: "hub-sac-return-to-receive-peek" })
  const lock = transform({ input, peek }, ({ input, peek }) => hubOrderLockInput(peek.orderCode, randomUUID(), input.account))
  acquireLockStep(lock)
  // Read again under the lock: another receipt of the same return may have ended meanwhile.
  const received = sacReturnToReceiveStep(input)
  const returnId = transform({ received }, ({ received }) => ({ return_id: received.returnId }))
  beginReceiveReturnWorkflow.runAsStep({ input: returnId })
  receiveItemReturnRequestWorkflow.runAsStep({ input: transform({ received }, ({ received }) => ({ return_id: received.returnId, items: received.items })) })
  confirmReturnReceiveWorkflow.runAsStep({ input: returnId })
  const refundId = when("refund-hub-sac-return", { received }, ({ received }) => received.refund !== null).then(() => {
    const pluginReasonId = ensureSacReturnRefundReasonStep()
    const refund = transform({ input, received, pluginReasonId }, ({ input, received, pluginReasonId }) => ({
      payment_id: received.refund!.paymentId,
      amount: received.refund!.amount,
      refund_reason_id: received.refundReasonId ?? pluginReasonId,
      note: `SAC ticket ${input.code}: the marketplace's refund of the return`,
    }))
    refundPaymentWorkflow.runAsStep({ input: refund })
    return sacReturnRefundStep(transform({ refund }, ({ refund }) => ({ paymentId: refund.payment_id, note: refund.note })))
  })
  markSacReturnReceivedStep(transform({ input, received, refundId }, ({ input, received, refundId }) => ({ account: input.account, instanceId: received.instanceId, hubInstance: received.hubInstance, refundId: refundId ?? null })))
  releaseLockStep(lock)
  const hook = createHook("sacReturnReceived", { input, received })
  return new WorkflowResponse(received, { hooks: [hook] })
})
