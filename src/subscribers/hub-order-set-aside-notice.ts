import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { accountOfEvent } from "../modules/hub/accounts"
import { HubEvents } from "../modules/hub/events"
import { notifyMerchant } from "../notifications/notify-merchant"

/** A hub order set aside needs the merchant (an unknown SKU, a malformed field): told once per order and reason. */
export default async function hubOrderSetAsideNotice({ event, container }: SubscriberArgs<{ account?: string; code: string; reason: string }>) {
  const { code, reason } = event.data
  await notifyMerchant(container, {
    account: accountOfEvent(event.data),
    cause: `set-aside:${code}:${reason}`,
    facts: { about: "set-aside", code, reason },
  })
}

export const config: SubscriberConfig = { event: HubEvents.ORDER_SET_ASIDE, context: { subscriberId: "hub-order-set-aside-notice" } }
