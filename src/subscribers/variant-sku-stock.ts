import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ProductEvents } from "@medusajs/framework/utils"
import { stockChangeRecorder } from "../workflows/stock/stock-change-recorder"
import { stockFlusher } from "../workflows/stock/stock-flusher"

/** A variant created or changed (its SKU, whether its inventory is managed): its SKU's available quantity goes to the outbox. */
export default async function variantSkuStockHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  if (await stockChangeRecorder(container).record({ variantIds: [event.data.id] })) {
    stockFlusher(container).request()
  }
}

export const config: SubscriberConfig = {
  event: [ProductEvents.PRODUCT_VARIANT_CREATED, ProductEvents.PRODUCT_VARIANT_UPDATED],
  context: { subscriberId: "hub-stock-variant-sku" },
}
