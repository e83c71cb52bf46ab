import { createDataTableColumnHelper, Heading } from "@medusajs/ui"
import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { useMemo } from "react"
import type { HubPriceStepsPage } from "../../../api/admin/hub/types"
import { errorMessage, formatAmount } from "../../lib/format"
import { useHubAccount } from "../../lib/hub-account"
import { HUB_PAGE_REFRESH_MS } from "../../lib/hub-queries"
import { useHubTranslation } from "../../lib/i18n"
import { sdk } from "../../lib/sdk"
import { HubDataTable, useHubPagination } from "../hub-data-table"

type Step = HubPriceStepsPage["price_steps"][number]
const column = createDataTableColumnHelper<Step>()

/**
 * The shown account's SKUs whose price goes down in steps now (the hub refuses a cut of half or more at
 * once): what the hub holds, the price each step goes to next, the price Medusa wants and the steps left.
 * Shown only while there are some (a step goes as soon as the hub took the last: seconds, mostly).
 */
export const PriceSteps = ({ currency }: { currency: string | null }) => {
  const { t } = useHubTranslation("page")
  const { account } = useHubAccount()
  const pagination = useHubPagination()
  const steps = useQuery({
    queryKey: ["hub", "catalogue", "price-steps", account, pagination.query],
    queryFn: () => sdk.client.fetch<HubPriceStepsPage>("/admin/hub/catalogue/price-steps", { query: { account, ...pagination.query } }),
    placeholderData: keepPreviousData,
    refetchInterval: HUB_PAGE_REFRESH_MS,
  })
  const columns = useMemo(
    () => [
      column.accessor("sku", { header: "SKU" }),
      column.accessor("hub_price", { header: t("prices.steps.now"), cell: ({ getValue }) => formatAmount(getValue(), currency) }),
      column.accessor("next_price", { header: t("prices.steps.next"), cell: ({ getValue }) => formatAmount(getValue(), currency) }),
      column.accessor("price", { header: t("prices.steps.target"), cell: ({ getValue }) => formatAmount(getValue(), currency) }),
      column.accessor("steps_left", { header: t("prices.steps.left") }),
    ],
    [t, currency]
  )
  if (!steps.data?.count && !steps.error) return null
  return (
    <div className="flex flex-col gap-y-2 py-4" data-testid="hub-price-steps">
      <Heading level="h3" className="px-6">
        {t("prices.steps.heading", { n: steps.data?.count ?? 0 })}
      </Heading>
      <HubDataTable
        testId="hub-price-steps-table"
        data={steps.data?.price_steps ?? []}
        count={steps.data?.count ?? 0}
        pagination={pagination}
        columns={columns}
        rowId={(step) => step.sku}
        isLoading={steps.isLoading}
        empty=""
        unreadable={steps.error ? errorMessage(steps.error) : undefined}
      />
    </div>
  )
}
