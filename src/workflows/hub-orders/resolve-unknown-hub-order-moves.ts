import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { MERCHANT_MOVE_TARGET, MerchantOrderMoveKind } from "../../hub-client"
import { hubStatusTypeOf } from "../../mapping/hub-status"
import { HUB_MODULE } from "../../modules/hub"
import HubModuleService from "../../modules/hub/service"
import { applyMarketplaceStatusWorkflow } from "./apply-marketplace-status"

export type UnknownMovesSummary = { landed: number; notLanded: number; unread: number }

/**
 * Settles the moves whose answer was lost, by reading their hub orders: one that landed is done
 * (a cancel also cancels the Medusa order), one that did not is failed, for the merchant to send
 * again. Nothing is ever sent from here. A move a merchant retries meanwhile is left to that retry.
 */
export async function resolveUnknownHubOrderMoves(container: MedusaContainer): Promise<UnknownMovesSummary> {
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  const summary: UnknownMovesSummary = { landed: 0, notLanded: 0, unread: 0 }
  const moves = await hubModule.listHubOrderMoves({ state: "unknown" }, { order: { updated_at: "ASC" }, take: 100 })
  if (!moves.length) return summary

  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const catalogue = await hubModule.storedStatusCatalogue()
  for (const move of moves) {
    let hubOrder
    try {
      hubOrder = await hubModule.client.getOrder(move.code)
    } catch (error) {
      // Still unknown: the next run reads it again.
      summary.unread++
      logger.warn(`hub: the ${move.kind} of order ${move.code} is still of unknown outcome: ${(error as Error).message}`)
      continue
    }
    const type = hubStatusTypeOf(hubOrder.status, catalogue)
    const landed = type === MERCHANT_MOVE_TARGET[move.kind as MerchantOrderMoveKind]
    const changed = await hubModule.finishHubOrderMove(
      move.id,
      landed
        ? { state: "done", hubStatusCode: hubOrder.status.code }
        : { state: "failed", hubStatusCode: hubOrder.status.code, error: `Not taken by the hub (the order is ${hubOrder.status.code}): send it again` },
      landed && type ? { hubOrderId: move.hub_order_id, code: hubOrder.status.code, type } : null,
      { fromState: "unknown" }
    )
    if (!changed) continue
    if (landed) summary.landed++
    else summary.notLanded++
    if (landed && move.kind === "cancel") {
      const record = await hubModule.retrieveHubOrder(move.hub_order_id)
      if (record.order_id) {
        await applyMarketplaceStatusWorkflow(container).run({
          input: { hubOrderId: record.id, orderId: record.order_id, statusType: "CANCELED" },
        })
      }
    }
  }
  logger.info(`hub: moves of unknown outcome settled: ${summary.landed} landed, ${summary.notLanded} did not, ${summary.unread} unread`)
  return summary
}
