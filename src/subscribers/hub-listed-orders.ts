import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { accountOfEvent } from "../modules/hub/accounts"
import { HUB_LISTED_ORDERS_EVENT } from "../modules/hub/events"
import { listedOrderLanes } from "../sync/orders/listed-order-lanes"

/** A listing run shared one hub account's orders: this worker imports some of them beside the others (an event from before accounts: `default`). */
export default async function hubListedOrdersHandler({ event, container }: SubscriberArgs<{ run_id: string; account?: string }>) {
  await listedOrderLanes(container, accountOfEvent(event.data)).drain()
}

export const config: SubscriberConfig = {
  event: HUB_LISTED_ORDERS_EVENT,
  context: { subscriberId: "hub-listed-orders" },
}
