/*
 * Available quantity: the one place it is computed. The hub keeps no reservations (docs/hub-interface.md §1 rules
 * 3 and 5): the quantity it holds is what marketplaces sell, so it must be Medusa's stock net of
 * reservations, counted only where the hub's sales channel can ship from.
 */

export type InventoryLevelStock = {
  locationId: string
  stockedQuantity: number
  reservedQuantity: number
}

/** One inventory item of a variant, with how many of it one unit of the variant takes. */
export type VariantInventoryItemStock = {
  requiredQuantity: number
  levels: InventoryLevelStock[]
}

/**
 * Units of a variant the hub may sell: for each inventory item, stocked minus reserved summed
 * over the locations serving the hub's sales channel (never below zero), divided by the quantity
 * one unit needs, rounded down; the variant has as many as its scarcest item allows.
 * Null for a variant without inventory items: Medusa does not count its stock.
 */
export function availableQuantity(
  inventoryItems: readonly VariantInventoryItemStock[],
  hubLocationIds: ReadonlySet<string>
): number | null {
  if (!inventoryItems.length) return null
  let units = Number.POSITIVE_INFINITY
  for (const item of inventoryItems) {
    const available = item.levels
      .filter((level) => hubLocationIds.has(level.locationId))
      .reduce((sum, level) => sum + (level.stockedQuantity - level.reservedQuantity), 0)
    // A required quantity below one would multiply stock; Medusa never stores one, so it counts as one.
    const required = Math.max(1, item.requiredQuantity)
    units = Math.min(units, Math.floor(Math.max(0, available) / required))
  }
  return units
}
