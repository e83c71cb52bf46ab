import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { OrderWorkflowEvents } from "@medusajs/framework/utils"
import { cancelHubOrderOfMedusaOrder } from "../workflows/hub-orders/cancel-hub-order-of-medusa-order"

/** A hub order canceled in Medusa's own admin is canceled on the hub too. */
export default async function orderCanceledHubHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  await cancelHubOrderOfMedusaOrder(container, event.data.id)
}

export const config: SubscriberConfig = {
  event: OrderWorkflowEvents.CANCELED,
  context: { subscriberId: "hub-order-canceled" },
}
