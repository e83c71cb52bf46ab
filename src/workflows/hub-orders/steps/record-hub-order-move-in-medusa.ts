import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  createOrderFulfillmentWorkflow,
  createOrderShipmentWorkflow,
  markOrderFulfillmentAsDeliveredWorkflow,
  updateOrderWorkflow,
} from "@medusajs/medusa/core-flows"
import type { MerchantOrderMove, ShipmentInput } from "../../../hub-client"
import { fulfillmentsOfParcel, HUB_MOVE_ID_KEY, HUB_TRACK_CODE_KEY, parcelFulfillments, quantitiesByLine } from "../../../mapping/hub-fulfillment"
import { HUB_MODULE } from "../../../modules/hub"
import { maskPersonalData } from "../../../mapping/personal-data"
import type { HubPluginOptions } from "../../../modules/hub/options"
import type HubModuleService from "../../../modules/hub/service"
import { onlyShippingOptionAt, orderForFulfillment, reservationLocationsOf } from "../../../queries/order-fulfillments"

/** A move the hub took, of the account's order `orderId`, to record in that order. */
export type MoveToRecord = { account: string; moveId: string; orderId: string; move: MerchantOrderMove }

/** The order metadata keys the card's invoice and shipment exception are kept under (the admin shows them). */
export const HUB_INVOICE_KEY = "hub_invoice"
export const HUB_SHIPMENT_EXCEPTION_KEY = "hub_shipment_exception"

/**
 * Records in Medusa a move the hub took, so the order tells one story in both: a shipment becomes a
 * fulfillment of the shipped items, marked shipped with the tracking as its label; a delivery marks
 * the order's shipped fulfillments delivered; an invoice or a shipment exception is kept on the order
 * (`metadata.hub_invoice`, `metadata.hub_shipment_exception`). Each part finds what an earlier try
 * made, so a new try completes it. A failure does not undo the hub's move: it is kept on the move
 * (`medusa_error`) and logged, for the merchant to send the move again. No compensation for the same
 * reason: what it recorded matches a move the hub took, which nothing here can take back.
 *
 * Medusa's workflows run here with `.run()`, not `.runAsStep()`, on purpose: as steps of the move's
 * workflow, Medusa refusing a fulfillment would fail the move the hub has already taken (its record,
 * its event and its hook dropped), and a recording run after the move's workflow would let the
 * order's next move (a delivery) in between a shipment and its recording. Here it stays under the
 * order's lock and its failure is kept, in Medusa's words, on the move.
 */
export const recordHubOrderMoveInMedusaStep = createStep(
  "record-hub-order-move-in-medusa",
  async (input: MoveToRecord, { container }) => {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    let error: string | null = null
    try {
      // Recorded as the options of the account the move's order came from say (its shipping option, ...).
      await recordMove(container, input, hubModule.account(input.account).options)
    } catch (failure) {
      // Medusa's workflows may fail with a plain object that carries a message, not an Error.
      const reason = (failure as { message?: unknown } | null)?.message ?? String(failure)
      // Stored on the move and logged: a Medusa error may quote the customer.
      error = maskPersonalData(`Done on the hub, not recorded in Medusa: ${String(reason)}`).slice(0, 2000)
      container.resolve(ContainerRegistrationKeys.LOGGER).warn(`hub: the ${input.move.kind} move ${input.moveId}: ${error}`)
    }
    await hubModule.account(input.account).records.moves.recordMedusaError(input.moveId, error)
    return new StepResponse({ error })
  }
)

async function recordMove(container: MedusaContainer, { moveId, orderId, move }: MoveToRecord, options: HubPluginOptions): Promise<void> {
  switch (move.kind) {
    case "ship":
      return recordShipment(container, { moveId, orderId, shipment: move.shipment }, options)
    case "deliver":
      return recordDelivery(container, orderId)
    case "invoice":
      // Without a date of its own, the invoice keeps the one first recorded (a new try changes nothing).
      return keepOnOrder(container, orderId, HUB_INVOICE_KEY, (kept) => ({
        key: move.invoice.key,
        issue_date: move.invoice.issue_date ?? (kept?.key === move.invoice.key ? kept.issue_date : undefined) ?? new Date().toISOString(),
      }))
    case "shipment_exception":
      return keepOnOrder(container, orderId, HUB_SHIPMENT_EXCEPTION_KEY, () => ({ ...move.shipment_exception }))
    case "cancel":
      return // Recorded by the marketplace cancel's own workflow.
  }
}

/** `labelUrl`: where the parcel's label is printed (a marketplace delivery's, through the plugin's route); else the tracking URL. */
export type ShipmentToRecord = { moveId: string; orderId: string; shipment: { track: { code: string; url?: string }; items?: ShipmentInput["items"] }; labelUrl?: string }

/**
 * The shipped items' fulfillments, one a location their stock is reserved at (lines the marketplace sold
 * from two warehouses leave from both: docs/catalogue.md, *Warehouses*), then each shipped with the
 * tracking as its label. A try stopped midway finds what it made (by the move or the tracking code) and
 * makes and ships only the rest.
 */
export async function recordShipment(container: MedusaContainer, { moveId, orderId, shipment, labelUrl }: ShipmentToRecord, options: HubPluginOptions) {
  const order = await orderForFulfillment(container, orderId)
  const { track } = shipment
  const made = fulfillmentsOfParcel(order.fulfillments, { moveId, trackCode: track.code })
  const locationOf = await reservationLocationsOf(container, order.lines.map((line) => line.id))
  // A re-ship of goods Medusa has fulfilled already (after a shipment exception) makes nothing new.
  const toMake = parcelFulfillments(order.lines, made, shipment.items, locationOf, options.stockLocationId ?? null)
  const toShip = made.filter((fulfillment) => !fulfillment.shipped_at).map((fulfillment) => ({ id: fulfillment.id, items: [...quantitiesByLine(fulfillment)].map(([id, quantity]) => ({ id, quantity })) }))
  // The option the fulfillment names (Medusa takes its provider from it; the stock is taken at the part's
  // location): the plugin's, the order's, the one leaving from the part's location, else another part's.
  const named = options.shippingOptionId ?? order.shippingOptionId
  const leaving = await Promise.all(toMake.map((part) => (named || !part.locationId ? null : onlyShippingOptionAt(container, part.locationId))))
  const anyLeaving = leaving.find((id) => id) ?? null
  for (const [index, part] of toMake.entries()) {
    const shippingOptionId = named ?? leaving[index] ?? anyLeaving
    if (!shippingOptionId) {
      throw new Error("no shipping option for the fulfillment: set the plugin's `shippingOptionId` option")
    }
    const { result } = await createOrderFulfillmentWorkflow(container).run({
      input: {
        order_id: orderId,
        items: part.items,
        location_id: part.locationId ?? undefined,
        shipping_option_id: shippingOptionId,
        // The marketplace tells its buyer; Medusa's own notification would reach the marketplace's relay address.
        no_notification: true,
        metadata: { [HUB_MOVE_ID_KEY]: moveId, [HUB_TRACK_CODE_KEY]: track.code },
      },
    })
    toShip.push({ id: result.id, items: part.items })
  }
  for (const fulfillment of toShip) {
    await createOrderShipmentWorkflow(container).run({
      input: {
        order_id: orderId,
        fulfillment_id: fulfillment.id,
        items: fulfillment.items,
        labels: [{ tracking_number: track.code, tracking_url: track.url ?? "", label_url: labelUrl ?? track.url ?? "" }],
        no_notification: true,
      },
    })
  }
}

/** Every shipped fulfillment of the order not delivered yet is marked delivered (the hub's delivery is the whole order's). */
export async function recordDelivery(container: MedusaContainer, orderId: string) {
  const order = await orderForFulfillment(container, orderId)
  for (const fulfillment of order.fulfillments.filter((candidate) => candidate.shipped_at && !candidate.delivered_at && !candidate.canceled_at)) {
    await markOrderFulfillmentAsDeliveredWorkflow(container).run({ input: { orderId, fulfillmentId: fulfillment.id } })
  }
}

/** Keeps a move's facts on the order through Medusa's own update, which records it among the order's changes. */
async function keepOnOrder(
  container: MedusaContainer,
  orderId: string,
  key: string,
  valueOf: (kept: Record<string, unknown> | undefined) => Record<string, unknown>
) {
  const order = await orderForFulfillment(container, orderId)
  const value = valueOf(order.metadata?.[key] as Record<string, unknown> | undefined)
  if (JSON.stringify(order.metadata?.[key]) === JSON.stringify(value)) return
  await updateOrderWorkflow(container).run({ input: { id: orderId, user_id: "medusa-plugin-hub", metadata: { ...order.metadata, [key]: value } } })
}
