import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ProductWorkflowEvents } from "@medusajs/framework/utils"
import { queueProductChange } from "../sync/catalogue/catalogue-outbox"

/**
 * A product created, changed (published or not, its sales channels) or deleted: its variants' SKUs,
 * and those it held before, go to the outbox (a deleted product's SKUs stop selling); with
 * `publishProducts`, the product is published, its changed fields sent, or disabled.
 */
export default async function productHubFieldsHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  await queueProductChange(container, { productIds: [event.data.id] })
}

export const config: SubscriberConfig = {
  event: [ProductWorkflowEvents.CREATED, ProductWorkflowEvents.UPDATED, ProductWorkflowEvents.DELETED],
  context: { subscriberId: "hub-fields-product" },
}
