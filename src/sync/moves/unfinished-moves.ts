import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MerchantOrderMove } from "../../hub-client"
import { maskPersonalData } from "../../mapping/personal-data"
import { HUB_MODULE } from "../../modules/hub"
import { accountInLog } from "../../modules/hub/accounts"
import type { HubAccount } from "../../modules/hub/hub-account"
import type HubModuleService from "../../modules/hub/service"
import { recordHubOrderMoveAgainWorkflow } from "../../workflows/hub-orders/record-hub-order-move-again"
import { sendFulfillmentToHubWorkflow } from "../../workflows/hub-orders/send-fulfillment-to-hub"

export type UnfinishedMovesSummary = { recorded: number; resent: number; stillUnfinished: number }

/** How long a move's unfinished part is tried again: after that it stays on the card for the merchant. */
const RECORD_TRIES_FOR_MS = 24 * 60 * 60_000

/** Moves taken up per run, oldest first (each may cost an order GET of the hub's 1/s budget). */
const MOVES_PER_RUN = 50

/**
 * Finishes what one hub account's moves left undone, each by its one workflow: a move the hub took whose recording
 * in Medusa failed, or was cut short, is recorded again (nothing sent); a shipment or delivery from Medusa's own admin
 * that surely did not reach the hub (unreachable, rate limited), or whose process died while sending
 * it, is tried again through its
 * fulfillment's claim, which reads the hub order before sending.
 */
export async function finishUnfinishedHubOrderMoves(container: MedusaContainer, { id: account }: HubAccount): Promise<UnfinishedMovesSummary> {
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const summary: UnfinishedMovesSummary = { recorded: 0, resent: 0, stillUnfinished: 0 }

  const { moves } = hubModule.account(account).records
  // A day of tries: one Medusa keeps refusing (the order canceled meanwhile) stays on the card, not in every run.
  const since = new Date(Date.now() - RECORD_TRIES_FOR_MS)
  const unrecorded = await moves.unrecorded(since, MOVES_PER_RUN)
  if (unrecorded.length) {
    const orderIdOf = await hubModule.account(account).records.orders.orderIdsOf(unrecorded.map((move) => move.hub_order_id))
    for (const move of unrecorded) {
      const orderId = orderIdOf.get(move.hub_order_id)
      if (!orderId) continue
      const { result } = await recordHubOrderMoveAgainWorkflow(container).run({
        input: { moveId: move.id, code: move.code, account, orderId, move: move.request as MerchantOrderMove },
      })
      summary[result.error ? "stillUnfinished" : "recorded"]++
    }
  }

  // Surely not sent, or claimed by a process that died (its lease ran out) before it ended.
  const failed = await moves.unsent(since, MOVES_PER_RUN)
  for (const move of failed) {
    const [kind, fulfillmentId] = (move.claim_key as string).split(":") as ["ship" | "deliver", string]
    const { result, errors } = await sendFulfillmentToHubWorkflow(container).run({ input: { fulfillmentId, kind }, throwOnError: false })
    const ended = result?.move?.state === "done" || result?.move?.state === "refused"
    summary[ended ? "resent" : "stillUnfinished"]++
    if (!ended) logger.warn(`${accountInLog(account)} the ${kind} of fulfillment ${fulfillmentId} is still not on the hub: ${maskPersonalData(String(errors?.[0]?.error?.message ?? result?.move?.error ?? result?.notice))}`)
  }
  if (unrecorded.length || failed.length) {
    logger.info(`${accountInLog(account)} unfinished moves: ${summary.recorded} recorded in Medusa, ${summary.resent} sent from Medusa's fulfillments, ${summary.stillUnfinished} still unfinished`)
  }
  return summary
}
