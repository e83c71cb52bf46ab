import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, Modules } from "@medusajs/framework/utils"
import type { HubAccountOptions } from "../modules/hub/accounts"
import { hubStockLocations } from "./hub-stock-locations"

/** A line of a hub order short of stock: how many of its units the location cannot cover, and where to add them. */
export type StockShortage = {
  sku: string | null
  title: string
  quantity: number
  missing: number
  inventory_item_id: string
  location_id: string | null
  location_name: string | null
}

type OrderLineStock = {
  id: string
  title?: string | null
  variant_sku?: string | null
  quantity: number
  variant?: { manage_inventory?: boolean; inventory_items?: { inventory_item_id: string; required_quantity: number }[] } | null
}

/**
 * What a Medusa order short of stock lacks, line by line, as the import's reservation reads it
 * (steps/reserve-hub-orders-stock.ts): at the location it reserved at (else where hub orders
 * reserve), a line with no level there lacks all its units; a reserved line lacks what the level's
 * stock does not cover once the reservations made before its own are served (the first come, the
 * first served), at most its own units.
 */
export async function stockShortageOf(container: MedusaContainer, orderId: string, options: HubAccountOptions): Promise<StockShortage[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const inventoryModule = container.resolve(Modules.INVENTORY)
  const { data: orders } = await query.graph({
    entity: "order",
    fields: ["id", "items.*", "items.variant.manage_inventory", "items.variant.inventory_items.*"],
    filters: { id: orderId },
  })
  const lines = ((orders[0]?.items ?? []) as unknown as OrderLineStock[]).filter((line) => line.variant?.manage_inventory)
  if (!lines.length) return []
  const [reservations, { reservationLocationId }] = await Promise.all([
    inventoryModule.listReservationItems({ line_item_id: lines.map((line) => line.id) }),
    hubStockLocations(container, options),
  ])
  const reservationOf = new Map(reservations.map((reservation) => [`${reservation.line_item_id}:${reservation.inventory_item_id}`, reservation]))
  const wanted = lines.flatMap((line) =>
    (line.variant!.inventory_items ?? []).map((item) => ({
      line,
      inventoryItemId: item.inventory_item_id,
      units: MathBN.mult(item.required_quantity, line.quantity).toNumber(),
      locationId: reservationOf.get(`${line.id}:${item.inventory_item_id}`)?.location_id ?? reservationLocationId,
      reservation: reservationOf.get(`${line.id}:${item.inventory_item_id}`),
    }))
  )
  const locationIds = [...new Set(wanted.map((entry) => entry.locationId).filter((id): id is string => !!id))]
  const [levels, { data: locations }] = await Promise.all([
    locationIds.length ? inventoryModule.listInventoryLevels({ inventory_item_id: wanted.map((entry) => entry.inventoryItemId), location_id: locationIds }) : [],
    locationIds.length ? query.graph({ entity: "stock_location", fields: ["id", "name"], filters: { id: locationIds } }) : { data: [] },
  ])
  const levelOf = new Map(levels.map((level) => [`${level.inventory_item_id}:${level.location_id}`, level]))
  const nameOf = new Map((locations as { id: string; name: string }[]).map((location) => [location.id, location.name]))
  const shortages: StockShortage[] = []
  for (const { line, inventoryItemId, units, locationId, reservation } of wanted) {
    const level = locationId ? levelOf.get(`${inventoryItemId}:${locationId}`) : undefined
    let lacking = units
    if (level && reservation) {
      // The level's reservations made before this one, oldest first (ties by id).
      const all = await inventoryModule.listReservationItems({ inventory_item_id: inventoryItemId, location_id: reservation.location_id }, { select: ["id", "quantity", "created_at"], take: null })
      const earlier = all.filter((other) => other.id !== reservation.id && (+new Date(other.created_at) < +new Date(reservation.created_at) || (+new Date(other.created_at) === +new Date(reservation.created_at) && other.id < reservation.id)))
      const before = earlier.reduce((sum, other) => MathBN.add(sum, other.quantity), MathBN.convert(0))
      lacking = Math.min(units, Math.max(0, MathBN.sub(MathBN.add(before, units), level.stocked_quantity).toNumber()))
    }
    if (lacking <= 0) continue
    shortages.push({
      sku: line.variant_sku ?? null,
      title: line.title ?? line.variant_sku ?? inventoryItemId,
      quantity: units,
      missing: lacking,
      inventory_item_id: inventoryItemId,
      location_id: locationId ?? null,
      location_name: locationId ? (nameOf.get(locationId) ?? null) : null,
    })
  }
  return shortages
}
