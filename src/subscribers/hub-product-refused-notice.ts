import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { HubEvents } from "../modules/hub/events"
import { notifyMerchant } from "../notifications/notify-merchant"
import type { ProductRefusal } from "../workflows/catalogue/steps/push-hub-publications"

/** A product the hub refuses to publish stays off every marketplace: told once per product and refusal. */
export default async function hubProductRefusedNotice({ event, container }: SubscriberArgs<ProductRefusal>) {
  const { product_id, sku, status, message } = event.data
  await notifyMerchant(container, {
    cause: `product-refused:${product_id}:${sku}:${status ?? "local"}:${message}`,
    facts: { about: "product-refused", sku, status, message },
  })
}

export const config: SubscriberConfig = { event: HubEvents.PRODUCT_REFUSED, context: { subscriberId: "hub-product-refused-notice" } }
