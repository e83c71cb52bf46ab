import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { InventoryEvents } from "@medusajs/framework/utils"
import { queueStockChange } from "../sync/catalogue/stock-outbox"

/** An inventory item changed (its SKU, its variants' links): the SKUs of its variants go to the outbox. */
export default async function inventoryItemStockHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  await queueStockChange(container, { inventoryItemIds: [event.data.id] })
}

export const config: SubscriberConfig = {
  event: [InventoryEvents.INVENTORY_ITEM_UPDATED],
  context: { subscriberId: "hub-stock-inventory-item" },
}
