import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { InventoryEvents } from "@medusajs/framework/utils"
import { queueCatalogueChange } from "../sync/catalogue/catalogue-outbox"

/** Stock edits, reservations made or released, cancellations, fulfillments: the SKU's new available quantity goes to the outbox. */
export default async function inventoryLevelStockHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  await queueCatalogueChange(container, { inventoryLevelIds: [event.data.id] })
}

export const config: SubscriberConfig = {
  event: [InventoryEvents.INVENTORY_LEVEL_CREATED, InventoryEvents.INVENTORY_LEVEL_UPDATED],
  context: { subscriberId: "hub-stock-inventory-level" },
}
