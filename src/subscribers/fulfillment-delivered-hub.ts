import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, FulfillmentWorkflowEvents } from "@medusajs/framework/utils"
import { sendFulfillmentToHubWorkflow } from "../workflows/hub-orders/send-fulfillment-to-hub"
import { maskPersonalData } from "../mapping/personal-data"

/** A hub order whose last parcel is marked delivered in Medusa's own admin is delivered on the hub. */
export default async function fulfillmentDeliveredHubHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  const { result, errors } = await sendFulfillmentToHubWorkflow(container).run({ input: { fulfillmentId: event.data.id, kind: "deliver" }, throwOnError: false })
  const problem = errors?.[0]?.error?.message ?? result?.notice ?? (result?.move && result.move.state !== "done" ? `${result.move.state}: ${result.move.error}` : null)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  if (problem) logger.warn(`hub: fulfillment ${event.data.id}: ${maskPersonalData(String(problem))}; see the order's hub card`)
  else if (result?.move) logger.info(`hub: fulfillment ${event.data.id}: ${result.move.alreadyOnHub ? "on the hub already, nothing sent" : "sent to the hub"}`)
}

export const config: SubscriberConfig = {
  event: FulfillmentWorkflowEvents.DELIVERY_CREATED,
  context: { subscriberId: "hub-fulfillment-delivered" },
}
