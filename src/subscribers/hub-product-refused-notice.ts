import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { accountOfEvent } from "../modules/hub/accounts"
import { HubEvents } from "../modules/hub/events"
import { notifyMerchant } from "../notifications/notify-merchant"
import type { ProductRefusal } from "../modules/hub/types"

/**
 * A product an account's hub refuses to publish stays off every marketplace of that account: told once
 * per account, product and refusal. An event from before accounts names none: the account default's.
 */
export default async function hubProductRefusedNotice({ event, container }: SubscriberArgs<ProductRefusal>) {
  const { product_id, sku, status, message } = event.data
  await notifyMerchant(container, {
    account: accountOfEvent(event.data),
    cause: `product-refused:${product_id}:${sku}:${status ?? "local"}:${message}`,
    facts: { about: "product-refused", sku, status, message },
  })
}

export const config: SubscriberConfig = { event: HubEvents.PRODUCT_REFUSED, context: { subscriberId: "hub-product-refused-notice" } }
