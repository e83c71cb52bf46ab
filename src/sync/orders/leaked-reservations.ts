import type { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../../modules/hub"
import type HubModuleService from "../../modules/hub/service"
import { leakedReservations } from "../../queries/leaked-reservations"
import { releaseCanceledHubOrderWorkflow } from "../../workflows/hub-orders/release-canceled-hub-order"

/**
 * Releases the stock canceled hub orders still hold in Medusa, one `release-canceled-hub-order`
 * run per order (the stock events that follow push the freed units to the hub). Returns the codes released.
 */
export async function releaseLeakedReservations(container: MedusaContainer): Promise<string[]> {
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  const leaked = await leakedReservations(container)
  if (!leaked.length) return []
  const records = await hubModule.listHubOrders({ code: leaked.map((order) => order.code) }, { select: ["id", "code"], take: null })
  const idOf = new Map(records.map((record) => [record.code, record.id]))
  for (const order of leaked) {
    await releaseCanceledHubOrderWorkflow(container).run({ input: { code: order.code, hubOrderId: idOf.get(order.code)!, orderId: order.orderId } })
  }
  return leaked.map((order) => order.code)
}
