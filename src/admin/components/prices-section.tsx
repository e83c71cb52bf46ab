import { Button, Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import type { HubPriceRulesAnswer } from "../../api/admin/hub/types"
import { adminLocale, errorMessage, formatAmount, formatTime } from "../lib/format"
import { useHubAccount } from "../lib/hub-account"
import { useHubTranslation } from "../lib/i18n"
import { sdk } from "../lib/sdk"
import { PriceRulesDrawer } from "./prices/price-rules-drawer"
import { PriceSteps } from "./prices/price-steps"

/** The shown account's price rules in a line each, and *Edit price rules* (docs/catalogue.md, Marketplace prices). */
export const PricesSection = () => {
  const { t } = useHubTranslation("page")
  const { account } = useHubAccount()
  const [editing, setEditing] = useState(false)
  const rules = useQuery({
    queryKey: ["hub", "prices", "rules", account],
    queryFn: () => sdk.client.fetch<HubPriceRulesAnswer>("/admin/hub/prices/rules", { query: { account } }),
    // While a save is applied to the catalogue, its progress is read again.
    refetchInterval: (query) => (query.state.data?.applying ? 2_000 : false),
  })
  const applying = rules.data?.applying ?? null
  const current = rules.data?.rules
  const currency = rules.data?.currency_code ?? null
  const priceListId = current?.source.kind === "price_list" ? current.source.price_list_id : null
  const priceList = useQuery({
    queryKey: ["hub", "prices", "price-list", priceListId],
    queryFn: () => sdk.admin.priceList.retrieve(priceListId!, { fields: "id,title" }),
    enabled: priceListId !== null,
  })
  const floorLine = (floor: HubPriceRulesAnswer["rules"]["floor"]) => {
    if (floor.kind === "amount") return t("prices.line.floorAmount", { amount: formatAmount(floor.amount, currency) })
    if (floor.kind === "metadata") return t("prices.line.floorKey", { key: floor.key })
    if (floor.kind === "cost") return t("prices.line.floorCost", { key: floor.key, factor: floor.factor })
    return t("prices.line.noFloor")
  }
  return (
    <Container className="divide-y p-0" data-testid="hub-prices-section">
      <div className="flex items-center justify-between gap-x-3 px-6 py-4">
        <div className="flex flex-col gap-y-1">
          <Heading level="h2">{t("prices.heading")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("prices.description")}
          </Text>
        </div>
        <Button size="small" variant="secondary" disabled={!current} onClick={() => setEditing(true)}>
          {t("prices.edit")}
        </Button>
      </div>
      <div className="flex flex-col gap-y-1 px-6 py-4" data-testid="hub-prices-rules">
        {rules.error && <Text className="text-ui-fg-error">{errorMessage(rules.error)}</Text>}
        {current && (
          <>
            <Text size="small">{priceListId ? t("prices.line.priceList", { list: priceList.data?.price_list.title ?? priceListId }) : t("prices.line.region")}</Text>
            <Text size="small">{t("prices.line.markup", { percent: current.markup_percent, fixed: formatAmount(current.fixed_amount, currency) })}</Text>
            <Text size="small">{current.rounding.kind === "ending" ? t("prices.line.ending", { cents: String(current.rounding.ending_cents).padStart(2, "0") }) : t("prices.line.cent")}</Text>
            <Text size="small">
              {floorLine(current.floor)}
              {current.ceiling ? ` ${t("prices.line.ceiling", { amount: formatAmount(current.ceiling, currency) })}` : ""}
            </Text>
            {current.categories.length > 0 && <Text size="small">{t("prices.line.categories", { count: current.categories.length })}</Text>}
            {rules.data?.no_sale && (
              <Text size="small" className="text-ui-fg-subtle" data-testid="hub-prices-no-sale">
                {rules.data.no_sale.way
                  ? t(`prices.noSale.${rules.data.no_sale.source}`, { way: t(`prices.noSale.way.${rules.data.no_sale.way}`) })
                  : t("prices.noSale.none")}
              </Text>
            )}
            {applying ? (
              <Text size="small" className="text-ui-fg-subtle" data-testid="hub-prices-applying">
                {t("prices.line.applying", { recorded: applying.recorded.toLocaleString(adminLocale()), skus: applying.skus.toLocaleString(adminLocale()) })}
              </Text>
            ) : (
              rules.data?.applied && (
                <Text size="small" className="text-ui-fg-subtle" data-testid="hub-prices-applied">
                  {t("prices.line.applied", { count: rules.data.applied.skus, at: formatTime(rules.data.applied.at) })}
                </Text>
              )
            )}
          </>
        )}
      </div>
      <PriceSteps currency={currency} />
      {editing && current && <PriceRulesDrawer account={account} rules={current} onClose={() => setEditing(false)} />}
    </Container>
  )
}
