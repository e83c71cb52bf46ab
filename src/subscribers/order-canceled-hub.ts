import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { cancelHubOrderOfMedusaOrderWorkflow } from "../workflows/hub-orders/cancel-hub-order-of-medusa-order"
import { maskPersonalData } from "../mapping/personal-data"

/** A hub order canceled in Medusa's own admin is canceled on the hub too; an ending other than done is logged for the merchant. */
export default async function orderCanceledHubHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const { result, errors } = await cancelHubOrderOfMedusaOrderWorkflow(container).run({ input: { orderId: event.data.id }, throwOnError: false })
  const problem = errors?.[0]?.error?.message ?? (result && result.state !== "done" ? `${result.state}: ${result.error}` : null)
  if (problem) logger.warn(`hub: order ${event.data.id} was canceled in Medusa but not on the hub (${maskPersonalData(String(problem))}); see the order's hub card`)
}

export const config: SubscriberConfig = {
  event: OrderWorkflowEvents.CANCELED,
  context: { subscriberId: "hub-order-canceled" },
}
