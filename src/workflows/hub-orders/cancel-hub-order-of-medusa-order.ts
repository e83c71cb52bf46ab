import { randomUUID } from "node:crypto"
import { acquireLockStep, releaseLockStep, useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { hubOrderLockInput } from "../../modules/hub/locks"
import { moveHubOrderWorkflow } from "./move-hub-order"
import { leaveNeedsStockStep } from "./steps/leave-needs-stock"

export const cancelHubOrderOfMedusaOrderWorkflowId = "cancel-hub-order-of-medusa-order"

/**
 * A hub order canceled in Medusa (the merchant used Medusa's own Cancel) is canceled on the hub
 * too, or the marketplace keeps selling it as open. A cancel that came from the hub (the
 * marketplace's, or the card's) is known as CANCELED already and sends nothing. Returns the
 * move's ending, or null when nothing was to be sent. Canceled in Medusa, the order asks for no stock
 * any more, even when the hub refuses the cancel.
 */
export const cancelHubOrderOfMedusaOrderWorkflow = createWorkflow(cancelHubOrderOfMedusaOrderWorkflowId, (input: { orderId: string }) => {
  const { data: hubOrders } = useQueryGraphStep({
    entity: "hub_order",
    fields: ["id", "account", "code", "status_type", "applied_status_type", "import_state"],
    filters: { order_id: input.orderId },
  })
  const toCancel = transform({ hubOrders }, ({ hubOrders }) => {
    const hubOrder = hubOrders[0] as { account: string; code: string; status_type: string; applied_status_type: string | null } | undefined
    return hubOrder && hubOrder.status_type !== "CANCELED" && hubOrder.applied_status_type !== "CANCELED" ? { code: hubOrder.code, account: hubOrder.account } : null
  })
  // Canceled in Medusa, it asks for no stock, whatever the hub answers the cancel (under the order's
  // lock: a re-check of its stock under way writes first, and one after it reads the order canceled).
  const shortOfStock = transform({ hubOrders }, ({ hubOrders }) => {
    const hubOrder = hubOrders[0] as { id: string; account: string; code: string; import_state: string } | undefined
    return hubOrder?.import_state === "needs_stock" ? hubOrder : null
  })
  when("medusa-canceled-order-needs-no-stock", { shortOfStock }, ({ shortOfStock }) => shortOfStock !== null).then(() => {
    const lock = transform({ shortOfStock }, ({ shortOfStock }) => hubOrderLockInput(shortOfStock!.code, randomUUID(), shortOfStock!.account))
    acquireLockStep(lock).config({ name: "acquire-lock-needs-no-stock" })
    leaveNeedsStockStep(transform({ shortOfStock }, ({ shortOfStock }) => ({ account: shortOfStock!.account, hubOrderId: shortOfStock!.id })))
    releaseLockStep(lock).config({ name: "release-lock-needs-no-stock" })
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
