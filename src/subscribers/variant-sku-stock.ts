import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ProductEvents } from "@medusajs/framework/utils"
import { queueCatalogueChange } from "../sync/catalogue/catalogue-outbox"

/**
 * A variant created, changed (its SKU, whether its inventory is managed) or deleted: its SKU, and the
 * one it held before (a rename, a deletion: that SKU stops selling), go to the outbox.
 */
export default async function variantSkuStockHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  await queueCatalogueChange(container, { variantIds: [event.data.id] })
}

export const config: SubscriberConfig = {
  event: [ProductEvents.PRODUCT_VARIANT_CREATED, ProductEvents.PRODUCT_VARIANT_UPDATED, ProductEvents.PRODUCT_VARIANT_DELETED],
  context: { subscriberId: "hub-stock-variant-sku" },
}
