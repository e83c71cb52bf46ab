import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { accountOfEvent } from "../modules/hub/accounts"
import { HubEvents } from "../modules/hub/events"
import { notifyMerchant } from "../notifications/notify-merchant"

/** A marketplace order imported short of stock (docs/hub-interface.md §1 rule 6): the merchant restocks or cancels. Told once per order. */
export default async function hubOrderNeedsStockNotice({ event, container }: SubscriberArgs<{ account?: string; code: string; needs_stock: boolean }>) {
  if (!event.data.needs_stock) return
  await notifyMerchant(container, {
    account: accountOfEvent(event.data),
    cause: `needs-stock:${event.data.code}`,
    facts: { about: "needs-stock", code: event.data.code },
  })
}

export const config: SubscriberConfig = { event: HubEvents.ORDER_IMPORTED, context: { subscriberId: "hub-order-needs-stock-notice" } }
