import { DataTable, type DataTableColumnDef, type DataTablePaginationState, Text, useDataTable } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { HUB_PAGE_SIZE } from "../lib/hub-queries"

/** One list's page as Medusa's DataTable keeps it (`pageIndex`, `pageSize`), and as the routes take it (`limit`, `offset`). */
export type HubPagination = {
  state: DataTablePaginationState
  onPaginationChange: (state: DataTablePaginationState) => void
  query: { limit: number; offset: number }
}

/** A list's page, from the first, `pageSize` rows at a time. */
export function useHubPagination(pageSize = HUB_PAGE_SIZE): HubPagination {
  const [state, onPaginationChange] = useState<DataTablePaginationState>({ pageIndex: 0, pageSize })
  return { state, onPaginationChange, query: { limit: state.pageSize, offset: state.pageIndex * state.pageSize } }
}

/**
 * One of the hub page's lists as a Medusa DataTable: the page of rows the route answered, Medusa's
 * pagination under it (its words in the admin's language: Medusa's own `general` texts) with the
 * route's `count`, Medusa's empty state, and a horizontal scroll on narrow screens. A page left
 * past the end (its rows dealt with meanwhile) goes back to the last one. `unreadable`: the list could
 * not be read; that sentence stands in its place.
 */
export function HubDataTable<TData>({
  data,
  columns,
  rowId,
  isLoading,
  empty,
  testId,
  pagination,
  count,
  unreadable,
}: {
  data: TData[]
  columns: DataTableColumnDef<TData, any>[]
  rowId: (row: TData) => string
  isLoading?: boolean
  empty: string
  testId: string
  pagination: HubPagination
  count: number
  unreadable?: string
}) {
  const { t } = useTranslation()
  const table = useDataTable({
    data,
    columns,
    getRowId: rowId,
    isLoading,
    rowCount: count,
    pagination: { state: pagination.state, onPaginationChange: pagination.onPaginationChange },
  })
  const { pageIndex, pageSize } = pagination.state
  const { onPaginationChange } = pagination
  useEffect(() => {
    if (!isLoading && pageIndex > 0 && pageIndex * pageSize >= count) {
      onPaginationChange({ pageIndex: Math.max(0, Math.ceil(count / pageSize) - 1), pageSize })
    }
  }, [isLoading, pageIndex, pageSize, count, onPaginationChange])
  if (unreadable) return <Text className="text-ui-fg-error px-6">{unreadable}</Text>
  if (!isLoading && count === 0) return <CompactEmpty testId={testId} text={empty} />
  return (
    <div data-testid={testId}>
      <DataTable instance={table}>
        <DataTable.Table emptyState={{ empty: { heading: empty } }} />
        {count > 0 && (
          <DataTable.Pagination
            translations={{ of: t("general.of"), results: t("general.results"), pages: t("general.pages"), prev: t("general.prev"), next: t("general.next") }}
          />
        )}
      </DataTable>
    </div>
  )
}

/** An empty list in one quiet line, as Medusa's compact empty states: no tall box for "nothing here". */
export const CompactEmpty = ({ testId, text }: { testId: string; text: string }) => (
  <div data-testid={testId} data-empty="true" className="px-6">
    <Text size="small" className="text-ui-fg-subtle">
      {text}
    </Text>
  </div>
)
