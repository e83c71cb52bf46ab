import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CreateOrderDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../../modules/hub"
import { HUB_RESERVATION_LOCK, HUB_RESERVATION_LOCK_TTL_SECONDS } from "../../../modules/hub/locks"
import type HubModuleService from "../../../modules/hub/service"

/**
 * Medusa's `createOrdersStep`, with a compensation that leaves an order another import has taken
 * up: a run that lost its claim undoes its orders, but a taker may have found one by its id
 * and reserved for it or recorded it. Decided under the reservation lock, which that taker's
 * reservation and this check both take, so an order is either kept (reserved or recorded) or
 * removed before the taker reserves (its fence then finds it gone and fails; the next try creates it).
 */
export const createHubOrdersStep = createStep(
  "create-hub-orders",
  async (orders: CreateOrderDTO[], { container }) => {
    const created = await container.resolve(Modules.ORDER).createOrders(orders)
    return new StepResponse(created, created.map((order) => order.id))
  },
  async (createdIds, { container }) => {
    if (!createdIds?.length) return
    const locking = container.resolve(Modules.LOCKING)
    await locking.execute(
      HUB_RESERVATION_LOCK,
      async () => {
        const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "order", fields: ["id", "items.id"], filters: { id: createdIds } })
        const orders = data as Array<{ id: string; items?: Array<{ id: string }> | null }>
        const lineOrder = new Map<string, string>(orders.flatMap((order) => (order.items ?? []).map((item) => [item.id, order.id] as [string, string])))
        const reserved = lineOrder.size ? await container.resolve(Modules.INVENTORY).listReservationItems({ line_item_id: [...lineOrder.keys()] }) : []
        const recorded = await container.resolve<HubModuleService>(HUB_MODULE).hubOrdersOfOrders(createdIds)
        const takenUp = new Set([...reserved.map((reservation) => lineOrder.get(reservation.line_item_id!)), ...recorded.map((record) => record.order_id)])
        const orphans = createdIds.filter((id) => !takenUp.has(id))
        if (orphans.length) await container.resolve(Modules.ORDER).deleteOrders(orphans)
      },
      { timeout: 30, expire: HUB_RESERVATION_LOCK_TTL_SECONDS }
    )
  }
)
