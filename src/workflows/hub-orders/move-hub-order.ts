import { randomUUID } from "node:crypto"
import { acquireLockStep, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createHook, createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { MerchantOrderMove } from "../../hub-client"
import { trackCodeOfMove } from "../../mapping/hub-order-move"
import { HubEvents } from "../../modules/hub/events"
import { hubOrderLockInput } from "../../modules/hub/locks"
import { applyMarketplaceStatusWorkflow } from "./apply-marketplace-status"
import { claimHubOrderMoveStep } from "./steps/claim-hub-order-move"
import { startLeaseHeartbeatStep, stopLeaseHeartbeatStep } from "./steps/lease-heartbeat"
import { recordHubOrderMoveInMedusaStep } from "./steps/record-hub-order-move-in-medusa"
import { type SentMove, sendHubOrderMoveStep } from "./steps/send-hub-order-move"
import { settleHubOrderMoveStep } from "./steps/settle-hub-order-move"

/**
 * `claimKey` marks a move Medusa's own fulfillment flow asked for (`ship:<fulfillment id>`): sent
 * once ever, and not recorded in Medusa again (it came from there).
 */
export type MoveHubOrderInput = { code: string; move: MerchantOrderMove; claimKey?: string; /** The hub account the order came from. */ account: string }

/**
 * A merchant's move of a hub order (invoice, ship, deliver, shipment exception, cancel): claimed
 * once, sent after reading the hub order, and recorded however it ends. The hub decides first; a
 * move it took is then recorded in Medusa (a shipment as a shipped fulfillment, a delivery, the
 * invoice or exception on the order), where a failure is kept on the move and a new try finds
 * what was made already. A cancel the hub took also cancels the Medusa order and releases its
 * stock, the same way a marketplace cancel does.
 */
export const moveHubOrderWorkflowId = "move-hub-order"

/** Hook `hubOrderMoved` ({ moveId, code, orderId, kind, state, medusaError }) runs however the move ended. */
export const moveHubOrderWorkflow = createWorkflow(moveHubOrderWorkflowId, (input: MoveHubOrderInput) => {
  // Skipped when run inside a workflow that holds the order's lock already (the core step's rule).
  const lock = transform({ input }, ({ input }) => hubOrderLockInput(input.code, randomUUID(), input.account))
  acquireLockStep(lock)
  const claim = claimHubOrderMoveStep(input)
  // The lock renewed while the move runs (a hub answer may take minutes); the send step renews the claim.
  const heartbeat = startLeaseHeartbeatStep(lock)
  const sentNow = when("send-claimed-hub-order-move", { claim }, ({ claim }) => !claim.ended).then(() => {
    const settled = settleHubOrderMoveStep({
      move: transform({ claim, input }, ({ claim, input }) => ({
        moveId: claim.moveId,
        account: claim.account,
        hubOrderId: claim.hubOrderId,
        code: claim.code,
        kind: input.move.kind,
        trackCode: trackCodeOfMove(input.move),
        attempt: claim.attempt,
      })),
    })
    return sendHubOrderMoveStep({ claim, move: input.move, settled })
  })
  // A keyed move that had ended already answers with its outcome: nothing read, nothing sent.
  const sent = transform({ claim, sentNow }, ({ claim, sentNow }): SentMove => sentNow ?? { ...claim.ended!, alreadyOnHub: true })

  when("cancel-medusa-order-after-hub-cancel", { input, sent }, ({ input, sent }) => input.move.kind === "cancel" && sent.state === "done").then(
    () => {
      applyMarketplaceStatusWorkflow.runAsStep({
        input: transform({ input, claim }, ({ input, claim }) => ({ hubOrderId: claim.hubOrderId, orderId: claim.orderId, statusType: "CANCELED" as const, account: input.account })),
      })
    }
  )
  const recorded = when(
    "record-hub-order-move-in-medusa",
    { input, sent },
    ({ input, sent }) => sent.state === "done" && !input.claimKey && input.move.kind !== "cancel"
  ).then(() =>
    recordHubOrderMoveInMedusaStep(transform({ claim, input }, ({ claim, input }) => ({ account: claim.account, moveId: claim.moveId, orderId: claim.orderId, move: input.move })))
  )

  stopLeaseHeartbeatStep(heartbeat)
  releaseLockStep(lock)
  const outcome = transform({ claim, sent, recorded }, ({ claim, sent, recorded }) => ({
    moveId: claim.moveId,
    code: claim.code,
    ...sent,
    medusaError: recorded?.error ?? null,
  }))
  // Once per move: a keyed move that had ended already was announced when it ended.
  when("announce-hub-order-move", { claim, sent }, ({ claim, sent }) => !claim.ended && sent.state === "done").then(() => {
    emitEventStep({
      eventName: HubEvents.ORDER_MOVED,
      data: transform({ claim, input }, ({ claim, input }) => ({ id: claim.moveId, account: claim.account, code: claim.code, kind: input.move.kind, order_id: claim.orderId })),
    })
  })
  // A refusal reaches the merchant also when the move came from Medusa's own fulfillment flow, not the card.
  when("announce-refused-hub-order-move", { claim, sent }, ({ claim, sent }) => !claim.ended && sent.state === "refused").then(() => {
    emitEventStep({
      eventName: HubEvents.ORDER_MOVE_REFUSED,
      data: transform({ claim, input, sent }, ({ claim, input, sent }) => ({
        id: claim.moveId,
        account: claim.account,
        code: claim.code,
        kind: input.move.kind,
        order_id: claim.orderId,
        error: sent.error ?? null,
      })),
    }).config({ name: "emit-hub-order-move-refused" })
  })
  const hubOrderMoved = createHook(
    "hubOrderMoved",
    transform({ outcome, claim, input }, ({ outcome, claim, input }) => ({ ...outcome, orderId: claim.orderId, kind: input.move.kind }))
  )
  return new WorkflowResponse(outcome, { hooks: [hubOrderMoved] })
})
