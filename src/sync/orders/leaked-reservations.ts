import type { MedusaContainer } from "@medusajs/framework/types"
import type { HubAccount } from "../../modules/hub/hub-account"
import { leakedReservations } from "../../queries/leaked-reservations"
import { releaseCanceledHubOrderWorkflow } from "../../workflows/hub-orders/release-canceled-hub-order"

/**
 * Releases the stock one account's canceled hub orders still hold in Medusa, one
 * `release-canceled-hub-order` run per order (the stock events that follow push the freed units to
 * the hub). Returns the codes released.
 */
export async function releaseLeakedReservations(container: MedusaContainer, { id: account }: HubAccount): Promise<string[]> {
  const leaked = await leakedReservations(container, account)
  for (const order of leaked) {
    await releaseCanceledHubOrderWorkflow(container).run({ input: { code: order.code, hubOrderId: order.hubOrderId, orderId: order.orderId, account } })
  }
  return leaked.map((order) => order.code)
}
