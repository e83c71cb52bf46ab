import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { HubAccountOptions } from "../../../../modules/hub/accounts"
import type { PriceHeld } from "../../../../mapping/hub-price-rules"
import { priceStep, priceStepsLeft } from "../../../../mapping/hub-price-steps"
import { hubAmount, type HubProductFields } from "../../../../mapping/hub-product"
import type { RuledVariantPrice } from "../../../../queries/hub-prices"
import { heldView } from "../../../../queries/price-preview"

type OutboxRow = { sku: string; variant_id: string | null; wanted: unknown; accepted: unknown }

/** What made a SKU's hub price: no rules (Medusa's as it is), the account's default markup, or a category's. */
export type HubPriceRuleView = { kind: "none" } | { kind: "default" } | { kind: "category"; category: string }

/** One SKU's price on an account's hub, as the product card shows it (`price` null: held by the rules, `held` says why). */
export type HubPriceView = {
  sku: string
  hub_price: number | null
  medusa_price: number | null
  source: RuledVariantPrice["source"] | null
  rule: HubPriceRuleView | null
  price: number | null
  next_price: number | null
  steps_left: number
  held: PriceHeld["held"] | null
  floor: number | null
  /** For `floor_unreadable`: the floor value in the variant's metadata the rules could not read, as written. */
  unreadable_floor: string | null
}

/**
 * Each SKU's price on an account's hub as the card shows it: what the hub holds, what Medusa wants it
 * to hold, and while a cut goes in steps (src/mapping/hub-price-steps.ts) the next step and how many are
 * left; with what made it (`ruled`, the account's rules read now): the amount they start from, whether a
 * price list, the rule (a category by its name), or why the rules hold it (never sent). Only SKUs whose
 * price the account keeps true (`catalogueFields`).
 */
export function hubPricesView(
  rows: OutboxRow[],
  options: Pick<HubAccountOptions, "priceCutLimitPercent" | "priceCutMarginPercent">,
  ruled: Map<string, RuledVariantPrice> = new Map(),
  categoryNames: Map<string, string> = new Map()
): HubPriceView[] {
  const limit = { limitPercent: options.priceCutLimitPercent, marginPercent: options.priceCutMarginPercent }
  return rows
    .flatMap((row): HubPriceView[] => {
      const reading = row.variant_id ? ruled.get(row.variant_id) : undefined
      const wanted = (row.wanted as HubProductFields | null)?.price
      const heldByRules = reading && !("amount" in reading.price) ? (reading.price as PriceHeld) : null
      if (typeof wanted !== "number" && !heldByRules) return []
      const hubPrice = (row.accepted as HubProductFields | null)?.price ?? null
      const made = {
        sku: row.sku,
        hub_price: hubPrice,
        medusa_price: reading ? hubAmount(reading.medusa.originalAmount) : null,
        source: reading?.source ?? null,
        rule: reading && "amount" in reading.price ? ruleView(reading.price.rule, categoryNames) : null,
      }
      if (typeof wanted !== "number") return [{ ...made, price: null, next_price: null, steps_left: 0, ...heldView(heldByRules!) }]
      const moving = hubPrice === null || Math.round(hubPrice * 100) !== Math.round(wanted * 100)
      return [{ ...made, price: wanted, next_price: moving ? priceStep(hubPrice, wanted, limit) : null, steps_left: moving ? priceStepsLeft(hubPrice, wanted, limit) : 0, held: null, floor: null, unreadable_floor: null }]
    })
    .sort((a, b) => a.sku.localeCompare(b.sku))
}

/** A rule as the engine names it (`none`, `medusa`, `default`, a category's id) in the merchant's words. */
export function ruleView(rule: string, categoryNames: Map<string, string>): HubPriceRuleView {
  if (rule === "none" || rule === "medusa") return { kind: "none" }
  if (rule === "default") return { kind: "default" }
  return { kind: "category", category: categoryNames.get(rule) ?? rule }
}

/** The names of the categories among `rules` (the engine names a category's rule by its id). */
export async function categoryNamesOf(scope: MedusaContainer, rules: Iterable<string | null>): Promise<Map<string, string>> {
  const ids = [...new Set([...rules].filter((rule): rule is string => !!rule?.startsWith("pcat_")))]
  if (!ids.length) return new Map()
  const categories = await scope.resolve(Modules.PRODUCT).listProductCategories({ id: ids }, { select: ["id", "name"] })
  return new Map(categories.map((category) => [category.id, category.name]))
}
