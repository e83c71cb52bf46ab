import { Button, Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import type { HubPriceRulesAnswer } from "../../api/admin/hub/types"
import { errorMessage } from "../lib/format"
import { useHubAccount } from "../lib/hub-account"
import { useHubTranslation } from "../lib/i18n"
import { sdk } from "../lib/sdk"
import { PriceRulesDrawer } from "./prices/price-rules-drawer"

/** The shown account's price rules in a line each, and *Edit price rules* (docs/catalogue.md, Marketplace prices). */
export const PricesSection = () => {
  const { t } = useHubTranslation("page")
  const { account } = useHubAccount()
  const [editing, setEditing] = useState(false)
  const rules = useQuery({
    queryKey: ["hub", "prices", "rules", account],
    queryFn: () => sdk.client.fetch<HubPriceRulesAnswer>("/admin/hub/prices/rules", { query: { account } }),
  })
  const current = rules.data?.rules
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
            <Text size="small">{t("prices.line.markup", { percent: current.markup_percent, fixed: current.fixed_amount })}</Text>
            <Text size="small">{current.rounding.kind === "ending" ? t("prices.line.ending", { cents: String(current.rounding.ending_cents).padStart(2, "0") }) : t("prices.line.cent")}</Text>
            <Text size="small">
              {current.floor.kind === "amount" ? t("prices.line.floorAmount", { amount: current.floor.amount }) : current.floor.kind === "metadata" ? t("prices.line.floorKey", { key: current.floor.key }) : t("prices.line.noFloor")}
              {current.ceiling ? ` ${t("prices.line.ceiling", { amount: current.ceiling })}` : ""}
            </Text>
            {current.categories.length > 0 && <Text size="small">{t("prices.line.categories", { count: current.categories.length })}</Text>}
          </>
        )}
      </div>
      {editing && current && <PriceRulesDrawer account={account} rules={current} onClose={() => setEditing(false)} />}
    </Container>
  )
}
