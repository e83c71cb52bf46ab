import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, MedusaError, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../../modules/hub"
import { claimTakenOverMessage } from "../../../modules/hub/leases"
import type { HubOrderClaimToken } from "../../../modules/hub/types"
import { DEFAULT_WAREHOUSE_CODE } from "../../../modules/hub/options"
import type HubModuleService from "../../../modules/hub/service"
import { ReservationTurns } from "./reservation-turns"

/**
 * `claims`: an import's claims of its hub orders, checked under the locks before anything is reserved.
 * `account`: whose `warehouses` say where a line the marketplace sends from a warehouse reserves.
 */
export type ReserveHubOrdersStockInput = { orderIds: string[]; stockLocationId: string; account: string; claims?: HubOrderClaimToken[] }

/** Per Medusa order: whether it still waits for stock (see the step). */
export type NeedsStockByOrder = Record<string, boolean>

/** Per Medusa order: the warehouse codes its lines name that no location is mapped to (reserved at the default location). */
export type UnmappedWarehousesByOrder = Record<string, string[]>

type OrderItemStock = {
  id: string
  quantity: number
  metadata?: { hub_remote_store_id?: unknown } | null
  variant?: {
    manage_inventory?: boolean
    inventory_items?: { inventory_item_id: string; required_quantity: number }[]
  } | null
}

/** Medusa order statuses whose order asks for no stock: its story is over. */
const ENDED_ORDER_STATUSES = ["canceled", "archived", "completed"]

/** How long an import waits for an inventory item another writer holds (a hot SKU in a burst of orders). */
const INVENTORY_LOCK_WAIT_SECONDS = 30

/**
 * Reserves, at the location of the warehouse the marketplace sends the line from (`hub_remote_store_id`,
 * mapped by option `warehouses`; docs/catalogue.md *Warehouses*), else at the hub's stock location, what each line item of the orders needs and has no
 * reservation for yet (so a retry reserves only what is missing), for all the orders in one read and
 * one write; nothing for an order canceled (or archived, completed). A paid order whose stock is
 * missing is still reserved, as a backorder (docs/hub-interface.md §1 rule 6). Returns, per order, whether it still waits for stock: a managed
 * line item with no reservation (no inventory level at the location), or a reserved item whose stock
 * there does not cover what is reserved (read under the items' locks, after the reservations).
 */
export const reserveHubOrdersStockStep = createStep(
  "reserve-hub-orders-stock",
  async ({ orderIds, stockLocationId, account, claims }: ReserveHubOrdersStockInput, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const inventoryModule = container.resolve(Modules.INVENTORY)
    const locking = container.resolve(Modules.LOCKING)

    const { data: orders } = await query.graph({
      entity: "order",
      fields: [
        "id",
        "status",
        "items.id",
        "items.*",
        "items.metadata",
        "items.variant.manage_inventory",
        "items.variant.inventory_items.inventory_item_id",
        "items.variant.inventory_items.required_quantity",
      ],
      filters: { id: orderIds },
    })
    // A canceled order (a cancel that came in while the order's stock was re-checked) asks for none.
    const open = orders.filter((order) => !ENDED_ORDER_STATUSES.includes(order.status as string))
    const itemsOf = new Map(open.map((order) => [order.id, ((order.items ?? []) as unknown as OrderItemStock[]).filter((item) => item.variant?.manage_inventory)]))
    const managed = [...itemsOf.values()].flat()
    const needsStock: NeedsStockByOrder = Object.fromEntries(orderIds.map((id) => [id, false]))
    // Read as the order reserves: a mapping saved a moment ago applies to this order.
    const { warehouses } = await container.resolve<HubModuleService>(HUB_MODULE).account(account).records.settings.warehouses()
    const { locationOf, unmapped } = lineLocations(itemsOf, warehouses, stockLocationId)
    if (!managed.length) return new StepResponse({ needsStock, unmapped }, { reservationIds: [], inventoryItemIds: [] } as MadeReservations)

    const reserved = await inventoryModule.listReservationItems({ line_item_id: managed.map((item) => item.id) })
    const reservedLines = new Set(reserved.map((reservation) => reservation.line_item_id))
    // A line reserved before (a retry, a recheck) counts where it is reserved.
    const reservedAt = new Map(reserved.map((reservation) => [reservation.line_item_id as string, reservation.location_id]))
    const wanted = managed
      .filter((item) => !reservedLines.has(item.id))
      .flatMap((item) =>
        (item.variant!.inventory_items ?? []).map((inventoryItem) => ({
          line_item_id: item.id,
          inventory_item_id: inventoryItem.inventory_item_id,
          location_id: locationOf.get(item.id)!,
          quantity: MathBN.mult(inventoryItem.required_quantity, item.quantity).toNumber(),
          // Reserved even when short: the hub has sold it, the merchant restocks or cancels.
          allow_backorder: true,
        }))
      )
    for (const [line, location] of reservedAt) locationOf.set(line, location)
    const inventoryItemIds = [...new Set([...reserved.map((reservation) => reservation.inventory_item_id), ...wanted.map((reservation) => reservation.inventory_item_id)])]

    // Which items are stocked at the location, read before the locks (a level removed meanwhile fails
    // the reservation, and the import is tried again; one added meanwhile waits for the restock check).
    const locationIds = [...new Set(locationOf.values())]
    const before = await inventoryModule.listInventoryLevels({ inventory_item_id: inventoryItemIds, location_id: locationIds })
    const stockedItems = new Set(before.map((level) => `${level.inventory_item_id}:${level.location_id}`))
    // No inventory level at the location: nothing can be reserved there until the merchant stocks it.
    const reservable = wanted.filter((reservation) => stockedItems.has(`${reservation.inventory_item_id}:${reservation.location_id}`))
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
          return { created, levels: await inventoryModule.listInventoryLevels({ inventory_item_id: inventoryItemIds, location_id: locationIds }) }
        })
    for (const reservation of created) reservedLines.add(reservation.line_item_id!)
    const short = new Set(levels.filter((level) => MathBN.lt(level.stocked_quantity, level.reserved_quantity)).map((level) => `${level.inventory_item_id}:${level.location_id}`))
    for (const [orderId, items] of itemsOf) {
      needsStock[orderId] = items.some(
        (item) =>
          !reservedLines.has(item.id) ||
          (item.variant!.inventory_items ?? []).some((inventoryItem) => short.has(`${inventoryItem.inventory_item_id}:${reservedAt.get(item.id) ?? locationOf.get(item.id)}`))
      )
    }
    const made: MadeReservations = { reservationIds: created.map((reservation) => reservation.id), inventoryItemIds, claims }
    return new StepResponse({ needsStock, unmapped }, made)
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

/**
 * Where each managed line reserves: at the location mapped to the warehouse the marketplace names on it
 * (`hub_remote_store_id`, the hub's `items[].remote_store_id`), else at `stockLocationId` (the default
 * warehouse's, and a line naming none, or `98`). The codes no location is mapped to, per order, for the
 * merchant's notice: the line is reserved at the default location meanwhile.
 */
function lineLocations(itemsOf: Map<string, OrderItemStock[]>, warehouses: Array<{ code: string; stockLocationId: string }>, stockLocationId: string) {
  const mapped = new Map(warehouses.map((warehouse) => [warehouse.code, warehouse.stockLocationId]))
  const locationOf = new Map<string, string>()
  const unmapped: UnmappedWarehousesByOrder = {}
  for (const [orderId, items] of itemsOf) {
    for (const item of items) {
      const named = item.metadata?.hub_remote_store_id
      const code = typeof named === "string" && named.trim() ? named.trim() : null
      locationOf.set(item.id, (code && mapped.get(code)) || stockLocationId)
      if (code && code !== DEFAULT_WAREHOUSE_CODE && !mapped.has(code)) unmapped[orderId] = [...new Set([...(unmapped[orderId] ?? []), code])]
    }
  }
  return { locationOf, unmapped }
}
