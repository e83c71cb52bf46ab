import { Text } from "@medusajs/ui"
import type { HubPriceView } from "../../../api/admin/hub/products/prices"
import { formatAmount } from "../../lib/format"
import { useHubTranslation } from "../../lib/i18n"
import { SectionRow } from "../section-row"


/**
 * Each SKU's price on this account's hub: what it holds, and while a cut larger than the hub takes at
 * once goes in steps, the price it steps down to, the next step's and how many are left.
 */
export const HubPrices = ({ prices }: { prices: HubPriceView[] }) => {
  const { t } = useHubTranslation("product")
  if (!prices.length) return null
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
                {price.hub_price === null ? t("prices.notYet", { price: formatAmount(price.price) }) : formatAmount(price.hub_price)}
              </Text>
              {price.hub_price !== null && price.steps_left > 1 && (
                <Text size="small" leading="compact" className="text-ui-fg-muted" data-testid="hub-product-price-steps">
                  {t("prices.stepping", { price: formatAmount(price.price), next: formatAmount(price.next_price!), count: price.steps_left })}
                </Text>
              )}
              {price.hub_price !== null && price.steps_left === 1 && (
                <Text size="small" leading="compact" className="text-ui-fg-muted">
                  {t("prices.going", { price: formatAmount(price.price) })}
                </Text>
              )}
            </div>
          ))}
        </div>
      }
    />
  )
}
