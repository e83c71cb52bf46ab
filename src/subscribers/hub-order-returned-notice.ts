import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { HubEvents } from "../modules/hub/events"
import { notifyMerchant } from "../notifications/notify-merchant"

/** The marketplace put an imported order in `returned`: the merchant is told to receive the goods, once per order. */
export default async function hubOrderReturnedNotice({ event, container }: SubscriberArgs<{ account: string; code: string }>) {
  const { account, code } = event.data
  await notifyMerchant(container, { account, cause: `order-returned:${code}`, facts: { about: "order-returned", code } })
}

export const config: SubscriberConfig = { event: HubEvents.ORDER_RETURNED, context: { subscriberId: "hub-order-returned-notice" } }
