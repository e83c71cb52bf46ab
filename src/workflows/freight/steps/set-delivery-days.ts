import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { freightSetups } from "../../../queries/freight-setup"

type Input = { shipping_option_id: string; days: number | null }

/**
 * A shipping option's delivery days for freight quotes, kept in its metadata as `hub_delivery_days`
 * (Medusa has no delivery time; null: none); the rest of its metadata is kept. Compensated by the metadata before.
 */
export const setDeliveryDaysStep = createStep(
  "set-hub-freight-delivery-days",
  async ({ shipping_option_id, days }: Input, { container }) => {
    const fulfillment = container.resolve(Modules.FULFILLMENT)
    const option = await fulfillment.retrieveShippingOption(shipping_option_id, { select: ["id", "metadata"] })
    const before = (option.metadata ?? null) as Record<string, unknown> | null
    // Medusa merges an update's metadata into the kept one: cleared days are written as null, not left out.
    await fulfillment.updateShippingOptions(shipping_option_id, { metadata: { ...before, hub_delivery_days: days } } as never)
    // This process quotes the new days at once; others when Medusa's event reaches them, else within their setups' expiry.
    freightSetups(container).clear()
    return new StepResponse({ shipping_option_id, days }, { shipping_option_id, before })
  },
  async (undo, { container }) => {
    if (!undo) return
    await container.resolve(Modules.FULFILLMENT).updateShippingOptions(undo.shipping_option_id, { metadata: { ...undo.before, hub_delivery_days: undo.before?.hub_delivery_days ?? null } } as never)
    freightSetups(container).clear()
  }
)
