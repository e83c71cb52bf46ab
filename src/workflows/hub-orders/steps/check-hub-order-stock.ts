import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys, MathBN, Modules } from "@medusajs/framework/utils"

/**
 * Whether the order still waits for stock: a managed line item with no reservation, or a
 * reservation at a location whose stock does not cover what is reserved there.
 */
export const checkHubOrderStockStep = createStep(
  "check-hub-order-stock",
  async ({ orderId, stockLocationId }: { orderId: string; stockLocationId: string }, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const inventoryModule = container.resolve(Modules.INVENTORY)
    const {
      data: [order],
    } = await query.graph({
      entity: "order",
      fields: ["id", "items.id", "items.variant.manage_inventory"],
      filters: { id: orderId },
    })
    const items = (order.items ?? []) as { id: string; variant?: { manage_inventory?: boolean } | null }[]
    const managedLines = items.filter((item) => item.variant?.manage_inventory).map((item) => item.id)
    if (!managedLines.length) return new StepResponse(false)

    const reservations = await inventoryModule.listReservationItems({ line_item_id: managedLines })
    const reservedLines = new Set(reservations.map((reservation) => reservation.line_item_id))
    if (managedLines.some((line) => !reservedLines.has(line))) return new StepResponse(true)

    const levels = await inventoryModule.listInventoryLevels({
      inventory_item_id: [...new Set(reservations.map((reservation) => reservation.inventory_item_id))],
      location_id: stockLocationId,
    })
    return new StepResponse(levels.some((level) => MathBN.lt(level.stocked_quantity, level.reserved_quantity)))
  }
)
