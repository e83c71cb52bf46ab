import { randomUUID } from "node:crypto"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createHook, createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { hubOrderLockInput } from "../../modules/hub/locks"
import { applyMarketplaceStatusWorkflow } from "../hub-orders/apply-marketplace-status"
import { sacInstanceContextStep } from "./steps/sac-instance-context"
import { sendSacInstanceStep } from "./steps/send-sac-instance"

/** The merchant acts on a ticket of an account; a note for the marketplace when given; a return's or exchange's refund reason (Medusa's). */
/** `returnInvoice`: the return NF-e of goods coming back (a return or an exchange), its key and date as read (src/mapping/return-nfe.ts). */
export type SacInstanceWorkflowInput = { account: string; code: string; note?: string; refundReasonId?: string; returnInvoice?: { key: string; issue_date?: string } }

export const cancelSacOrderWorkflowId = "cancel-hub-sac-order"

/**
 * The seller cancels a ticket's order (docs/after-sale.md): the hub's `CANCEL` instance sent once (under
 * the hub order's lock; a lost answer read back, never resent blind), then Medusa's own cancellation as
 * the marketplace's is followed (apply-hub-marketplace-status: Medusa's cancelOrderWorkflow releases the
 * stock and refunds what was captured, the refund given the plugin's reason). That workflow records the
 * hub order's cancel as applied before Medusa's order.canceled is delivered, so no cancel move is sent back
 * (cancel-hub-order-of-medusa-order). A refused instance changes nothing in Medusa and ends `refused` in
 * the hub's words. Hook `sacOrderCanceled` ({ input, outcome }).
 */
export const cancelSacOrderWorkflow = createWorkflow(cancelSacOrderWorkflowId, (input: SacInstanceWorkflowInput) => {
  const context = sacInstanceContextStep(transform({ input }, ({ input }) => ({ ...input, action: "CANCEL" as const })))
  const lock = transform({ input, context }, ({ input, context }) => hubOrderLockInput(context.orderCode, randomUUID(), input.account))
  acquireLockStep(lock)
  const outcome = sendSacInstanceStep(transform({ input, context }, ({ input, context }) => ({ account: input.account, code: input.code, orderId: context.orderId, action: "CANCEL" as const, request: context.request })))
  when("cancel-hub-sac-order-in-medusa", { outcome }, ({ outcome }) => outcome.state === "sent").then(() => {
    applyMarketplaceStatusWorkflow.runAsStep({
      input: transform({ input, context }, ({ input, context }) => ({ hubOrderId: context.hubOrderId, orderId: context.orderId, statusType: "CANCELED" as const, account: input.account })),
    })
  })
  releaseLockStep(lock)
  const canceled = createHook("sacOrderCanceled", { input, outcome })
  return new WorkflowResponse(outcome, { hooks: [canceled] })
})
