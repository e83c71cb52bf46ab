import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MerchantOrderMove, MerchantOrderMoveKind } from "../../hub-client"
import { trackCodeOfMove } from "../../mapping/hub-order-move"
import { maskPersonalData } from "../../mapping/personal-data"
import { HUB_MODULE } from "../../modules/hub"
import { accountInLog } from "../../modules/hub/accounts"
import type { HubAccount } from "../../modules/hub/hub-account"
import type HubModuleService from "../../modules/hub/service"
import { settleHubOrderMoveWorkflow } from "../../workflows/hub-orders/settle-hub-order-move"

export type UnknownMovesSummary = { landed: number; notLanded: number; unread: number }

/** Moves settled per run, oldest first: the order GETs share the hub's 1/s budget with the import. */
const MOVES_PER_RUN = 100

/**
 * Settles one hub account's merchant moves whose answer was lost, one `settle-hub-order-move` run
 * each, by reading their hub orders. A move a merchant retries meanwhile is left to that retry.
 */
export async function settleUnknownHubOrderMoves(container: MedusaContainer, { id: account }: HubAccount): Promise<UnknownMovesSummary> {
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  const summary: UnknownMovesSummary = { landed: 0, notLanded: 0, unread: 0 }
  const moves = await hubModule.account(account).records.moves.unknown(MOVES_PER_RUN)
  if (!moves.length) return summary

  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const orderIdOf = await hubModule.account(account).records.orders.orderIdsOf(moves.map((move) => move.hub_order_id))
  for (const move of moves) {
    const { result } = await settleHubOrderMoveWorkflow(container).run({
      input: {
        moveId: move.id,
        account,
        hubOrderId: move.hub_order_id,
        code: move.code,
        kind: move.kind as MerchantOrderMoveKind,
        trackCode: trackCodeOfMove(move.request),
        orderId: orderIdOf.get(move.hub_order_id) ?? null,
        request: move.claim_key ? null : (move.request as MerchantOrderMove),
      },
    })
    if (result.state === "unread") {
      // Still unknown: the next run reads it again.
      summary.unread++
      logger.warn(`${accountInLog(account)} the ${move.kind} of order ${move.code} is still of unknown outcome: ${maskPersonalData(String(result.error))}`)
    } else if (result.changed) {
      summary[result.state === "landed" ? "landed" : "notLanded"]++
    }
  }
  logger.info(`${accountInLog(account)} moves of unknown outcome settled: ${summary.landed} landed, ${summary.notLanded} did not, ${summary.unread} unread`)
  return summary
}
