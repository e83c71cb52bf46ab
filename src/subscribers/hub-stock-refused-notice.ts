import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { HubEvents } from "../modules/hub/events"
import { notifyMerchant } from "../notifications/notify-merchant"

/** A SKU the hub refuses keeps its old values on every marketplace: told once per SKU and refusal. */
export default async function hubStockRefusedNotice({ event, container }: SubscriberArgs<{ sku: string; status: number; message: string; fields: string[] }>) {
  const { sku, status, message, fields } = event.data
  await notifyMerchant(container, {
    cause: `stock-refused:${sku}:${status}:${message}:${[...fields].sort().join(",")}`,
    title: `The hub refused SKU ${sku}`,
    description: `${message} (HTTP ${status}${fields.length ? `; held back: ${fields.join(", ")}` : ""}). See Marketplace hub > SKUs in error.`,
  })
}

export const config: SubscriberConfig = { event: HubEvents.STOCK_REFUSED, context: { subscriberId: "hub-stock-refused-notice" } }
