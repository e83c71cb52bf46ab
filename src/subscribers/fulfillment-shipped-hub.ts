import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, FulfillmentWorkflowEvents } from "@medusajs/framework/utils"
import { sendFulfillmentToHubWorkflow } from "../workflows/hub-orders/send-fulfillment-to-hub"
import { maskPersonalData } from "../mapping/personal-data"

/** A shipment made in Medusa's own admin on a hub order is sent to the hub as its shipment. */
export default async function fulfillmentShippedHubHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  const { result, errors } = await sendFulfillmentToHubWorkflow(container).run({ input: { fulfillmentId: event.data.id, kind: "ship" }, throwOnError: false })
  const problem = errors?.[0]?.error?.message ?? result?.notice ?? (result?.move && result.move.state !== "done" ? `${result.move.state}: ${result.move.error}` : null)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  if (problem) logger.warn(`hub: fulfillment ${event.data.id}: ${maskPersonalData(String(problem))}; see the order's hub card`)
  else if (result?.move) logger.info(`hub: fulfillment ${event.data.id}: ${result.move.alreadyOnHub ? "on the hub already, nothing sent" : "sent to the hub"}`)
}

export const config: SubscriberConfig = {
  event: FulfillmentWorkflowEvents.SHIPMENT_CREATED,
  context: { subscriberId: "hub-fulfillment-shipped" },
}
