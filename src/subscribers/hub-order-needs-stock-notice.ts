import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { HubEvents } from "../modules/hub/events"
import { notifyMerchant } from "../notifications/notify-merchant"

/** A marketplace order imported short of stock (docs/hub-interface.md §1 rule 6): the merchant restocks or cancels. Told once per order. */
export default async function hubOrderNeedsStockNotice({ event, container }: SubscriberArgs<{ code: string; needs_stock: boolean }>) {
  if (!event.data.needs_stock) return
  await notifyMerchant(container, {
    cause: `needs-stock:${event.data.code}`,
    title: `Marketplace order ${event.data.code} is short of stock`,
    description: "It is imported and reserved as a backorder: restock its items or cancel it on the order's Marketplace hub card.",
  })
}

export const config: SubscriberConfig = { event: HubEvents.ORDER_IMPORTED, context: { subscriberId: "hub-order-needs-stock-notice" } }
