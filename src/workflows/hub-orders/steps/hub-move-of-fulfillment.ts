import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { describeIssues, type MerchantOrderMove, merchantOrderMoveSchema } from "../../../hub-client"
import { hubDeliveryOf, marketplaceCarries } from "../../../hub-client/delivery"
import { HUB_MOVE_ID_KEY, hubItemsOfFulfillment, orderDelivered, trackingOfFulfillment } from "../../../mapping/hub-fulfillment"
import { isImported } from "../../../mapping/hub-order-states"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"
import { fulfillmentWithOrder, orderForFulfillment } from "../../../queries/order-fulfillments"
import { errorText } from "../../../mapping/error-text"

export type FulfillmentEvent = { fulfillmentId: string; kind: "ship" | "deliver" }

/** The hub move a Medusa fulfillment event asks for, keyed by the fulfillment; or why none is sent (`notice` when the merchant should know). */
export type FulfillmentMove =
  | { code: string; account: string; move: MerchantOrderMove; claimKey: string; notice: null }
  | { code: null; account: null; move: null; claimKey: null; notice: string | null }

const nothing = (notice: string | null = null): FulfillmentMove => ({ code: null, account: null, move: null, claimKey: null, notice })

/**
 * What a fulfillment shipped or delivered in Medusa's own admin means for the hub: its shipment
 * (items by SKU, the label's tracking, carrier and method from the options or the fulfillment's
 * provider and shipping option), or the order's delivery once every parcel has arrived, whoever made
 * the parcels' fulfillments. Nothing for an order that did not come from the hub; no shipment of a
 * fulfillment the plugin made for a parcel the hub has (`metadata.hub_move_id`: a card move or the
 * hub's own shipment), and no delivery once the hub order is recorded delivered (the card's move and
 * the hub's own delivery record that before Medusa's): echoing either would loop. Nothing for an order
 * the marketplace carries (Correios, Direct, its warehouse): the hub moves those itself.
 */
export const hubMoveOfFulfillmentStep = createStep("read-hub-move-of-fulfillment", async ({ fulfillmentId, kind }: FulfillmentEvent, { container }) => {
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  const fulfillment = await fulfillmentWithOrder(container, fulfillmentId)
  if (!fulfillment?.order?.id || (kind === "ship" && fulfillment.metadata?.[HUB_MOVE_ID_KEY])) return new StepResponse(nothing())
  const [hubOrder] = await hubModule.hubOrdersOfOrders([fulfillment.order.id])
  if (!hubOrder || !isImported(hubOrder.import_state)) return new StepResponse(nothing())
  // The marketplace ships and delivers the orders it carries itself: the merchant moves them only up to
  // INVOICED (docs/hub-public-facts.md, The hub's own delivery), and the hub's moves come back by listing.
  if (marketplaceCarries(hubDeliveryOf(hubOrder))) {
    return new StepResponse(nothing(kind === "ship" ? "not sent to the hub: the marketplace carries this order and ships it itself" : null))
  }
  const order = await orderForFulfillment(container, fulfillment.order.id)
  const keyed = (move: unknown): FulfillmentMove => {
    const parsed = merchantOrderMoveSchema.safeParse(move)
    if (!parsed.success) return nothing(`not sent to the hub: ${describeIssues(parsed.error.issues)}`)
    return { code: hubOrder.code, account: hubOrder.account, move: parsed.data, claimKey: `${kind}:${fulfillmentId}`, notice: null }
  }

  if (kind === "deliver") {
    if (hubOrder.status_type === "DELIVERED" || !orderDelivered(order.lines, order.fulfillments)) return new StepResponse(nothing())
    return new StepResponse(keyed({ kind: "deliver", delivery: {} }))
  }
  const track = trackingOfFulfillment(fulfillment)
  if (!track) return new StepResponse(nothing("not sent to the hub: the shipment has no tracking number; send it from the order's hub card"))
  const { shipmentCarrier, shipmentMethod } = hubModule.account(hubOrder.account).options
  let items: ReturnType<typeof hubItemsOfFulfillment>
  try {
    items = hubItemsOfFulfillment(order.lines, fulfillment)
  } catch (error) {
    return new StepResponse(nothing(`not sent to the hub: ${errorText(error)}`))
  }
  // Only the interest line (no goods): nothing was shipped.
  if (!items.length) return new StepResponse(nothing())
  return new StepResponse(
    keyed({
      kind: "ship",
      shipment: {
        items,
        track: {
          ...track,
          carrier: shipmentCarrier ?? fulfillment.provider_id ?? "",
          method: shipmentMethod ?? fulfillment.shipping_option?.name ?? "",
        },
      },
    })
  )
})
