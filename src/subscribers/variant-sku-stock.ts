import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ProductEvents } from "@medusajs/framework/utils"
import { queueProductChange } from "../sync/catalogue/catalogue-outbox"

/**
 * A variant created, changed (its SKU, whether its inventory is managed, its own fields) or deleted:
 * its SKU, and the one it held before (a rename, a deletion: that SKU stops selling), go to the
 * outbox; with `publishProducts`, its product is looked at again (a variation added, changed or stopped).
 */
export default async function variantSkuStockHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  await queueProductChange(container, { variantIds: [event.data.id] })
}

export const config: SubscriberConfig = {
  event: [ProductEvents.PRODUCT_VARIANT_CREATED, ProductEvents.PRODUCT_VARIANT_UPDATED, ProductEvents.PRODUCT_VARIANT_DELETED],
  context: { subscriberId: "hub-stock-variant-sku" },
}
