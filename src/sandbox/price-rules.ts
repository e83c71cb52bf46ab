/*
 * The hub's price rules as the sandbox plays them (docs/hub-public-facts.md, Prices): a cut of
 * `maxCutPercent` or more in one update is refused (the merchant steps down), and the product model
 * says how a sale is held. `2025`: a price or promotional price may be neither 0 nor null, and a
 * promotional price equal to the price is no sale. `legacy` (the older model): a null promotional price
 * is no sale, and one that is there must be lower than the price. The record says neither model's way
 * of taking "no sale"; these profiles are the sandbox's, for trying the plugin on both, not its
 * assumptions. A product seeded through the control routes is not checked; every create and update
 * through the hub's routes is. Amounts compared in cents.
 */
import { z } from "zod"
import { SandboxHubError } from "./errors"

export const PRODUCT_MODELS = ["2025", "legacy"] as const
export type ProductModel = (typeof PRODUCT_MODELS)[number]

export const sandboxPriceRulesSchema = z.strictObject({
  /** A cut of this share or more (of the price, or of the sale price, or of the price a new sale price lowers) is refused; null: none. */
  maxCutPercent: z.number().int().min(1).max(99).nullable().default(50),
  /** How the hub holds a sale (see above): `2025` (the default) or `legacy`. */
  productModel: z.enum(PRODUCT_MODELS, `productModel must be one of ${PRODUCT_MODELS.join(", ")}`).default("2025"),
})
export type SandboxPriceRules = z.output<typeof sandboxPriceRulesSchema>
export const DEFAULT_SANDBOX_PRICE_RULES: SandboxPriceRules = sandboxPriceRulesSchema.parse({})

const NOT_ZERO_NOR_EMPTY = "O preço e o preço promocional não podem ser zero nem vazios"

type Prices = { price?: number; promotional_price?: number | null }

const cents = (amount: number) => Math.round(amount * 100)

/** Refuses an update of `before`'s prices the hub's rules do not allow, in the hub's words (a 422). */
export function checkPriceUpdate(before: Prices, update: Prices, rules: SandboxPriceRules): void {
  if (rules.productModel === "2025" && (update.price === 0 || update.promotional_price === 0 || update.promotional_price === null)) {
    throw new SandboxHubError(422, NOT_ZERO_NOR_EMPTY)
  }
  if (rules.maxCutPercent === null) return
  const cut = (from: number | null | undefined, to: number | null | undefined) =>
    from != null && to != null && from > 0 && cents(to) * 100 <= cents(from) * (100 - rules.maxCutPercent!)
  const promotionalFrom = before.promotional_price ?? before.price
  if (cut(before.price, update.price) || cut(promotionalFrom, update.promotional_price)) {
    throw new SandboxHubError(422, `Não é permitida uma redução de preço maior ou igual a ${rules.maxCutPercent}%`)
  }
}

/**
 * A promotional price beside its price, as the model holds a sale: above the price is refused by both;
 * equal is no sale on `2025` and refused on `legacy`; null (given) is refused on `2025`. `field` prefixes
 * the words (`product`, `product.variations.0`).
 */
export function checkPromotion(field: string, promotional: number | null | undefined, price: number | undefined, model: ProductModel): void {
  if (model === "2025" && promotional === null) throw new SandboxHubError(422, `${field}.promotional_price: ${NOT_ZERO_NOR_EMPTY}`)
  if (promotional == null || price === undefined) return
  if (model === "legacy" && cents(promotional) >= cents(price)) {
    throw new SandboxHubError(422, `${field}.promotional_price must be lower than price (${promotional} is not below ${price})`)
  }
  if (cents(promotional) > cents(price)) throw new SandboxHubError(422, `${field}.promotional_price: ${promotional} must not be above price (${price})`)
}
