import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { FulfillmentWorkflowEvents } from "@medusajs/framework/utils"
import { sendFulfillmentToHub } from "../sync/moves/fulfillment-to-hub"

/** A hub order whose last parcel is marked delivered in Medusa's own admin is delivered on the hub. */
export default async function fulfillmentDeliveredHubHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  await sendFulfillmentToHub(container, { fulfillmentId: event.data.id, kind: "deliver" })
}

export const config: SubscriberConfig = {
  event: FulfillmentWorkflowEvents.DELIVERY_CREATED,
  context: { subscriberId: "hub-fulfillment-delivered" },
}
