import type { MedusaContainer } from "@medusajs/framework/types"
import type { HubPriceRules, PriceHeld } from "../mapping/hub-price-rules"
import { priceStepsLeft } from "../mapping/hub-price-steps"
import { hubAmount, type HubProductFields } from "../mapping/hub-product"
import type { HubAccountOptions } from "../modules/hub/accounts"
import { ruledVariantPrices } from "./hub-prices"

/** An outbox row as the preview reads it. */
export type PreviewRow = { sku: string; variant_id: string | null; accepted: unknown }

/**
 * One SKU under rules not saved yet: Medusa's price (the one the rules start from), the hub's now, the
 * hub's after, the change and its steps, the rule that made it (`default`, a category's id), or why it
 * would be held.
 */
export type PricePreviewLine = {
  sku: string
  medusa_price: number | null
  hub_price: number | null
  price_after: number | null
  change_percent: number | null
  steps: number
  rule: string | null
  /** Why it would be held (never sent): the rules' reason, or `no_price` (none in the account's region); `floor` for `under_floor`. */
  held: PriceHeld["held"] | "no_price" | null
  floor: number | null
  /** For `floor_unreadable`: the floor value in the variant's metadata the rules could not read, as written. */
  unreadable_floor: string | null
}

/** Why the rules hold a price, as the preview and the product card show it: the reason, the floor, or the floor value they could not read. */
export function heldView(held: PriceHeld): { held: PriceHeld["held"]; floor: number | null; unreadable_floor: string | null } {
  return { held: held.held, floor: held.held === "under_floor" ? held.floor : null, unreadable_floor: held.held === "floor_unreadable" ? held.value : null }
}

/** The lines of `rows` under `rules` (one read of Medusa for them all), and the account's currency. */
export async function previewPrices(container: MedusaContainer, rows: PreviewRow[], options: HubAccountOptions, rules: HubPriceRules): Promise<{ currencyCode: string | null; lines: PricePreviewLine[] }> {
  const variantIds = rows.flatMap((row) => (row.variant_id ? [row.variant_id] : []))
  const { currencyCode, prices } = await ruledVariantPrices(container, variantIds, options, rules)
  const limit = { limitPercent: options.priceCutLimitPercent, marginPercent: options.priceCutMarginPercent }
  const lines = rows.map((row): PricePreviewLine => {
    const held = (row.accepted as HubProductFields | null)?.price ?? null
    const reading = row.variant_id ? prices.get(row.variant_id) : undefined
    const line = { sku: row.sku, hub_price: held, price_after: null, change_percent: null, steps: 0, rule: null, floor: null, unreadable_floor: null }
    if (!reading) return { ...line, medusa_price: null, held: "no_price" }
    const { price } = reading
    const medusaPrice = hubAmount(reading.medusa.originalAmount)
    if (!("amount" in price)) return { ...line, medusa_price: medusaPrice, ...heldView(price) }
    const change = held ? Math.round(((price.amount - held) / held) * 10_000) / 100 : null
    const moving = held === null || Math.round(held * 100) !== Math.round(price.amount * 100)
    return { ...line, medusa_price: medusaPrice, price_after: price.amount, change_percent: change, steps: moving ? priceStepsLeft(held, price.amount, limit) : 0, rule: price.rule, held: null }
  })
  return { currencyCode, lines }
}
