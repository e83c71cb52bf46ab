import { randomUUID } from "node:crypto"
import {
  acquireLockStep,
  beginExchangeOrderWorkflow,
  confirmExchangeRequestWorkflow,
  createExchangeShippingMethodWorkflow,
  orderExchangeAddNewItemWorkflow,
  orderExchangeRequestItemReturnWorkflow,
  releaseLockStep,
} from "@medusajs/medusa/core-flows"
import type { OrderWorkflow } from "@medusajs/framework/types"
import { createHook, createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { hubOrderLockInput } from "../../modules/hub/locks"
import type { SacInstanceWorkflowInput } from "./cancel-sac-order"
import { HUB_SAC_TICKET_KEY } from "./return-sac-order"
import { keepSacInstanceMedusaPartStep } from "./steps/keep-sac-instance"
import { sacInstanceContextStep } from "./steps/sac-instance-context"
import { sendSacInstanceStep } from "./steps/send-sac-instance"

export const exchangeSacOrderWorkflowId = "exchange-hub-sac-order"

export type SacExchangeWorkflowInput = SacInstanceWorkflowInput & { newItems?: Array<{ variant_id: string; quantity: number }> }

/**
 * The seller exchanges a ticket's lines (docs/after-sale.md): the hub's `EXCHANGE` instance sent once
 * (under the hub order's lock; a lost answer read back, never resent blind), then Medusa's own exchange
 * as the admin makes one (beginExchangeOrderWorkflow → orderExchangeRequestItemReturnWorkflow with the
 * ticket's lines, at the location the order left from → orderExchangeAddNewItemWorkflow with the new
 * lines, and their outbound shipping method at no charge → confirmExchangeRequestWorkflow, which reserves
 * the new lines' stock). The new lines are the
 * ones named, or the same variants at the price they were sold at. The lines taken back are received as
 * a return's are (receive-hub-sac-return). Should Medusa refuse after the hub took it, Medusa's part is
 * undone and the instance stays taken: the next try sends nothing. Hook `sacExchangeRequested` ({ input, outcome }).
 */
export const exchangeSacOrderWorkflow = createWorkflow(exchangeSacOrderWorkflowId, (input: SacExchangeWorkflowInput) => {
  const context = sacInstanceContextStep(transform({ input }, ({ input }) => ({ ...input, action: "EXCHANGE" as const })))
  const lock = transform({ input, context }, ({ input, context }) => hubOrderLockInput(context.orderCode, randomUUID(), input.account))
  acquireLockStep(lock)
  const sent = sendSacInstanceStep(transform({ input, context }, ({ input, context }) => ({ account: input.account, code: input.code, orderId: context.orderId, action: "EXCHANGE" as const, request: context.request })))
  const made = when("make-hub-sac-exchange-in-medusa", { sent }, ({ sent }) => sent.state === "sent" && !sent.exchangeId).then(() => {
    const change = beginExchangeOrderWorkflow.runAsStep({
      input: transform({ input, context }, ({ input, context }) => ({ order_id: context.orderId, description: `SAC ticket ${input.code}`, metadata: { [HUB_SAC_TICKET_KEY]: input.code } })),
    })
    const exchangeId = transform({ change }, ({ change }) => change.exchange_id as string)
    // Medusa makes the exchange's return with its first line taken back (it has none yet: no return id to give).
    orderExchangeRequestItemReturnWorkflow.runAsStep({
      input: transform({ exchangeId, context }, ({ exchangeId, context }) => ({ exchange_id: exchangeId, ...(context.locationId ? { location_id: context.locationId } : {}), items: context.lines }) as OrderWorkflow.OrderExchangeRequestItemReturnWorkflowInput),
    })
    orderExchangeAddNewItemWorkflow.runAsStep({ input: transform({ exchangeId, context }, ({ exchangeId, context }) => ({ exchange_id: exchangeId, items: context.newItems })) })
    // The new lines leave by a shipping method of their own, charged nothing (the marketplace settles the freight).
    createExchangeShippingMethodWorkflow.runAsStep({ input: transform({ exchangeId, context }, ({ exchangeId, context }) => ({ exchange_id: exchangeId, shipping_option_id: context.shippingOptionId!, custom_amount: 0 })) })
    confirmExchangeRequestWorkflow.runAsStep({ input: transform({ exchangeId }, ({ exchangeId }) => ({ exchange_id: exchangeId })) })
    keepSacInstanceMedusaPartStep(transform({ input, sent, exchangeId, context }, ({ input, sent, exchangeId, context }) => ({ account: input.account, instanceId: sent.instanceId!, exchangeId, refundReasonId: context.refundReasonId })))
    return exchangeId
  })
  releaseLockStep(lock)
  const outcome = transform({ sent, made }, ({ sent, made }) => ({ ...sent, exchangeId: sent.exchangeId ?? made ?? null }))
  const requested = createHook("sacExchangeRequested", { input, outcome })
  return new WorkflowResponse(outcome, { hooks: [requested] })
})
