/*
 * Marketplace prices (issue 41): the price each hub account's rules make of Medusa's price. A markup in
 * percent and a fixed amount (the account's default, or a Medusa product category's, the most specific
 * winning: a category nearer the product than another), rounded once (to the cent, or up to an ending
 * such as ,90), then bounded: under its floor it is held (never sent), and under a floor it cannot
 * read too (issue 49: a floor never fails open); above its ceiling it is the ceiling. The amount it starts from is Medusa's price in the account's region, or a named price list's
 * (src/queries/hub-prices.ts reads it). The sale price follows the same rules and is sent only while it stays below the price.
 * Pure and exact: Medusa's BigNumber arithmetic, whole cents at the end.
 */
import { MathBN, type BigNumber } from "@medusajs/framework/utils"
import { z } from "zod"

const decimal = (field: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, `${field} must be a number`)], `${field} must be a number`)
    .transform((value) => String(value))
    .refine((value) => Number(value) >= min && Number(value) <= max, `${field} must be between ${min} and ${max}`)

const metadataKey = z.string("floor.key must name a metadata key").trim().min(1, "floor.key must name a metadata key").max(100)

const markup = { markup_percent: decimal("markup_percent", -90, 1000).default("0"), fixed_amount: decimal("fixed_amount", -1_000_000, 1_000_000).default("0") }

const priceRulesObject = z.strictObject({
  /**
   * Where the price starts: Medusa's price in the account's region (`region`), or a Medusa price list's
   * own amount in the region's currency (`price_list`; a variant it has no price for keeps the region's).
   */
  source: z
    .discriminatedUnion("kind", [
      z.strictObject({ kind: z.literal("region") }),
      z.strictObject({ kind: z.literal("price_list"), price_list_id: z.string().regex(/^plist_[0-9A-Za-z]+$/, "source.price_list_id must be a Medusa price list id (plist_...)") }),
    ])
    .default({ kind: "region" }),
  ...markup,
  /** Per Medusa product category (its own, or an ancestor's): the nearest category to the product wins. */
  categories: z
    .array(z.strictObject({ category_id: z.string().regex(/^pcat_[0-9A-Za-z]+$/, "category_id must be a Medusa category id (pcat_...)"), ...markup }), "categories must be a list")
    .max(1000, "categories may hold at most 1000 rules")
    .refine((rules) => new Set(rules.map((rule) => rule.category_id)).size === rules.length, "categories: one rule per category")
    .default([]),
  /** `cent`: to the cent (half up); `ending`: up to the next amount ending in `ending_cents` (,90 or ,99: shoppers' habit). */
  rounding: z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("cent") }),
    z.strictObject({ kind: z.literal("ending"), ending_cents: z.number("ending_cents must be a number").int().min(0).max(99) }),
  ]).default({ kind: "cent" }),
  /**
   * Under it a price is held, never sent: a fixed amount; an amount in the variant's metadata under `key`
   * (such as `min_price`, read by `readMerchantAmount`); or the variant's cost (the same) times `factor`.
   */
  floor: z
    .discriminatedUnion("kind", [
      z.strictObject({ kind: z.literal("none") }),
      z.strictObject({ kind: z.literal("amount"), amount: decimal("floor.amount", 0, 1_000_000_000) }),
      z.strictObject({ kind: z.literal("metadata"), key: metadataKey }),
      z.strictObject({ kind: z.literal("cost"), key: metadataKey, factor: decimal("floor.factor", 0.01, 100) }),
    ])
    .default({ kind: "none" }),
  /** Above it the price is the ceiling; null: none. */
  ceiling: decimal("ceiling", 0.01, 1_000_000_000).nullable().default(null),
  /** The sale price made by the same rules (else Medusa's sale amount as it is). */
  sale_follows_rules: z.boolean().default(true),
})

/** The rules as a save takes them: a floor amount above the ceiling would hold every price, so it is refused naming both. */
export const hubPriceRulesSchema = priceRulesObject.superRefine(({ floor, ceiling }, context) => {
  if (floor.kind === "amount" && ceiling !== null && MathBN.gt(floor.amount, ceiling)) {
    context.addIssue({ code: "custom", path: ["floor", "amount"], message: `floor.amount (${floor.amount}) must not be above the ceiling (${ceiling})` })
  }
})

/** The rules read back from the table, without the save's checks: a row saved before a check keeps its floor rather than fall back to no rules. */
export const storedPriceRulesSchema = priceRulesObject
export type HubPriceRules = z.output<typeof hubPriceRulesSchema>
export type HubPriceRulesInput = z.input<typeof hubPriceRulesSchema>

/** An account with no rules saved: Medusa's price as it is (the plugin's behaviour before price rules). */
export const NO_PRICE_RULES: HubPriceRules = hubPriceRulesSchema.parse({})

/** What a variant's price depends on besides its amount: its product's categories (each root-to-leaf) and its metadata. */
export type PriceContext = { categoryPaths: string[][]; metadata: Record<string, unknown> | null }

type Amount = number | string | BigNumber

/**
 * Why the rules hold a price (never sent): under its floor (`floor`: that floor), a floor in the
 * variant's metadata that cannot be read (`value`: as written, its start), 0 or less, or a sale price
 * not below the price.
 */
export type PriceHeld = { held: "under_floor"; floor: number } | { held: "floor_unreadable"; value: string } | { held: "not_positive" } | { held: "sale_not_below" }

/** A price the rules made (`rule`: which markup: `default` or the category's id), or why it is held. */
export type RuledPrice = { amount: number; rule: string } | PriceHeld

type CategoryRule = HubPriceRules["categories"][number]

/** Each rule set's category rules by category id, made once per set: a preview prices 50,000 SKUs under one set of up to 1,000. */
const categoryRulesById = new WeakMap<HubPriceRules["categories"], Map<string, CategoryRule>>()

function categoryRulesOf(rules: HubPriceRules): Map<string, CategoryRule> {
  let byId = categoryRulesById.get(rules.categories)
  if (!byId) categoryRulesById.set(rules.categories, (byId = new Map(rules.categories.map((rule) => [rule.category_id, rule]))))
  return byId
}

/** The markup that applies: the rule of the category nearest the product on any of its paths, else the default. */
function markupOf(rules: HubPriceRules, context: PriceContext): { markup_percent: string; fixed_amount: string; rule: string } {
  if (rules.categories.length) {
    const byId = categoryRulesOf(rules)
    let best: { depth: number; rule: CategoryRule } | undefined
    for (const path of context.categoryPaths) {
      path.forEach((id, depth) => {
        const rule = byId.get(id)
        if (rule && (!best || depth > best.depth)) best = { depth, rule }
      })
    }
    if (best) return { ...best.rule, rule: best.rule.category_id }
  }
  return { markup_percent: rules.markup_percent, fixed_amount: rules.fixed_amount, rule: "default" }
}

/** Cents, half up, from an exact amount: the one rounding of a price. */
const toCents = (amount: Parameters<typeof MathBN.mult>[0]) => MathBN.convert(MathBN.mult(amount, 100)).decimalPlaces(0, 4 /* ROUND_HALF_UP */).toNumber()

function rounded(cents: number, rules: HubPriceRules): number {
  if (rules.rounding.kind === "cent") return cents
  const ending = rules.rounding.ending_cents
  const candidate = Math.floor(cents / 100) * 100 + ending
  return candidate >= cents ? candidate : candidate + 100
}

/** The hub price of a Medusa amount under `rules`, or why it is held (never sent). */
export function hubPriceByRules(medusaAmount: Amount, rules: HubPriceRules, context: PriceContext): RuledPrice {
  const { markup_percent, fixed_amount, rule } = markupOf(rules, context)
  const exact = MathBN.add(MathBN.mult(medusaAmount, MathBN.add(1, MathBN.div(markup_percent, 100))), fixed_amount)
  let cents = rounded(toCents(exact), rules)
  if (rules.ceiling !== null) cents = Math.min(cents, toCents(rules.ceiling))
  if (cents <= 0) return { held: "not_positive" }
  const floor = floorOf(rules, context)
  // A floor that is there but cannot be read holds the price: sending it could sell under the merchant's floor.
  if (floor && "unreadable" in floor) return { held: "floor_unreadable", value: floor.unreadable }
  if (floor && cents < floor.cents) return { held: "under_floor", floor: floor.cents / 100 }
  return { amount: cents / 100, rule }
}

/** The floor in cents, or the metadata value it could not read; null: none (no floor, or nothing under its key). */
function floorOf(rules: HubPriceRules, context: PriceContext): { cents: number } | { unreadable: string } | null {
  const { floor } = rules
  if (floor.kind === "amount") return { cents: toCents(floor.amount) }
  if (floor.kind === "none") return null
  const value = context.metadata?.[floor.key]
  if (value === undefined || value === null) return null
  const amount = readMerchantAmount(value)
  if (amount === null) return { unreadable: written(value) }
  return { cents: toCents(floor.kind === "cost" ? MathBN.mult(amount, floor.factor) : amount) }
}

/**
 * An amount as a merchant writes it, as an exact decimal ("1.234,56" -> "1234.56"), or null when it
 * cannot be read. A number (finite, 0 or more), or text: 90, 90.5, 90,00 (the decimal comma), 1.234,56
 * (Brazilian thousands), 1,234.56. A lone separator before three digits ("1.234") is thousands to a
 * Brazilian and decimals to others: not read, so the merchant is asked rather than a floor misread by 1000.
 */
export function readMerchantAmount(value: unknown): string | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? String(value) : null
  if (typeof value !== "string") return null
  const text = value.trim()
  if (/^\d+$/.test(text)) return text
  const lone = /^(\d+)[.,](\d+)$/.exec(text)
  if (lone) {
    const [, whole, fraction] = lone
    return fraction.length === 3 && whole.length <= 3 && !whole.startsWith("0") ? null : `${whole}.${fraction}`
  }
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(text)) return text.replace(/\./g, "").replace(",", ".")
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) return text.replace(/,/g, "")
  return null
}

/** How much of a value it could not read a held price names: enough to find it, never a page of it. */
const WRITTEN_MAX = 40

function written(value: unknown): string {
  let text: string
  try {
    text = typeof value === "string" ? value : typeof value === "object" ? (JSON.stringify(value) ?? String(value)) : String(value)
  } catch {
    text = String(value)
  }
  return text.length > WRITTEN_MAX ? `${text.slice(0, WRITTEN_MAX)}…` : text
}

/**
 * A variant's hub price and sale price under `rules`: the sale price (Medusa's, lowered by a sale price
 * list) made by the same rules when `sale_follows_rules`, and kept only while below the price.
 */
export function hubPricesByRules(
  price: { originalAmount: Amount; calculatedAmount: Amount; onSale: boolean },
  rules: HubPriceRules,
  context: PriceContext
): { price: RuledPrice; sale: RuledPrice | null } {
  const ruled = hubPriceByRules(price.originalAmount, rules, context)
  if (!price.onSale || !MathBN.lt(price.calculatedAmount, price.originalAmount)) return { price: ruled, sale: null }
  const sale = rules.sale_follows_rules ? hubPriceByRules(price.calculatedAmount, rules, context) : { amount: toCents(price.calculatedAmount) / 100, rule: "medusa" }
  if ("amount" in ruled && "amount" in sale && sale.amount >= ruled.amount) return { price: ruled, sale: { held: "sale_not_below" } }
  return { price: ruled, sale }
}
