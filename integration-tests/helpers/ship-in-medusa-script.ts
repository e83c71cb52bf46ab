import { randomUUID } from "node:crypto"
import { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, FulfillmentWorkflowEvents, Modules } from "@medusajs/framework/utils"
import { createOrderFulfillmentWorkflow, createOrderShipmentWorkflow } from "@medusajs/medusa/core-flows"

/**
 * `medusa exec integration-tests/helpers/ship-in-medusa-script.ts`, for store-processes.ts:
 * - HUB_SHIP_ORDER_ID + HUB_SHIP_TRACK: fulfils the whole order and marks it shipped with that
 *   tracking number, through the workflows Medusa's admin routes run (a merchant's *Mark as shipped*);
 * - HUB_EMIT_SHIPMENT_CREATED (a fulfillment id) + HUB_EMIT_TIMES: emits `shipment.created` for it
 *   that many times at once, as an event bus redelivering it would.
 * Prints `fulfillment <id>`.
 */
export default async function shipInMedusaScript({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const again = process.env.HUB_EMIT_SHIPMENT_CREATED
  if (again) {
    const times = Number(process.env.HUB_EMIT_TIMES ?? 2)
    const events = Array.from({ length: times }, () => ({ name: FulfillmentWorkflowEvents.SHIPMENT_CREATED, data: { id: again } }))
    await container.resolve(Modules.EVENT_BUS).emit(events)
    logger.info(`emitted shipment.created x${times} for ${again}`)
    return
  }

  const orderId = process.env.HUB_SHIP_ORDER_ID!
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data: orders }, { data: options }, { data: locations }] = await Promise.all([
    query.graph({ entity: "order", fields: ["items.*"], filters: { id: orderId } }),
    query.graph({ entity: "shipping_option", fields: ["id"] }),
    query.graph({ entity: "stock_location", fields: ["id"] }),
  ])
  const items = (orders[0].items ?? []).map((item: any) => ({ id: item.id as string, quantity: Number(item.quantity) }))
  // Each workflow's grouped events are released here, awaited: released on their own, as a workflow
  // finishes, nothing waits for them and the process could exit first.
  const eventBus = container.resolve(Modules.EVENT_BUS)
  const fulfilling = randomUUID()
  const { result: fulfillment } = await createOrderFulfillmentWorkflow(container).run({
    input: { order_id: orderId, items, location_id: locations[0].id, shipping_option_id: options[0].id },
    context: { eventGroupId: fulfilling, preventReleaseEvents: true },
  })
  await eventBus.releaseGroupedEvents(fulfilling)
  const code = process.env.HUB_SHIP_TRACK!
  const shipping = randomUUID()
  await createOrderShipmentWorkflow(container).run({
    input: {
      order_id: orderId,
      fulfillment_id: fulfillment.id,
      items,
      labels: [{ tracking_number: code, tracking_url: `https://rastreamento.example/${code}`, label_url: `https://labels.example/${code}.pdf` }],
    },
    context: { eventGroupId: shipping, preventReleaseEvents: true },
  })
  await eventBus.releaseGroupedEvents(shipping)
  logger.info(`fulfillment ${fulfillment.id}`)
}
