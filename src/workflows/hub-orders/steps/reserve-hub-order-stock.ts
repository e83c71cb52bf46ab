import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ILockingModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, Modules } from "@medusajs/framework/utils"

export type ReserveHubOrderStockInput = { orderId: string; stockLocationId: string }

type OrderItemStock = {
  id: string
  quantity: number
  variant?: {
    manage_inventory?: boolean
    inventory_items?: { inventory_item_id: string; required_quantity: number }[]
  } | null
}

/**
 * Reserves, at the hub's stock location, what each line item of the order needs and has no
 * reservation for yet (so a retry reserves only what is missing). A paid order whose stock is
 * missing is still reserved, as a backorder (docs/hub-interface.md §1 rule 6), and reported as needing stock.
 */
export const reserveHubOrderStockStep = createStep(
  "reserve-hub-order-stock",
  async ({ orderId, stockLocationId }: ReserveHubOrderStockInput, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const inventoryModule = container.resolve(Modules.INVENTORY)
    const locking = container.resolve(Modules.LOCKING)

    const {
      data: [order],
    } = await query.graph({
      entity: "order",
      fields: [
        "id",
        "items.id",
        "items.*",
        "items.variant.manage_inventory",
        "items.variant.inventory_items.inventory_item_id",
        "items.variant.inventory_items.required_quantity",
      ],
      filters: { id: orderId },
    })
    const items = (order.items ?? []) as unknown as OrderItemStock[]
    const reserved = await inventoryModule.listReservationItems({ line_item_id: items.map((item) => item.id) })
    const reservedLines = new Set(reserved.map((reservation) => reservation.line_item_id))

    const wanted = items
      .filter((item) => item.variant?.manage_inventory && !reservedLines.has(item.id))
      .flatMap((item) =>
        (item.variant!.inventory_items ?? []).map((inventoryItem) => ({
          line_item_id: item.id,
          inventory_item_id: inventoryItem.inventory_item_id,
          location_id: stockLocationId,
          quantity: MathBN.mult(inventoryItem.required_quantity, item.quantity).toNumber(),
          // Reserved even when short: the hub has sold it, the merchant restocks or cancels.
          allow_backorder: true,
        }))
      )
    const inventoryItemIds = [...new Set(wanted.map((reservation) => reservation.inventory_item_id))]
    if (!wanted.length) {
      return new StepResponse({ createdReservationIds: [] as string[] }, [] as string[])
    }

    const created = await holdingInOrder(locking, inventoryItemIds, async () => {
      const levels = await inventoryModule.listInventoryLevels({ inventory_item_id: inventoryItemIds, location_id: stockLocationId })
      const stockedItems = new Set(levels.map((level) => level.inventory_item_id))
      // No inventory level at the location: nothing can be reserved there until the merchant stocks it.
      const reservable = wanted.filter((reservation) => stockedItems.has(reservation.inventory_item_id))
      return reservable.length ? inventoryModule.createReservationItems(reservable) : []
    })
    const createdReservationIds = created.map((reservation) => reservation.id)
    return new StepResponse({ createdReservationIds }, createdReservationIds)
  },
  async (createdReservationIds, { container }) => {
    if (!createdReservationIds?.length) return
    await container.resolve(Modules.INVENTORY).deleteReservationItems(createdReservationIds)
  }
)

/** How long an import waits for an inventory item another writer holds (a hot SKU in a burst of orders). */
const INVENTORY_LOCK_WAIT_SECONDS = 30

/**
 * Runs `job` holding the inventory items' locks (the keys Medusa's own reservations take), taken one
 * at a time in id order. Not one `execute` of them all: the Redis provider takes an array's keys
 * at once, each holding its own while it waits for the others, so two orders of the same two SKUs
 * could each hold one and wait out the timeout (seen: a 1,500-order backlog over 20 SKUs).
 */
function holdingInOrder<T>(locking: ILockingModule, keys: string[], job: () => Promise<T>): Promise<T> {
  const [first, ...rest] = [...keys].sort()
  if (!first) return job()
  return locking.execute(first, () => holdingInOrder(locking, rest, job), { timeout: INVENTORY_LOCK_WAIT_SECONDS })
}
