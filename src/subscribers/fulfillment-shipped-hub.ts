import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { FulfillmentWorkflowEvents } from "@medusajs/framework/utils"
import { sendFulfillmentToHub } from "../sync/moves/fulfillment-to-hub"

/** A shipment made in Medusa's own admin on a hub order is sent to the hub as its shipment. */
export default async function fulfillmentShippedHubHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  await sendFulfillmentToHub(container, { fulfillmentId: event.data.id, kind: "ship" })
}

export const config: SubscriberConfig = {
  event: FulfillmentWorkflowEvents.SHIPMENT_CREATED,
  context: { subscriberId: "hub-fulfillment-shipped" },
}
