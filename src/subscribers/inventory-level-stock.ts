import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { InventoryEvents } from "@medusajs/framework/utils"
import { queueStockChange } from "../sync/catalogue/stock-outbox"

/** Stock edits, reservations made or released, cancellations, fulfillments: the SKU's new available quantity goes to the outbox. */
export default async function inventoryLevelStockHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  await queueStockChange(container, { inventoryLevelIds: [event.data.id] })
}

export const config: SubscriberConfig = {
  event: [InventoryEvents.INVENTORY_LEVEL_CREATED, InventoryEvents.INVENTORY_LEVEL_UPDATED],
  context: { subscriberId: "hub-stock-inventory-level" },
}
