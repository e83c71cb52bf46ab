import type { HubAccountOptions } from "../../../../modules/hub/accounts"
import { priceStep, priceStepsLeft } from "../../../../mapping/hub-price-steps"
import type { HubProductFields } from "../../../../mapping/hub-product"

type OutboxRow = { sku: string; wanted: unknown; accepted: unknown }

/**
 * Each SKU's price on an account's hub as the card shows it: what the hub holds, what Medusa wants it
 * to hold, and while a cut goes in steps (src/mapping/hub-price-steps.ts) the next step and how many are
 * left. Only SKUs whose price the account keeps true (`catalogueFields`).
 */
export function hubPricesView(rows: OutboxRow[], options: Pick<HubAccountOptions, "priceCutLimitPercent" | "priceCutMarginPercent">) {
  const limit = { limitPercent: options.priceCutLimitPercent, marginPercent: options.priceCutMarginPercent }
  return rows
    .filter((row) => typeof (row.wanted as HubProductFields | null)?.price === "number")
    .map((row) => {
      const wanted = (row.wanted as HubProductFields).price!
      const held = (row.accepted as HubProductFields).price ?? null
      const moving = held === null || Math.round(held * 100) !== Math.round(wanted * 100)
      return {
        sku: row.sku,
        hub_price: held,
        price: wanted,
        next_price: moving ? priceStep(held, wanted, limit) : null,
        steps_left: moving ? priceStepsLeft(held, wanted, limit) : 0,
      }
    })
    .sort((a, b) => a.sku.localeCompare(b.sku))
}
export type HubPriceView = ReturnType<typeof hubPricesView>[number]
