import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../modules/hub"
import HubModuleService from "../../modules/hub/service"
import { moveHubOrderWorkflow } from "./move-hub-order"

/**
 * A hub order canceled in Medusa (the merchant used Medusa's own Cancel) is canceled on the hub
 * too, or the marketplace keeps selling it as open. A cancel that came from the hub (the
 * marketplace's, or the card's) is known as CANCELED already and sends nothing.
 */
export async function cancelHubOrderOfMedusaOrder(container: MedusaContainer, orderId: string): Promise<void> {
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  const [hubOrder] = await hubModule.listHubOrders({ order_id: orderId }, { take: 1 })
  if (!hubOrder || hubOrder.status_type === "CANCELED" || hubOrder.applied_status_type === "CANCELED") return

  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const { result } = await moveHubOrderWorkflow(container).run({ input: { code: hubOrder.code, move: { kind: "cancel" } } })
    if (result.state === "done") {
      logger.info(`hub: order ${hubOrder.code} canceled on the hub after its cancel in Medusa`)
    } else {
      logger.warn(`hub: order ${hubOrder.code} was canceled in Medusa but not on the hub (${result.state}): ${result.error}; see the order's hub card`)
    }
  } catch (error) {
    logger.warn(`hub: order ${hubOrder.code} was canceled in Medusa but not on the hub: ${(error as Error).message}`)
  }
}
