import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { InventoryEvents } from "@medusajs/framework/utils"
import { stockChangeRecorder } from "../workflows/stock/stock-change-recorder"
import { stockFlusher } from "../workflows/stock/stock-flusher"

/** An inventory item changed (its SKU, its variants' links): the SKUs of its variants go to the outbox. */
export default async function inventoryItemStockHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  if (await stockChangeRecorder(container).record({ inventoryItemIds: [event.data.id] })) {
    stockFlusher(container).request()
  }
}

export const config: SubscriberConfig = {
  event: [InventoryEvents.INVENTORY_ITEM_UPDATED],
  context: { subscriberId: "hub-stock-inventory-item" },
}
