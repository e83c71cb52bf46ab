import type { MedusaContainer } from "@medusajs/framework/types"
import { hubPricesByRules, type HubPriceRules } from "../mapping/hub-price-rules"
import { priceStepsLeft } from "../mapping/hub-price-steps"
import { hubAmount, type HubProductFields } from "../mapping/hub-product"
import type { HubAccountOptions } from "../modules/hub/accounts"
import { medusaVariantPrices } from "./hub-prices"

/** An outbox row as the preview reads it. */
export type PreviewRow = { sku: string; variant_id: string | null; accepted: unknown }

/** One SKU under rules not saved yet: Medusa's price, the hub's now, the hub's after, the change and its steps, or why it would be held. */
export type PricePreviewLine = {
  sku: string
  medusa_price: number | null
  hub_price: number | null
  price_after: number | null
  change_percent: number | null
  steps: number
  held: string | null
}

/** The lines of `rows` under `rules` (one read of Medusa for them all). */
export async function previewPrices(container: MedusaContainer, rows: PreviewRow[], options: HubAccountOptions, rules: HubPriceRules): Promise<PricePreviewLine[]> {
  const variantIds = rows.flatMap((row) => (row.variant_id ? [row.variant_id] : []))
  const prices = await medusaVariantPrices(container, variantIds, options, true)
  const limit = { limitPercent: options.priceCutLimitPercent, marginPercent: options.priceCutMarginPercent }
  return rows.map((row) => {
    const held = (row.accepted as HubProductFields | null)?.price ?? null
    const reading = row.variant_id ? prices.get(row.variant_id) : undefined
    if (!reading) return { sku: row.sku, medusa_price: null, hub_price: held, price_after: null, change_percent: null, steps: 0, held: "no price in the account's region" }
    const { price } = hubPricesByRules(reading.medusa, rules, reading.context)
    const medusaPrice = hubAmount(reading.medusa.originalAmount)
    if (!("amount" in price)) return { sku: row.sku, medusa_price: medusaPrice, hub_price: held, price_after: null, change_percent: null, steps: 0, held: price.held }
    const change = held ? Math.round(((price.amount - held) / held) * 10_000) / 100 : null
    const moving = held === null || Math.round(held * 100) !== Math.round(price.amount * 100)
    return { sku: row.sku, medusa_price: medusaPrice, hub_price: held, price_after: price.amount, change_percent: change, steps: moving ? priceStepsLeft(held, price.amount, limit) : 0, held: null }
  })
}
