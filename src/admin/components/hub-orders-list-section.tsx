import { Container, createDataTableColumnHelper, Heading, Input, Select, StatusBadge, Text } from "@medusajs/ui"
import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { useEffect, useMemo, useState } from "react"
import type { HubOrderImportState, HubOrderRow, HubOrdersPage } from "../../api/admin/hub/types"
import { errorMessage } from "../lib/format"
import { useHubTranslation } from "../lib/i18n"
import { sdk } from "../lib/sdk"
import { HubDataTable, useHubPagination } from "./hub-data-table"
import { ShipBy } from "./hub-order/hub-order-kept"
import { HubOrderLink } from "./hub-order-link"
import { HubStatusLabel } from "./hub-status-label"

const column = createDataTableColumnHelper<HubOrderRow>()

/** The list's orders, as the route takes them (`GET /admin/hub/orders?order=`): the soonest ship-by first by default. */
const SORTS = { shipBySoonest: "expedition_limit_date", shipByLatest: "-expedition_limit_date", newest: "-updated_at" } as const
type SortName = keyof typeof SORTS

const STATE_COLORS: Record<HubOrderImportState, "orange" | "red" | "green" | "grey"> = { needs_stock: "orange", set_aside: "red", importing: "grey", imported: "green" }

/** How long the search waits after the last key before it asks. */
const SEARCH_DEBOUNCE_MS = 300

/**
 * Every marketplace order the store has seen, a page at a time: the hub code (linking to its Medusa
 * order), the marketplace's own number, the marketplace, the hub status, the ship-by date (red once
 * passed while still to ship) and the import's state; searched by code or marketplace number, sorted
 * by ship-by (the route's SQL: src/modules/hub/repositories/hub-order.ts).
 */
export const HubOrdersListSection = () => {
  const { t } = useHubTranslation("page")
  const pagination = useHubPagination()
  const [search, setSearch] = useState("")
  const [q, setQ] = useState("")
  const [sort, setSort] = useState<SortName>("shipBySoonest")
  const { onPaginationChange, state } = pagination
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [search])
  // A new search or order starts at the first page.
  useEffect(() => onPaginationChange({ pageIndex: 0, pageSize: state.pageSize }), [q, sort, onPaginationChange, state.pageSize])
  const orders = useQuery({
    queryKey: ["hub", "orders", "all", q, sort, pagination.query],
    queryFn: () => sdk.client.fetch<HubOrdersPage>("/admin/hub/orders", { query: { q: q || undefined, order: SORTS[sort], ...pagination.query } }),
    placeholderData: keepPreviousData,
  })
  const columns = useMemo(
    () => [
      column.accessor("code", {
        header: t("hubOrders.columns.hubOrder"),
        cell: ({ row }) => <HubOrderLink code={row.original.code} orderId={row.original.order_id} account={row.original.account} />,
      }),
      column.accessor("remote_code", {
        header: t("hubOrders.columns.marketplaceNumber"),
        cell: ({ getValue }) => <span className="whitespace-nowrap">{getValue() ?? "—"}</span>,
      }),
      column.accessor("channel", { header: t("hubOrders.columns.marketplace"), cell: ({ getValue }) => getValue() ?? "—" }),
      column.accessor("status_code", {
        header: t("hubOrders.columns.hubStatus"),
        cell: ({ row }) => (
          <span className="block min-w-[8rem] whitespace-normal">
            <HubStatusLabel code={row.original.status_code} account={row.original.account} />
          </span>
        ),
      }),
      column.accessor("expedition_limit_date", {
        header: t("hubOrders.columns.shipBy"),
        cell: ({ row }) => <ShipBy hubOrder={row.original} overdueText={t("hubOrders.overdue")} testId="hub-orders-ship-by" />,
      }),
      column.accessor("import_state", {
        header: t("hubOrders.columns.state"),
        cell: ({ getValue }) => <StatusBadge color={STATE_COLORS[getValue()]}>{t(`import.states.${getValue()}`)}</StatusBadge>,
      }),
    ],
    [t]
  )
  return (
    <Container className="divide-y p-0" data-testid="hub-orders-list">
      <div className="flex flex-wrap items-start justify-between gap-4 px-6 py-4">
        <div className="max-w-xl">
          <Heading level="h2">{t("hubOrders.heading")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("hubOrders.description")}
          </Text>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Input
            size="small"
            type="search"
            className="w-72"
            aria-label={t("hubOrders.search")}
            placeholder={t("hubOrders.search")}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="hub-orders-search"
          />
          <Select size="small" value={sort} onValueChange={(next) => setSort(next as SortName)}>
            <Select.Trigger className="w-64" aria-label={t("hubOrders.sortedBy")} data-testid="hub-orders-sort">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              {(Object.keys(SORTS) as SortName[]).map((name) => (
                <Select.Item key={name} value={name}>
                  {t(`hubOrders.sorts.${name}`)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
        </div>
      </div>
      <div className="py-4">
        <HubDataTable
          testId="hub-orders-table"
          data={orders.data?.hub_orders ?? []}
          count={orders.data?.count ?? 0}
          pagination={pagination}
          columns={columns}
          rowId={(row) => row.id}
          isLoading={orders.isLoading}
          empty={t("hubOrders.none")}
          unreadable={orders.error ? t("hubOrders.unreadable", { error: errorMessage(orders.error) }) : undefined}
        />
      </div>
    </Container>
  )
}
