import { randomUUID } from "node:crypto"
import { acquireLockStep, beginReturnOrderWorkflow, confirmReturnRequestWorkflow, releaseLockStep, requestItemReturnWorkflow } from "@medusajs/medusa/core-flows"
import { createHook, createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { hubOrderLockInput } from "../../modules/hub/locks"
import type { SacInstanceWorkflowInput } from "./cancel-sac-order"
import { keepSacInstanceMedusaPartStep } from "./steps/keep-sac-instance"
import { sacInstanceContextStep } from "./steps/sac-instance-context"
import { sendSacInstanceStep } from "./steps/send-sac-instance"

export const returnSacOrderWorkflowId = "return-hub-sac-order"

/** Kept on Medusa's return: the ticket it was made for. */
export const HUB_SAC_TICKET_KEY = "hub_sac_ticket"

/**
 * The seller takes back a ticket's lines (docs/after-sale.md): the hub's `RETURN` instance sent once
 * (under the hub order's lock; a lost answer read back, never resent blind), then Medusa's own return
 * requested with the ticket's lines, as the admin does it (beginReturnOrderWorkflow →
 * requestItemReturnWorkflow → confirmReturnRequestWorkflow), to come back at the location the order left
 * from. Should Medusa refuse after the hub took it, Medusa's part is undone with the workflow and the
 * instance stays taken: the next try sends nothing and requests the return again. The goods are received
 * by receive-hub-sac-return. Hook `sacReturnRequested` ({ input, outcome }).
 */
export const returnSacOrderWorkflow = createWorkflow(returnSacOrderWorkflowId, (input: SacInstanceWorkflowInput) => {
  const context = sacInstanceContextStep(transform({ input }, ({ input }) => ({ ...input, action: "RETURN" as const })))
  const lock = transform({ input, context }, ({ input, context }) => hubOrderLockInput(context.orderCode, randomUUID(), input.account))
  acquireLockStep(lock)
  const sent = sendSacInstanceStep(transform({ input, context }, ({ input, context }) => ({ account: input.account, code: input.code, orderId: context.orderId, action: "RETURN" as const, request: context.request })))
  const requested = when("request-hub-sac-return-in-medusa", { sent }, ({ sent }) => sent.state === "sent" && !sent.returnId).then(() => {
    const change = beginReturnOrderWorkflow.runAsStep({
      input: transform({ input, context }, ({ input, context }) => ({
        order_id: context.orderId,
        ...(context.locationId ? { location_id: context.locationId } : {}),
        description: `SAC ticket ${input.code}`,
        metadata: { [HUB_SAC_TICKET_KEY]: input.code },
      })),
    })
    const returnId = transform({ change }, ({ change }) => change.return_id as string)
    requestItemReturnWorkflow.runAsStep({ input: transform({ returnId, context }, ({ returnId, context }) => ({ return_id: returnId, items: context.lines })) })
    confirmReturnRequestWorkflow.runAsStep({ input: transform({ returnId }, ({ returnId }) => ({ return_id: returnId })) })
    keepSacInstanceMedusaPartStep(transform({ input, sent, returnId, context }, ({ input, sent, returnId, context }) => ({ account: input.account, instanceId: sent.instanceId!, returnId, refundReasonId: context.refundReasonId })))
    return returnId
  })
  releaseLockStep(lock)
  const outcome = transform({ sent, requested }, ({ sent, requested }) => ({ ...sent, returnId: sent.returnId ?? requested ?? null }))
  const returned = createHook("sacReturnRequested", { input, outcome })
  return new WorkflowResponse(outcome, { hooks: [returned] })
})
