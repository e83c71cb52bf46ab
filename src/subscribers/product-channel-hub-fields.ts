import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { queueProductChange } from "../sync/catalogue/catalogue-outbox"

/**
 * A product added to or removed from a sales channel (the channel's own page links products without
 * a product event): its SKUs go to the outbox, where one outside the hub's channel sells nothing.
 * A removal names only the link, which Medusa soft-deletes: its product is read from it. With
 * `publishProducts`, the product's publication is looked at too, by each publishing account concerned.
 */
export default async function productChannelHubFieldsHandler({ event, container }: SubscriberArgs<{ id?: string; product_id?: string }>) {
  let productId = event.data.product_id
  if (!productId && event.data.id) {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "product_sales_channel", fields: ["product_id"], filters: { id: event.data.id }, withDeleted: true })
    productId = data[0]?.product_id
  }
  if (!productId) return
  // Published products: one that joins an account's channel is created on its hub, one that leaves is disabled there.
  await queueProductChange(container, { productIds: [productId] })
}

/** Medusa's link module names its events after the link's table (`Link` + product_sales_channel). */
export const config: SubscriberConfig = {
  event: ["LinkProductSalesChannel.attached", "LinkProductSalesChannel.detached"],
  context: { subscriberId: "hub-fields-product-channel" },
}
