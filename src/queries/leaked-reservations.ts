import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"

/** A canceled hub order whose Medusa order still holds reserved stock. */
export type LeakedHubOrder = { code: string; orderId: string; reservedQuantity: number }

/** Orders read per query. */
const BATCH = 100

/**
 * Canceled hub orders (on the hub, or applied to Medusa) whose Medusa order's line items still hold
 * reservations: stock Medusa keeps for nobody, so the available quantity the hub is told is too low.
 */
export async function leakedReservations(container: MedusaContainer): Promise<LeakedHubOrder[]> {
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const inventory = container.resolve(Modules.INVENTORY)
  const canceled = await hubModule.listHubOrders(
    { $or: [{ status_type: "CANCELED" }, { applied_status_type: "CANCELED" }], order_id: { $ne: null } },
    { select: ["code", "order_id"], take: null }
  )
  const leaked: LeakedHubOrder[] = []
  for (let start = 0; start < canceled.length; start += BATCH) {
    const batch = canceled.slice(start, start + BATCH)
    const { data: orders } = (await query.graph({ entity: "order", fields: ["id", "items.id"], filters: { id: batch.map((hubOrder) => hubOrder.order_id!) } })) as {
      data: Array<{ id: string; items?: Array<{ id: string } | null> | null }>
    }
    const orderOfLine = new Map<string, string>()
    for (const order of orders) for (const item of order.items ?? []) if (item) orderOfLine.set(item.id, order.id)
    if (!orderOfLine.size) continue
    const reservations = await inventory.listReservationItems({ line_item_id: [...orderOfLine.keys()] }, { select: ["line_item_id", "quantity"] })
    const reservedByOrder = new Map<string, number>()
    for (const reservation of reservations) {
      const orderId = orderOfLine.get(reservation.line_item_id as string)
      if (orderId) reservedByOrder.set(orderId, (reservedByOrder.get(orderId) ?? 0) + Number(reservation.quantity))
    }
    for (const hubOrder of batch) {
      const reservedQuantity = reservedByOrder.get(hubOrder.order_id!)
      if (reservedQuantity) leaked.push({ code: hubOrder.code, orderId: hubOrder.order_id!, reservedQuantity })
    }
  }
  return leaked
}
