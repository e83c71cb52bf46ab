import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { HubShipmentParcel } from "../../../mapping/hub-fulfillment"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"
import { recordDelivery, recordShipment } from "./record-hub-order-move-in-medusa"

export type HubShipmentsToRecord = {
  orderId: string
  account: string
  /** The parcels the hub order lists (`hubShipmentParcels`). */
  parcels: HubShipmentParcel[]
  /** The hub says the order was delivered: its shipped fulfillments are marked delivered. */
  delivered: boolean
}

/**
 * The hub shipped or delivered an order by itself (its own delivery, or a move made on its panel):
 * each parcel becomes a Medusa fulfillment of its items at the location they were reserved at, shipped
 * with its tracking, as the card's shipments are (`recordShipment`); a delivery marks them delivered.
 * A parcel Medusa has already (made for the card's move, shipped from Medusa's own admin, or by an
 * earlier try: the same tracking code) is not made again, so a retry or a second worker completes
 * what is missing and nothing twice. The fulfillments carry `hub_move_id` `hub-shipment:<code>`, so the
 * subscribers that send Medusa's shipments to the hub leave them alone: nothing is echoed. No
 * compensation: what it records is what the hub has done.
 */
export const recordHubShipmentsStep = createStep("record-hub-shipments-in-medusa", async (input: HubShipmentsToRecord, { container }) => {
  const options = container.resolve<HubModuleService>(HUB_MODULE).account(input.account).options
  for (const parcel of input.parcels) {
    await recordShipment(container, { moveId: parcel.moveId, orderId: input.orderId, shipment: { track: parcel.track, ...(parcel.items ? { items: parcel.items } : {}) } }, options)
  }
  if (input.delivered) await recordDelivery(container, input.orderId)
  return new StepResponse({ parcels: input.parcels.length })
})
