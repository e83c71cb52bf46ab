import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { accountOfEvent } from "../modules/hub/accounts"
import { HubEvents } from "../modules/hub/events"
import { notifyMerchant } from "../notifications/notify-merchant"

/**
 * A marketplace order whose lines name a warehouse no location is mapped to (option `warehouses`,
 * docs/catalogue.md *Warehouses*): reserved at the account's default location; the merchant maps the
 * code or moves the stock. Told once per order and code.
 */
export default async function hubOrderWarehouseNotice({ event, container }: SubscriberArgs<{ account?: string; code: string; unmapped_warehouses?: string[] }>) {
  const codes = event.data.unmapped_warehouses ?? []
  if (!codes.length) return
  await notifyMerchant(container, {
    account: accountOfEvent(event.data),
    cause: `unmapped-warehouse:${event.data.code}:${codes.join(",")}`,
    facts: { about: "unmapped-warehouse", code: event.data.code, warehouses: codes },
  })
}

export const config: SubscriberConfig = { event: HubEvents.ORDER_IMPORTED, context: { subscriberId: "hub-order-warehouse-notice" } }
