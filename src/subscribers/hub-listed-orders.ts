import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { HUB_LISTED_ORDERS_EVENT } from "../modules/hub/events"
import { listedOrderLanes } from "../sync/orders/listed-order-lanes"

/** A listing run shared hub orders: this worker imports some of them beside the others. */
export default async function hubListedOrdersHandler({ container }: SubscriberArgs<{ run_id: string }>) {
  await listedOrderLanes(container).drain()
}

export const config: SubscriberConfig = {
  event: HUB_LISTED_ORDERS_EVENT,
  context: { subscriberId: "hub-listed-orders" },
}
