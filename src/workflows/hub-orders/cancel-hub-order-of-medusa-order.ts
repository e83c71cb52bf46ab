import { randomUUID } from "node:crypto"
import { acquireLockStep, releaseLockStep, useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { hubOrderLockInput } from "../../modules/hub/locks"
import { moveHubOrderWorkflow } from "./move-hub-order"

export const cancelHubOrderOfMedusaOrderWorkflowId = "cancel-hub-order-of-medusa-order"

/**
 * A hub order canceled in Medusa (the merchant used Medusa's own Cancel) is canceled on the hub
 * too, or the marketplace keeps selling it as open. A cancel that came from the hub (the
 * marketplace's, or the card's) is known as CANCELED already and sends nothing. Returns the
 * move's ending, or null when nothing was to be sent.
 */
export const cancelHubOrderOfMedusaOrderWorkflow = createWorkflow(cancelHubOrderOfMedusaOrderWorkflowId, (input: { orderId: string }) => {
  const { data: hubOrders } = useQueryGraphStep({
    entity: "hub_order",
    fields: ["account", "code", "status_type", "applied_status_type"],
    filters: { order_id: input.orderId },
  })
  const toCancel = transform({ hubOrders }, ({ hubOrders }) => {
    const hubOrder = hubOrders[0] as { account: string; code: string; status_type: string; applied_status_type: string | null } | undefined
    return hubOrder && hubOrder.status_type !== "CANCELED" && hubOrder.applied_status_type !== "CANCELED" ? { code: hubOrder.code, account: hubOrder.account } : null
  })
  const moved = when("cancel-on-hub-after-medusa-cancel", { toCancel }, ({ toCancel }) => toCancel !== null).then(() => {
    const lock = transform({ toCancel }, ({ toCancel }) => hubOrderLockInput(toCancel!.code, randomUUID(), toCancel!.account))
    acquireLockStep(lock)
    const move = moveHubOrderWorkflow.runAsStep({
      input: transform({ toCancel }, ({ toCancel }) => ({ code: toCancel!.code, account: toCancel!.account, move: { kind: "cancel" as const } })),
    })
    releaseLockStep(lock)
    return move
  })
  return new WorkflowResponse(transform({ moved }, ({ moved }) => moved ?? null))
})
