import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { maskPersonalData } from "../../mapping/personal-data"
import { sendFulfillmentToHubWorkflow } from "../../workflows/hub-orders/send-fulfillment-to-hub"
import type { FulfillmentEvent } from "../../workflows/hub-orders/steps/hub-move-of-fulfillment"

/**
 * A fulfillment shipped or delivered in Medusa's own admin (the subscribers fulfillment-*-hub.ts) sent
 * to the hub as its move; how it ended is logged, never thrown: the order's hub card shows it and
 * the move workflow settles what is left.
 */
export async function sendFulfillmentToHub(container: MedusaContainer, { fulfillmentId, kind }: FulfillmentEvent): Promise<void> {
  const { result, errors } = await sendFulfillmentToHubWorkflow(container).run({ input: { fulfillmentId, kind }, throwOnError: false })
  const problem = errors?.[0]?.error?.message ?? result?.notice ?? (result?.move && result.move.state !== "done" ? `${result.move.state}: ${result.move.error}` : null)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  if (problem) logger.warn(`hub: fulfillment ${fulfillmentId}: ${maskPersonalData(String(problem))}; see the order's hub card`)
  else if (result?.move) logger.info(`hub: fulfillment ${fulfillmentId}: ${result.move.alreadyOnHub ? "on the hub already, nothing sent" : "sent to the hub"}`)
}
