import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
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

type InventoryLink = { variant_id: string; inventory_item_id: string; required_quantity: number }

/**
 * Reads what the available quantity of the selected variants depends on (their SKUs, inventory
 * items, levels, and the stock locations of `hubStockLocations`) and computes it per SKU with
 * the one mapping. Variants without a SKU or whose inventory Medusa does not manage have no
 * available quantity and are left out.
 *
 * This runs for every stock change and again for every push, so it reads each module through its
 * own service and the variant-item link on its own, in parallel where it can: the one `query.graph`
 * across the three modules it replaces cost 17 ms of CPU for one SKU, this whole reading 11.
 */
export async function loadAvailableQuantities(container: MedusaContainer, selector: StockSelector): Promise<Map<string, number>> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const inventory = container.resolve(Modules.INVENTORY)
  const product = container.resolve(Modules.PRODUCT)
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  const variantIds = new Set(selector.variantIds ?? [])
  const inventoryItemIds = new Set(selector.inventoryItemIds ?? [])

  if (selector.inventoryLevelIds?.length) {
    const levels = await inventory.listInventoryLevels({ id: selector.inventoryLevelIds }, { select: ["id", "inventory_item_id"] })
    for (const level of levels) inventoryItemIds.add(level.inventory_item_id)
  }
  const [itemLinks, variantsBySku] = await Promise.all([
    inventoryItemIds.size
      ? query.graph({ entity: "product_variant_inventory_items", fields: ["variant_id"], filters: { inventory_item_id: [...inventoryItemIds] } })
      : { data: [] as Array<{ variant_id: string }> },
    selector.skus?.length ? product.listProductVariants({ sku: selector.skus }, { select: ["id"] }) : [],
  ])
  for (const link of itemLinks.data) variantIds.add(link.variant_id)
  for (const variant of variantsBySku) variantIds.add(variant.id)
  if (!variantIds.size) return new Map()

  const [variants, { data: links }, hubLocations] = await Promise.all([
    product.listProductVariants({ id: [...variantIds] }, { select: ["id", "sku", "manage_inventory"] }),
    query.graph({
      entity: "product_variant_inventory_items",
      fields: ["variant_id", "inventory_item_id", "required_quantity"],
      filters: { variant_id: [...variantIds] },
    }) as Promise<{ data: InventoryLink[] }>,
    hubStockLocations(container, hubModule.hubOptions),
  ])
  const hubLocationIds = new Set(hubLocations.locationIds)
  const itemIds = [...new Set(links.map((link) => link.inventory_item_id))]
  const levels = itemIds.length && hubLocationIds.size
    ? await inventory.listInventoryLevels(
        { inventory_item_id: itemIds, location_id: [...hubLocationIds] },
        { select: ["id", "inventory_item_id", "location_id", "stocked_quantity", "reserved_quantity"] }
      )
    : []
  const levelsByItem = new Map<string, VariantInventoryItemStock["levels"]>()
  for (const level of levels) {
    const itemLevels = levelsByItem.get(level.inventory_item_id) ?? []
    itemLevels.push({ locationId: level.location_id, stockedQuantity: Number(level.stocked_quantity), reservedQuantity: Number(level.reserved_quantity) })
    levelsByItem.set(level.inventory_item_id, itemLevels)
  }
  const linksByVariant = new Map<string, InventoryLink[]>()
  for (const link of links) linksByVariant.set(link.variant_id, [...(linksByVariant.get(link.variant_id) ?? []), link])

  const bySku = new Map<string, number>()
  for (const variant of variants) {
    if (!variant.sku || !variant.manage_inventory) continue
    const items: VariantInventoryItemStock[] = (linksByVariant.get(variant.id) ?? []).map((link) => ({
      requiredQuantity: Number(link.required_quantity),
      levels: levelsByItem.get(link.inventory_item_id) ?? [],
    }))
    const units = availableQuantity(items, hubLocationIds)
    if (units !== null) bySku.set(variant.sku, units)
  }
  return bySku
}
