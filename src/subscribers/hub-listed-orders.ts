import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { HUB_MODULE } from "../modules/hub"
import { accountOfEvent } from "../modules/hub/accounts"
import { HUB_LISTED_ORDERS_EVENT } from "../modules/hub/events"
import type HubModuleService from "../modules/hub/service"
import { listedOrderLanes } from "../sync/orders/listed-order-lanes"

/** A listing run shared one hub account's orders: this worker imports some of them beside the others (an event from before accounts: `default`). */
export default async function hubListedOrdersHandler({ event, container }: SubscriberArgs<{ run_id: string; account?: string }>) {
  const account = container.resolve<HubModuleService>(HUB_MODULE).account(accountOfEvent(event.data))
  await listedOrderLanes(container, account).drain()
}

export const config: SubscriberConfig = {
  event: HUB_LISTED_ORDERS_EVENT,
  context: { subscriberId: "hub-listed-orders" },
}
