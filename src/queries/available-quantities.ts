import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { availableQuantity, VariantInventoryItemStock } from "../mapping/available-quantity"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import { hubStockLocations } from "./hub-stock-locations"

/** Which SKUs to compute: any mix of what a Medusa event or a hub listing names. */
export type StockSelector = {
  inventoryLevelIds?: string[]
  inventoryItemIds?: string[]
  variantIds?: string[]
  skus?: string[]
}

type VariantInventoryLink = {
  variant_id: string
  required_quantity: number
  variant?: { sku?: string | null; manage_inventory?: boolean | null } | null
  inventory?: {
    location_levels?: Array<{ location_id: string; stocked_quantity: number; reserved_quantity: number } | null> | null
  } | null
}

/**
 * Reads what the available quantity of the selected variants depends on (their inventory
 * items, levels, and the stock locations of `hubStockLocations`) and computes it per SKU
 * with the one mapping. Variants without a SKU or whose inventory Medusa does not manage have
 * no available quantity and are left out.
 */
export async function loadAvailableQuantities(container: MedusaContainer, selector: StockSelector): Promise<Map<string, number>> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  const variantIds = new Set(selector.variantIds ?? [])
  const inventoryItemIds = new Set(selector.inventoryItemIds ?? [])

  if (selector.inventoryLevelIds?.length) {
    const { data: levels } = await query.graph({
      entity: "inventory_level",
      fields: ["inventory_item_id"],
      filters: { id: selector.inventoryLevelIds },
    })
    for (const level of levels) inventoryItemIds.add(level.inventory_item_id)
  }
  if (inventoryItemIds.size) {
    const { data: links } = await query.graph({
      entity: "product_variant_inventory_items",
      fields: ["variant_id"],
      filters: { inventory_item_id: [...inventoryItemIds] },
    })
    for (const link of links) variantIds.add(link.variant_id)
  }
  if (selector.skus?.length) {
    const { data: variants } = await query.graph({
      entity: "product_variant",
      fields: ["id"],
      filters: { sku: selector.skus },
    })
    for (const variant of variants) variantIds.add(variant.id)
  }
  if (!variantIds.size) return new Map()

  const [{ data: links }, hubLocations] = await Promise.all([
    query.graph({
      entity: "product_variant_inventory_items",
      fields: [
        "variant_id",
        "required_quantity",
        "variant.sku",
        "variant.manage_inventory",
        "inventory.location_levels.location_id",
        "inventory.location_levels.stocked_quantity",
        "inventory.location_levels.reserved_quantity",
      ],
      filters: { variant_id: [...variantIds] },
    }) as Promise<{ data: VariantInventoryLink[] }>,
    hubStockLocations(container, hubModule.hubOptions),
  ])

  const itemsBySku = new Map<string, VariantInventoryItemStock[]>()
  for (const link of links) {
    const sku = link.variant?.sku
    if (!sku || !link.variant?.manage_inventory) continue
    const items = itemsBySku.get(sku) ?? []
    items.push({
      requiredQuantity: Number(link.required_quantity),
      levels: (link.inventory?.location_levels ?? []).flatMap((level) =>
        level
          ? [{ locationId: level.location_id, stockedQuantity: Number(level.stocked_quantity), reservedQuantity: Number(level.reserved_quantity) }]
          : []
      ),
    })
    itemsBySku.set(sku, items)
  }
  const hubLocationIds = new Set(hubLocations.locationIds)
  const bySku = new Map<string, number>()
  for (const [sku, items] of itemsBySku) {
    const units = availableQuantity(items, hubLocationIds)
    if (units !== null) bySku.set(sku, units)
  }
  return bySku
}
