import { Button, Container, createDataTableColumnHelper, Heading, Text } from "@medusajs/ui"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import type { CatalogueFigures } from "../../api/admin/hub/types"
import { useMemo } from "react"
import { adminLocale, errorMessage, formatTime } from "../lib/format"
import { useHubAccount } from "../lib/hub-account"
import { useHubSkusInError, useHubCatalogueFigures } from "../lib/hub-queries"
import { useHubTranslation } from "../lib/i18n"
import { sdk } from "../lib/sdk"
import { HubDataTable, useHubPagination } from "./hub-data-table"

type Reconciliation = NonNullable<CatalogueFigures["lastReconciliation"]>

type TFunction = ReturnType<typeof useHubTranslation>["t"]

const skuColumn = createDataTableColumnHelper<CatalogueFigures["skusInError"][number]>()

/** The SKUs the hub refuses: what was refused, the hub's answer and reason, since when. */
function useSkuColumns() {
  const { t } = useHubTranslation("page")
  return useMemo(
    () => [
      skuColumn.accessor("sku", { header: t("catalogue.columns.sku") }),
      skuColumn.accessor("availableQuantity", { header: t("catalogue.columns.available") }),
      skuColumn.accessor("refusedFields", {
        header: t("catalogue.columns.refused"),
        cell: ({ getValue }) => <span className="whitespace-nowrap">{describeFields(t, getValue()) || "—"}</span>,
      }),
      // The hub's answer code stays in Diagnostics: the reason says it in words.
      skuColumn.accessor("reason", {
        header: t("catalogue.columns.reason"),
        cell: ({ getValue }) => <span className="block min-w-[18rem] whitespace-normal">{getValue()}</span>,
      }),
      skuColumn.accessor("since", { header: t("catalogue.columns.since"), cell: ({ getValue }) => formatTime(getValue()) }),
    ],
    [t]
  )
}

/** A hub field in the merchant's words ("sale price"), the field's own name when it has none. */
const fieldLabel = (t: TFunction, field: string) => (["qty", "price", "promotional_price", "status"].includes(field) ? t(`catalogue.fields.${field}`) : field)

/** `{ promotional_price: 79.9 }` -> "sale price 79.90": the field values the hub refused. */
function describeFields(t: TFunction, fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .map(([field, value]) => {
      const shown = typeof value === "number" && field !== "qty" ? value.toLocaleString(adminLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : String(value ?? t("catalogue.cleared"))
      return `${fieldLabel(t, field)} ${shown}`
    })
    .join(", ")
}

/** The shown account's catalogue outbox (backlog, pushes per hour, SKUs the hub refused) and reconciliation. */
export const CatalogueSyncSection = () => {
  const { t } = useHubTranslation("page")
  const { account } = useHubAccount()
  const skuColumns = useSkuColumns()
  const queryClient = useQueryClient()
  const { data, isLoading, error } = useHubCatalogueFigures()
  const skusPage = useHubPagination()
  const skusInError = useHubSkusInError(skusPage.query)
  const releaseLeaks = useMutation({
    mutationFn: () => sdk.client.fetch<{ released: string[] }>("/admin/hub/stock/leaks", { method: "POST", query: { account } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["hub"] }),
  })
  const reconcile = useMutation({
    mutationFn: () =>
      sdk.client.fetch<{ reconciliation: Reconciliation }>("/admin/hub/catalogue/reconcile", { method: "POST", query: { account }, body: { wait: true } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["hub"] }),
  })

  if (isLoading) return <Container><Text>{t("catalogue.loading")}</Text></Container>
  if (error || !data) return <Container><Text>{t("catalogue.unreadable", { error: errorMessage(error) })}</Text></Container>

  const { backlog, oldestPendingChangeAt, lastVerifiedAt, pushesByHour, lastReconciliation, syncedFields } = data.catalogue
  const differingByField = Object.entries(lastReconciliation?.differingFields ?? {})
    .map(([field, count]) => `${fieldLabel(t, field)} ${count}`)
    .join(", ")
  const lastDay = pushesByHour.reduce((sum, hour) => ({ sent: sum.sent + hour.sent, failed: sum.failed + hour.failed }), { sent: 0, failed: 0 })
  return (
    <Container className="divide-y p-0" data-testid="hub-catalogue-sync">
      <div className="flex items-center justify-between gap-x-4 px-6 py-4">
        <div>
          <Heading level="h2">{t("catalogue.heading")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("catalogue.description", { fields: syncedFields.map((field) => fieldLabel(t, field)).join(", ") })}
          </Text>
        </div>
        <Button variant="secondary" size="small" className="shrink-0" isLoading={reconcile.isPending} onClick={() => reconcile.mutate()}>
          {t("catalogue.reconcileNow")}
        </Button>
      </div>
      <div className="flex flex-col gap-y-1 px-6 py-4">
        <Text data-testid="hub-catalogue-backlog">
          {backlog === 0 ? t("catalogue.nothingWaiting") : t("catalogue.waiting", { n: backlog, at: formatTime(oldestPendingChangeAt) })}
        </Text>
        <Text data-testid="hub-catalogue-verified" className={lastVerifiedAt ? undefined : "text-ui-fg-subtle"}>
          {lastVerifiedAt ? t("catalogue.verified", { at: formatTime(lastVerifiedAt) }) : t("catalogue.notVerified")}
        </Text>
        <Text>{t("catalogue.lastDay", { sent: lastDay.sent, failed: lastDay.failed })}</Text>
        {reconcile.error && <Text className="text-ui-fg-error">{t("catalogue.notReconciled", { error: errorMessage(reconcile.error) })}</Text>}
        <Text data-testid="hub-last-reconciliation">
          {lastReconciliation
            ? t(lastReconciliation.error ? "catalogue.reconciliationEndedEarly" : lastReconciliation.finishedAt ? "catalogue.reconciliation" : "catalogue.reconciliationRunning", {
                at: formatTime(lastReconciliation.startedAt),
                seen: lastReconciliation.seen,
                differing: lastReconciliation.differing,
                byField: differingByField ? ` (${differingByField})` : "",
                fixed: lastReconciliation.fixed,
                unknown: lastReconciliation.unknown,
                error: lastReconciliation.error,
              })
            : t("catalogue.noReconciliation")}
        </Text>
        {/* The other warehouses' part (option `warehouses`): each store code's SKUs compared in Medusa and those differing. */}
        {Object.entries(lastReconciliation?.warehouses ?? {}).map(([code, part]) => (
          <Text key={code} size="small" className="text-ui-fg-subtle" data-testid="hub-last-reconciliation-warehouse">
            {t("catalogue.warehouse", { code, seen: part.seen, differing: part.differing })}
          </Text>
        ))}
        {lastReconciliation && lastReconciliation.leakedOrders > 0 && !releaseLeaks.isSuccess && (
          <div className="flex scroll-mt-4 items-center gap-x-3" data-testid="hub-stock-leaks" id="hub-stock-leaks-section">
            <Text className="text-ui-fg-error">{t("catalogue.leaks", { n: lastReconciliation.leakedOrders })}</Text>
            <Button variant="secondary" size="small" isLoading={releaseLeaks.isPending} onClick={() => releaseLeaks.mutate()}>
              {t("catalogue.releaseLeaks")}
            </Button>
          </div>
        )}
        {releaseLeaks.isSuccess && <Text>{t("catalogue.released", { count: releaseLeaks.data.released.length })}</Text>}
        {releaseLeaks.error && <Text className="text-ui-fg-error">{t("catalogue.notReleased", { error: errorMessage(releaseLeaks.error) })}</Text>}
      </div>
      <div className="flex scroll-mt-4 flex-col gap-y-2 py-4" id="hub-skus-in-error-section">
        <Heading level="h3" className="px-6">
          {t("catalogue.skusInError")}
        </Heading>
        <HubDataTable
          testId="hub-skus-in-error"
          data={skusInError.data?.skus_in_error ?? []}
          count={skusInError.data?.count ?? 0}
          pagination={skusPage}
          columns={skuColumns}
          rowId={(entry) => entry.sku}
          isLoading={skusInError.isLoading}
          empty={t("catalogue.none")}
          unreadable={skusInError.error ? t("catalogue.unreadable", { error: errorMessage(skusInError.error) }) : undefined}
        />
      </div>
    </Container>
  )
}
