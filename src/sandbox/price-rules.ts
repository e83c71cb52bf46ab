/*
 * The hub's price rules as the sandbox plays them (docs/hub-public-facts.md, Prices): a cut of
 * `maxCutPercent` or more in one update is refused (the merchant steps down), and (`strict`, the 2025
 * product model) a price or promotional price may be neither 0 nor empty. A product seeded through the
 * control routes is not checked; every update through the hub's routes is. Amounts compared in cents.
 */
import { z } from "zod"
import { SandboxHubError } from "./errors"

export const sandboxPriceRulesSchema = z.strictObject({
  /** A cut of this share or more (of the price, or of the sale price, or of the price a new sale price lowers) is refused; null: none. */
  maxCutPercent: z.number().int().min(1).max(99).nullable().default(50),
  /** Refuses a price or promotional price of 0 or null (a hub on the 2025 product model). */
  strict: z.boolean().default(true),
})
export type SandboxPriceRules = z.output<typeof sandboxPriceRulesSchema>
export const DEFAULT_SANDBOX_PRICE_RULES: SandboxPriceRules = sandboxPriceRulesSchema.parse({})

type Prices = { price?: number; promotional_price?: number | null }

const cents = (amount: number) => Math.round(amount * 100)

/** Refuses an update of `before`'s prices the hub's rules do not allow, in the hub's words (a 422). */
export function checkPriceUpdate(before: Prices, update: Prices, rules: SandboxPriceRules): void {
  if (rules.strict) {
    if (update.price === 0 || update.promotional_price === 0 || update.promotional_price === null) {
      throw new SandboxHubError(422, "O preço e o preço promocional não podem ser zero nem vazios")
    }
  }
  if (rules.maxCutPercent === null) return
  const cut = (from: number | null | undefined, to: number | null | undefined) =>
    from != null && to != null && from > 0 && cents(to) * 100 <= cents(from) * (100 - rules.maxCutPercent!)
  const promotionalFrom = before.promotional_price ?? before.price
  if (cut(before.price, update.price) || cut(promotionalFrom, update.promotional_price)) {
    throw new SandboxHubError(422, `Não é permitida uma redução de preço maior ou igual a ${rules.maxCutPercent}%`)
  }
}
