import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { InventoryEvents } from "@medusajs/framework/utils"
import { queueCatalogueChange } from "../sync/catalogue/catalogue-outbox"

/** An inventory item changed (its SKU, its variants' links): the SKUs of its variants go to the outbox. */
export default async function inventoryItemStockHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  await queueCatalogueChange(container, { inventoryItemIds: [event.data.id] })
}

export const config: SubscriberConfig = {
  event: [InventoryEvents.INVENTORY_ITEM_UPDATED],
  context: { subscriberId: "hub-stock-inventory-item" },
}
