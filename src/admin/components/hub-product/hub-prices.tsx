import { Text } from "@medusajs/ui"
import type { HubPriceView } from "../../../api/admin/hub/products/prices"
import { formatAmount } from "../../lib/format"
import { useHubTranslation } from "../../lib/i18n"
import { SectionRow } from "../section-row"

type Translate = (key: string, values?: Record<string, unknown>) => string

/** What made a price, in the merchant's words (the server names a category's rule by its name). */
export function ruleText(t: Translate, rule: NonNullable<HubPriceView["rule"]>): string {
  return rule.kind === "category" ? t("prices.rule.category", { category: rule.category }) : t(`prices.rule.${rule.kind}`)
}

/**
 * Each SKU's price on this account's hub, in its currency: what it holds, what made it (Medusa's price,
 * from a price list or the region, and the rule), and while a cut larger than the hub takes at once goes
 * in steps, the price it steps down to, the next step's and how many are left; or why the rules hold it.
 */
export const HubPrices = ({ prices, currency }: { prices: HubPriceView[]; currency: string | null }) => {
  const { t } = useHubTranslation("product")
  if (!prices.length) return null
  const amount = (value: number | null) => formatAmount(value, currency)
  return (
    <SectionRow
      label={t("prices.label")}
      testId="hub-product-prices"
      value={
        <div className="flex flex-col gap-y-1">
          {prices.map((price) => (
            <div key={price.sku} data-testid="hub-product-price">
              <Text size="small" leading="compact">
                {prices.length > 1 ? `${price.sku}: ` : ""}
                {price.hub_price === null && price.price !== null ? t("prices.notYet", { price: amount(price.price) }) : amount(price.hub_price)}
              </Text>
              {price.rule && price.medusa_price !== null && (
                <Text size="small" leading="compact" className="text-ui-fg-subtle" data-testid="hub-product-price-rule">
                  {t(price.source === "price_list" ? "prices.madeFromList" : "prices.madeFrom", { medusa: amount(price.medusa_price), rule: ruleText(t, price.rule) })}
                </Text>
              )}
              {price.held && (
                <Text size="small" leading="compact" className="text-ui-fg-error" data-testid="hub-product-price-held">
                  {t("prices.heldLine", { reason: t(`prices.held.${price.held}`, { floor: amount(price.floor), value: price.unreadable_floor }) })}
                </Text>
              )}
              {price.price !== null && price.hub_price !== null && price.steps_left > 1 && (
                <Text size="small" leading="compact" className="text-ui-fg-muted" data-testid="hub-product-price-steps">
                  {t("prices.stepping", { price: amount(price.price), next: amount(price.next_price), count: price.steps_left })}
                </Text>
              )}
              {price.price !== null && price.hub_price !== null && price.steps_left === 1 && (
                <Text size="small" leading="compact" className="text-ui-fg-muted">
                  {t("prices.going", { price: amount(price.price) })}
                </Text>
              )}
            </div>
          ))}
        </div>
      }
    />
  )
}
