import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { FALLBACK_KEY, fallbackOf, type FreightFallback } from "../../../mapping/freight-rules"
import { freightSetups } from "../../../queries/freight-setup"

type Input = { shipping_option_id: string; account: string; fallback: FreightFallback | null }

/**
 * A calculated option's zone table for one account (amount and days answered when its provider is
 * late and nothing is cached for the quote), kept in its metadata beside its delivery days as
 * `hub_freight_fallback[account]` (null: none); other accounts' entries and the rest of the metadata are kept.
 * Compensated by the entry before.
 */
export const setFallbackStep = createStep(
  "set-hub-freight-fallback",
  async ({ shipping_option_id, account, fallback }: Input, { container }) => {
    const fulfillment = container.resolve(Modules.FULFILLMENT)
    const option = await fulfillment.retrieveShippingOption(shipping_option_id, { select: ["id", "metadata"] })
    const previous = fallbackOf(option.metadata, account)
    await fulfillment.updateShippingOptions(shipping_option_id, { metadata: withFallback(option.metadata, account, fallback) } as never)
    // This process quotes with it at once; others when Medusa's event reaches them, else within their setups' expiry.
    freightSetups(container).clear()
    return new StepResponse({ shipping_option_id, fallback }, { shipping_option_id, account, previous })
  },
  async (undo, { container }) => {
    if (!undo) return
    const fulfillment = container.resolve(Modules.FULFILLMENT)
    const option = await fulfillment.retrieveShippingOption(undo.shipping_option_id, { select: ["id", "metadata"] })
    await fulfillment.updateShippingOptions(undo.shipping_option_id, { metadata: withFallback(option.metadata, undo.account, undo.previous) } as never)
    freightSetups(container).clear()
  }
)

/** Medusa merges an update's metadata into the kept one: a cleared entry is written as null, not left out. */
function withFallback(metadata: Record<string, unknown> | null | undefined, account: string, fallback: FreightFallback | null) {
  return { ...metadata, [FALLBACK_KEY]: { ...((metadata?.[FALLBACK_KEY] ?? {}) as Record<string, FreightFallback | null>), [account]: fallback } }
}
