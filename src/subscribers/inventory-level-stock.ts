import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { InventoryEvents } from "@medusajs/framework/utils"
import { stockChangeRecorder } from "../workflows/stock/stock-change-recorder"
import { stockFlusher } from "../workflows/stock/stock-flusher"

/** Stock edits, reservations made or released, cancellations, fulfilments: the SKU's new available quantity goes to the outbox. */
export default async function inventoryLevelStockHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  if (await stockChangeRecorder(container).record({ inventoryLevelIds: [event.data.id] })) {
    stockFlusher(container).request()
  }
}

export const config: SubscriberConfig = {
  event: [InventoryEvents.INVENTORY_LEVEL_CREATED, InventoryEvents.INVENTORY_LEVEL_UPDATED],
  context: { subscriberId: "hub-stock-inventory-level" },
}
