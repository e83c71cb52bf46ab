import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { hubDeliveryOf } from "../../../hub-client"
import type { HubShipmentParcel } from "../../../mapping/hub-fulfillment"
import { HUB_MODULE } from "../../../modules/hub"
import { accountInLog } from "../../../modules/hub/accounts"
import type HubModuleService from "../../../modules/hub/service"
import { recordDelivery, recordShipment } from "./record-hub-order-move-in-medusa"

export type HubShipmentsToRecord = {
  orderId: string
  hubOrderId: string
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
  const hubModule = container.resolve<HubModuleService>(HUB_MODULE)
  const { options } = hubModule.account(input.account)
  const labelUrl = input.parcels.length ? await labelUrlOf(container, hubModule, input) : undefined
  for (const parcel of input.parcels) {
    if (parcel.trackUrlDropped) {
      // Not the URL itself: it may carry anything the hub put in it.
      container.resolve(ContainerRegistrationKeys.LOGGER).warn(`${accountInLog(input.account)} hub order ${input.hubOrderId}, parcel ${parcel.track.code}: the hub's tracking URL is not an http(s) address of at most 200 characters; the fulfillment is made without it`)
    }
    await recordShipment(container, { moveId: parcel.moveId, orderId: input.orderId, shipment: { track: parcel.track, ...(parcel.items ? { items: parcel.items } : {}) }, labelUrl }, options)
  }
  if (input.delivered) await recordDelivery(container, input.orderId)
  return new StepResponse({ parcels: input.parcels.length })
})

/**
 * Where Medusa's own order page prints the label of an order the marketplace's delivery carries: the
 * plugin's label route on the store's public URL (Medusa's `admin.backendUrl`; Medusa links only an
 * absolute http(s) URL). None for the merchant's own carrier or the marketplace's warehouse, or when
 * the store's URL is not known.
 */
async function labelUrlOf(container: MedusaContainer, hubModule: HubModuleService, input: HubShipmentsToRecord): Promise<string | undefined> {
  const backendUrl = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE).admin?.backendUrl
  if (!backendUrl || !/^https?:\/\//i.test(backendUrl)) return undefined
  const record = await hubModule.account(input.account).records.orders.byId(input.hubOrderId)
  if (!record) return undefined
  const delivery = hubDeliveryOf(record)
  if (delivery !== "correios" && delivery !== "direct") return undefined
  return `${backendUrl.replace(/\/+$/, "")}/admin/hub/orders/${encodeURIComponent(record.code)}/label?account=${encodeURIComponent(input.account)}`
}
