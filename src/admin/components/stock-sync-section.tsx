import { Button, Container, createDataTableColumnHelper, Heading, Text } from "@medusajs/ui"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import type { StockSyncFigures } from "../../api/admin/hub/types"
import { useMemo } from "react"
import { adminLocale, errorMessage, formatTime } from "../lib/format"
import { useHubAccount } from "../lib/hub-account"
import { useHubSkusInError, useHubStockFigures } from "../lib/hub-queries"
import { useHubTranslation } from "../lib/i18n"
import { sdk } from "../lib/sdk"
import { HubDataTable, useHubPagination } from "./hub-data-table"

type Reconciliation = NonNullable<StockSyncFigures["lastReconciliation"]>

type TFunction = ReturnType<typeof useHubTranslation>["t"]

const skuColumn = createDataTableColumnHelper<StockSyncFigures["skusInError"][number]>()

/** The SKUs the hub refuses: what was refused, the hub's answer and reason, since when. */
function useSkuColumns() {
  const { t } = useHubTranslation("page")
  return useMemo(
    () => [
      skuColumn.accessor("sku", { header: t("stock.columns.sku") }),
      skuColumn.accessor("availableQuantity", { header: t("stock.columns.available") }),
      skuColumn.accessor("refusedFields", {
        header: t("stock.columns.refused"),
        cell: ({ getValue }) => <span className="whitespace-nowrap">{describeFields(t, getValue()) || "—"}</span>,
      }),
      skuColumn.accessor("status", { header: t("stock.columns.hubAnswer"), cell: ({ getValue }) => getValue() ?? t("stock.noAnswer") }),
      skuColumn.accessor("reason", {
        header: t("stock.columns.reason"),
        cell: ({ getValue }) => <span className="block min-w-[18rem] whitespace-normal">{getValue()}</span>,
      }),
      skuColumn.accessor("since", { header: t("stock.columns.since"), cell: ({ getValue }) => formatTime(getValue()) }),
    ],
    [t]
  )
}

/** A hub field in the merchant's words ("sale price"), the field's own name when it has none. */
const fieldLabel = (t: TFunction, field: string) => (["qty", "price", "promotional_price", "status"].includes(field) ? t(`stock.fields.${field}`) : field)

/** `{ promotional_price: 79.9 }` -> "sale price 79.90": the field values the hub refused. */
function describeFields(t: TFunction, fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .map(([field, value]) => {
      const shown = typeof value === "number" && field !== "qty" ? value.toLocaleString(adminLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : String(value ?? t("stock.cleared"))
      return `${fieldLabel(t, field)} ${shown}`
    })
    .join(", ")
}

/** The shown account's catalogue outbox (backlog, pushes per hour, SKUs the hub refused) and reconciliation. */
export const StockSyncSection = () => {
  const { t } = useHubTranslation("page")
  const { account } = useHubAccount()
  const skuColumns = useSkuColumns()
  const queryClient = useQueryClient()
  const { data, isLoading, error } = useHubStockFigures()
  const skusPage = useHubPagination()
  const skusInError = useHubSkusInError(skusPage.query)
  const releaseLeaks = useMutation({
    mutationFn: () => sdk.client.fetch<{ released: string[] }>("/admin/hub/stock/leaks", { method: "POST", query: { account } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["hub"] }),
  })
  const reconcile = useMutation({
    mutationFn: () =>
      sdk.client.fetch<{ reconciliation: Reconciliation }>("/admin/hub/stock/reconcile", { method: "POST", query: { account }, body: { wait: true } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["hub"] }),
  })

  if (isLoading) return <Container><Text>{t("stock.loading")}</Text></Container>
  if (error || !data) return <Container><Text>{t("stock.unreadable", { error: errorMessage(error) })}</Text></Container>

  const { backlog, oldestPendingChangeAt, lastVerifiedAt, pushesByHour, lastReconciliation, syncedFields } = data.stock
  const differingByField = Object.entries(lastReconciliation?.differingFields ?? {})
    .map(([field, count]) => `${fieldLabel(t, field)} ${count}`)
    .join(", ")
  const lastDay = pushesByHour.reduce((sum, hour) => ({ sent: sum.sent + hour.sent, failed: sum.failed + hour.failed }), { sent: 0, failed: 0 })
  return (
    <Container className="divide-y p-0" data-testid="hub-stock-sync">
      <div className="flex items-center justify-between gap-x-4 px-6 py-4">
        <div>
          <Heading level="h2">{t("stock.heading")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("stock.description", { fields: syncedFields.map((field) => fieldLabel(t, field)).join(", ") })}
          </Text>
        </div>
        <Button variant="secondary" size="small" className="shrink-0" isLoading={reconcile.isPending} onClick={() => reconcile.mutate()}>
          {t("stock.reconcileNow")}
        </Button>
      </div>
      <div className="flex flex-col gap-y-1 px-6 py-4">
        <Text data-testid="hub-stock-backlog">
          {backlog === 0 ? t("stock.nothingWaiting") : t("stock.waiting", { n: backlog, at: formatTime(oldestPendingChangeAt) })}
        </Text>
        <Text data-testid="hub-stock-verified" className={lastVerifiedAt ? undefined : "text-ui-fg-subtle"}>
          {lastVerifiedAt ? t("stock.verified", { at: formatTime(lastVerifiedAt) }) : t("stock.notVerified")}
        </Text>
        <Text>{t("stock.lastDay", { sent: lastDay.sent, failed: lastDay.failed })}</Text>
        {reconcile.error && <Text className="text-ui-fg-error">{t("stock.notReconciled", { error: errorMessage(reconcile.error) })}</Text>}
        <Text data-testid="hub-last-reconciliation">
          {lastReconciliation
            ? t(lastReconciliation.error ? "stock.reconciliationEndedEarly" : lastReconciliation.finishedAt ? "stock.reconciliation" : "stock.reconciliationRunning", {
                at: formatTime(lastReconciliation.startedAt),
                seen: lastReconciliation.seen,
                differing: lastReconciliation.differing,
                byField: differingByField ? ` (${differingByField})` : "",
                fixed: lastReconciliation.fixed,
                unknown: lastReconciliation.unknown,
                error: lastReconciliation.error,
              })
            : t("stock.noReconciliation")}
        </Text>
        {lastReconciliation && lastReconciliation.leakedOrders > 0 && !releaseLeaks.isSuccess && (
          <div className="flex scroll-mt-4 items-center gap-x-3" data-testid="hub-stock-leaks" id="hub-stock-leaks-section">
            <Text className="text-ui-fg-error">{t("stock.leaks", { n: lastReconciliation.leakedOrders })}</Text>
            <Button variant="secondary" size="small" isLoading={releaseLeaks.isPending} onClick={() => releaseLeaks.mutate()}>
              {t("stock.releaseLeaks")}
            </Button>
          </div>
        )}
        {releaseLeaks.isSuccess && <Text>{t("stock.released", { n: releaseLeaks.data.released.length })}</Text>}
        {releaseLeaks.error && <Text className="text-ui-fg-error">{t("stock.notReleased", { error: errorMessage(releaseLeaks.error) })}</Text>}
      </div>
      <div className="flex scroll-mt-4 flex-col gap-y-2 py-4" id="hub-skus-in-error-section">
        <Heading level="h3" className="px-6">
          {t("stock.skusInError")}
        </Heading>
        <HubDataTable
          testId="hub-skus-in-error"
          data={skusInError.data?.skus_in_error ?? []}
          count={skusInError.data?.count ?? 0}
          pagination={skusPage}
          columns={skuColumns}
          rowId={(entry) => entry.sku}
          isLoading={skusInError.isLoading}
          empty={t("stock.none")}
          unreadable={skusInError.error ? t("stock.unreadable", { error: errorMessage(skusInError.error) }) : undefined}
        />
      </div>
    </Container>
  )
}
