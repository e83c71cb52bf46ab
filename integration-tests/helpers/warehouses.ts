import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createInventoryLevelsWorkflow, linkSalesChannelsToStockLocationWorkflow } from "@medusajs/medusa/core-flows"

/**
 * A stock location with the id an option names (a store's `warehouses` are set before it boots, so
 * its locations' ids are known then), serving `salesChannelId`, holding `stocked` of each inventory
 * item: as a merchant adds a second warehouse.
 */
export async function addWarehouseLocation(
  container: MedusaContainer,
  { id, name, salesChannelId, stocked }: { id: string; name: string; salesChannelId: string; stocked: Record<string, number> }
): Promise<string> {
  await container.resolve(Modules.STOCK_LOCATION).createStockLocations({ id, name } as { name: string })
  await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id, add: [salesChannelId] } })
  const levels = Object.entries(stocked).map(([inventoryItemId, quantity]) => ({ inventory_item_id: inventoryItemId, location_id: id, stocked_quantity: quantity }))
  if (levels.length) await createInventoryLevelsWorkflow(container).run({ input: { inventory_levels: levels } })
  return id
}

/** The `POST /stores/{code}/batch` requests a sandbox hub received, with the SKUs of each. */
export function storeBatches<Entry extends { method: string; path: string; body?: unknown }>(log: Entry[], code: string): Entry[] {
  return log.filter((entry) => entry.method === "POST" && entry.path === `/stores/${code}/batch`)
}
