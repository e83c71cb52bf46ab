import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"

/** A canceled hub order (its record, `hubOrderId`) whose Medusa order still holds reserved stock. */
export type LeakedHubOrder = { hubOrderId: string; code: string; orderId: string; reservedQuantity: number }

/** Orders read per query. */
const BATCH = 100

/**
 * Canceled orders found clean that each check reads again: at one check every 6 hours, 1,000 a check
 * goes round 100,000 canceled orders in 25 days, at a cost that does not grow with the history.
 */
export const LEAK_SWEEP = 1_000

/**
 * One account's canceled hub orders (on the hub, or applied to Medusa) whose Medusa order's line items still hold
 * reservations: stock Medusa keeps for nobody, so the available quantity the hub is told is too low.
 * Reads what can still leak (`hubOrderLeakCandidates`: new, changed, leaking, and a bounded sweep),
 * and records what it found, so the next check reads only what changed since.
 */
export async function leakedReservations(container: MedusaContainer, account: string): Promise<LeakedHubOrder[]> {
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const inventory = container.resolve(Modules.INVENTORY)
  const canceled = await hubModule.account(account).records.hubOrderLeakCandidates(LEAK_SWEEP)
  const leaked: LeakedHubOrder[] = []
  const leakingIds: string[] = []
  const cleanIds: string[] = []
  for (let start = 0; start < canceled.length; start += BATCH) {
    const batch = canceled.slice(start, start + BATCH)
    const { data: orders } = (await query.graph({ entity: "order", fields: ["id", "items.id"], filters: { id: batch.map((hubOrder) => hubOrder.order_id) } })) as {
      data: Array<{ id: string; items?: Array<{ id: string } | null> | null }>
    }
    const orderOfLine = new Map<string, string>()
    for (const order of orders) for (const item of order.items ?? []) if (item) orderOfLine.set(item.id, order.id)
    const reservations = orderOfLine.size
      ? await inventory.listReservationItems({ line_item_id: [...orderOfLine.keys()] }, { select: ["line_item_id", "quantity"] })
      : []
    const reservedByOrder = new Map<string, number>()
    for (const reservation of reservations) {
      const orderId = orderOfLine.get(reservation.line_item_id as string)
      if (orderId) reservedByOrder.set(orderId, (reservedByOrder.get(orderId) ?? 0) + Number(reservation.quantity))
    }
    for (const hubOrder of batch) {
      const reservedQuantity = reservedByOrder.get(hubOrder.order_id)
      if (reservedQuantity) {
        leaked.push({ hubOrderId: hubOrder.id, code: hubOrder.code, orderId: hubOrder.order_id, reservedQuantity })
        leakingIds.push(hubOrder.id)
      } else {
        cleanIds.push(hubOrder.id)
      }
    }
  }
  await hubModule.markHubOrderLeakChecked(cleanIds, leakingIds)
  return leaked
}
