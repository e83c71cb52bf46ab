import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { HubEvents } from "../modules/hub/events"
import { notifyMerchant } from "../notifications/notify-merchant"
import type { StockRefusal } from "../workflows/stock/steps/push-stock-changes"

/**
 * A SKU the hub refuses keeps its old values on every marketplace: told once per SKU and refusal,
 * and again when the same refusal comes back after the hub accepted the SKU in between.
 */
export default async function hubStockRefusedNotice({ event, container }: SubscriberArgs<StockRefusal>) {
  const { sku, status, message, fields, lastSentAt } = event.data
  await notifyMerchant(container, {
    cause: `stock-refused:${sku}:${lastSentAt ?? "never"}:${status}:${message}:${[...fields].sort().join(",")}`,
    facts: { about: "stock-refused", sku, status, message, fields },
  })
}

export const config: SubscriberConfig = { event: HubEvents.STOCK_REFUSED, context: { subscriberId: "hub-stock-refused-notice" } }
