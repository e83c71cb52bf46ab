import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, MedusaError, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../../modules/hub"
import { claimTakenOverMessage } from "../../../modules/hub/leases"
import type { HubOrderClaimToken } from "../../../modules/hub/repositories/hub-order"
import type HubModuleService from "../../../modules/hub/service"
import { ReservationTurns } from "./reservation-turns"

/** `claims`: an import's claims of its hub orders, checked under the locks before anything is reserved. */
export type ReserveHubOrdersStockInput = { orderIds: string[]; stockLocationId: string; claims?: HubOrderClaimToken[] }

/** Per Medusa order: whether it still waits for stock (see the step). */
export type NeedsStockByOrder = Record<string, boolean>

type OrderItemStock = {
  id: string
  quantity: number
  variant?: {
    manage_inventory?: boolean
    inventory_items?: { inventory_item_id: string; required_quantity: number }[]
  } | null
}

/** How long an import waits for an inventory item another writer holds (a hot SKU in a burst of orders). */
const INVENTORY_LOCK_WAIT_SECONDS = 30

/**
 * Reserves, at the hub's stock location, what each line item of the orders needs and has no
 * reservation for yet (so a retry reserves only what is missing), for all the orders in one read and
 * one write. A paid order whose stock is missing is still reserved, as a backorder
 * (docs/hub-interface.md §1 rule 6). Returns, per order, whether it still waits for stock: a managed
 * line item with no reservation (no inventory level at the location), or a reserved item whose stock
 * there does not cover what is reserved (read under the items' locks, after the reservations).
 */
export const reserveHubOrdersStockStep = createStep(
  "reserve-hub-orders-stock",
  async ({ orderIds, stockLocationId, claims }: ReserveHubOrdersStockInput, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const inventoryModule = container.resolve(Modules.INVENTORY)
    const locking = container.resolve(Modules.LOCKING)

    const { data: orders } = await query.graph({
      entity: "order",
      fields: [
        "id",
        "items.id",
        "items.*",
        "items.variant.manage_inventory",
        "items.variant.inventory_items.inventory_item_id",
        "items.variant.inventory_items.required_quantity",
      ],
      filters: { id: orderIds },
    })
    const itemsOf = new Map(orders.map((order) => [order.id, ((order.items ?? []) as unknown as OrderItemStock[]).filter((item) => item.variant?.manage_inventory)]))
    const managed = [...itemsOf.values()].flat()
    const needsStock: NeedsStockByOrder = Object.fromEntries(orderIds.map((id) => [id, false]))
    if (!managed.length) return new StepResponse({ needsStock }, { reservationIds: [], inventoryItemIds: [] } as MadeReservations)

    const reserved = await inventoryModule.listReservationItems({ line_item_id: managed.map((item) => item.id) })
    const reservedLines = new Set(reserved.map((reservation) => reservation.line_item_id))
    const wanted = managed
      .filter((item) => !reservedLines.has(item.id))
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
    const inventoryItemIds = [...new Set([...reserved.map((reservation) => reservation.inventory_item_id), ...wanted.map((reservation) => reservation.inventory_item_id)])]

    // Which items are stocked at the location, read before the locks (a level removed meanwhile fails
    // the reservation, and the import is tried again; one added meanwhile waits for the restock check).
    const before = await inventoryModule.listInventoryLevels({ inventory_item_id: inventoryItemIds, location_id: stockLocationId })
    const stockedItems = new Set(before.map((level) => level.inventory_item_id))
    // No inventory level at the location: nothing can be reserved there until the merchant stocks it.
    const reservable = wanted.filter((reservation) => stockedItems.has(reservation.inventory_item_id))
    const turns = reservationTurns(container)
    // Medusa's own reservations lock the inventory item's id: the same key keeps the level's count true.
    const { created, levels } = !reservable.length
      ? { created: [], levels: before }
      : await turns.holdingInventoryItems(locking, reservable.map((reservation) => reservation.inventory_item_id), INVENTORY_LOCK_WAIT_SECONDS, async () => {
          if (claims?.length) await checkClaimsHeld(container, claims, orderIds)
          // Read again under the locks: a taker reserves only what a first holder that lost its claim
          // after reserving has not (the reads above may predate that holder's turn).
          const already = await inventoryModule.listReservationItems({ line_item_id: reservable.map((reservation) => reservation.line_item_id!) })
          for (const reservation of already) reservedLines.add(reservation.line_item_id!)
          const missing = reservable.filter((reservation) => !reservedLines.has(reservation.line_item_id))
          const created = missing.length ? await inventoryModule.createReservationItems(missing) : []
          return { created, levels: await inventoryModule.listInventoryLevels({ inventory_item_id: inventoryItemIds, location_id: stockLocationId }) }
        })
    for (const reservation of created) reservedLines.add(reservation.line_item_id!)
    const short = new Set(levels.filter((level) => MathBN.lt(level.stocked_quantity, level.reserved_quantity)).map((level) => level.inventory_item_id))
    for (const [orderId, items] of itemsOf) {
      needsStock[orderId] = items.some(
        (item) => !reservedLines.has(item.id) || (item.variant!.inventory_items ?? []).some((inventoryItem) => short.has(inventoryItem.inventory_item_id))
      )
    }
    const made: MadeReservations = { reservationIds: created.map((reservation) => reservation.id), inventoryItemIds, claims }
    return new StepResponse({ needsStock }, made)
  },
  async (made, { container }) => {
    if (!made?.reservationIds.length) return
    const inventoryModule = container.resolve(Modules.INVENTORY)
    // Under the locks a taker's reservation reads them: once a claim of this import is lost, a taker may
    // have counted these reservations as its own (it reserves only what is missing), so they stay; the
    // orders they hold stay too (steps/create-hub-orders.ts), for the taker or the next try.
    await reservationTurns(container).holdingInventoryItems(container.resolve(Modules.LOCKING), made.inventoryItemIds, INVENTORY_LOCK_WAIT_SECONDS, async () => {
      if (made.claims?.length && (await container.resolve<HubModuleService>(HUB_MODULE).lostHubOrderClaims(made.claims)).length) return
      await inventoryModule.deleteReservationItems(made.reservationIds)
    })
  }
)

/** This process's reservation turns (one per application: steps/reservation-turns.ts). */
const reservationTurns = (container: MedusaContainer) => container.resolve<HubModuleService>(HUB_MODULE).processPart("reservation-turns", () => new ReservationTurns())

/** What a reservation step made, for its compensation: the reservations, the items they lock, the claims that fence them. */
type MadeReservations = { reservationIds: string[]; inventoryItemIds: string[]; claims?: HubOrderClaimToken[] }

/**
 * The import's fence, checked under the reservation lock (which every import's reservation takes):
 * its claims still its own, and its Medusa orders still there (a first holder that lost its claim
 * may have removed one it made, which the taker had found: this try fails, and the next creates it).
 */
async function checkClaimsHeld(container: MedusaContainer, claims: HubOrderClaimToken[], orderIds: string[]) {
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  const lost = await hubModule.lostHubOrderClaims(claims)
  if (lost.length) throw new MedusaError(MedusaError.Types.CONFLICT, claimTakenOverMessage(`The import claim of ${lost.join(", ")}`))
  const present = await container.resolve(Modules.ORDER).listOrders({ id: orderIds }, { select: ["id"], take: null })
  if (present.length < new Set(orderIds).size) throw new MedusaError(MedusaError.Types.CONFLICT, "A Medusa order of this import was removed meanwhile: the next try creates it")
}
