import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { Container, createDataTableColumnHelper, Heading, Text } from "@medusajs/ui"
import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { useMemo } from "react"
import { Link } from "react-router-dom"
import type { HubOrderNumberRow, HubOrderNumbersPage } from "../../api/admin/hub/types"
import { HubDataTable, useHubPagination } from "../components/hub-data-table"
import { HubOrderLink } from "../components/hub-order-link"
import { errorMessage, formatTime } from "../lib/format"
import { useHubTranslation } from "../lib/i18n"
import { sdk } from "../lib/sdk"

/** Rows a page of the widget shows: it sits above Medusa's own list, so it stays short. */
const PAGE_SIZE = 5

const column = createDataTableColumnHelper<HubOrderNumberRow>()

/**
 * On Medusa's order list page (zone `order.list.before`; a widget cannot add a column to the list
 * itself): the marketplace orders imported, newest first, each hub code and the marketplace's own
 * number beside the `#number` the list shows for its order, linking to the order page. A page at a
 * time. Medusa 2.21's dashboard ignores a zone's `.before`/`.after` on this page (its layout composer puts every widget
 * after the list, where the merchant can move it by customizing the page's layout).
 */
const HubOrderNumbersWidget = () => {
  const { t } = useHubTranslation("page")
  const pagination = useHubPagination(PAGE_SIZE)
  const { data, isLoading, error } = useQuery({
    queryKey: ["hub", "orders", "numbers", pagination.query],
    queryFn: () =>
      sdk.client.fetch<HubOrderNumbersPage>("/admin/hub/orders", {
        query: { import_state: ["imported", "needs_stock"], fields: "+order.display_id", order: "-imported_at", ...pagination.query },
      }),
    placeholderData: keepPreviousData,
  })
  const columns = useMemo(
    () => [
      column.accessor("code", {
        header: t("orderList.columns.hubOrder"),
        cell: ({ row }) => <HubOrderLink code={row.original.code} orderId={row.original.order_id} account={row.original.account} />,
      }),
      column.accessor("remote_code", {
        header: t("orderList.columns.marketplaceNumber"),
        cell: ({ getValue }) => <span className="whitespace-nowrap">{getValue() ?? "—"}</span>,
      }),
      column.display({
        id: "medusa_order",
        header: t("orderList.columns.medusaOrder"),
        cell: ({ row }) =>
          row.original.order && row.original.order_id ? (
            <Link to={`/orders/${row.original.order_id}`} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover whitespace-nowrap">
              #{row.original.order.display_id}
            </Link>
          ) : (
            "—"
          ),
      }),
      column.accessor("imported_at", { header: t("orderList.columns.imported"), cell: ({ getValue }) => formatTime(getValue()) }),
    ],
    [t]
  )

  // A store that never imported a marketplace order is not told about them above its list.
  if (!isLoading && !error && !data?.count) return null
  return (
    <Container className="divide-y p-0" data-testid="hub-order-numbers">
      <div className="px-6 py-4">
        <Heading level="h2">{t("orderList.heading")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("orderList.description")}
        </Text>
      </div>
      {error ? (
        <Text size="small" className="text-ui-fg-error px-6 py-4">
          {t("orderList.unreadable", { error: errorMessage(error) })}
        </Text>
      ) : (
        <HubDataTable
          testId="hub-order-numbers-table"
          data={data?.hub_orders ?? []}
          count={data?.count ?? 0}
          pagination={pagination}
          columns={columns}
          rowId={(row) => row.id}
          isLoading={isLoading}
          empty={t("orderList.none")}
        />
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.list.before",
})

export default HubOrderNumbersWidget
