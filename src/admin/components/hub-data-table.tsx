import {
  Button,
  DataTable,
  type DataTableColumnDef,
  type DataTableCommand,
  type DataTablePaginationState,
  type DataTableRowSelectionState,
  Text,
  useDataTable,
} from "@medusajs/ui"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { ADMIN_PAGE_SIZE } from "../lib/hub-queries"

/** One list's page as Medusa's DataTable keeps it (`pageIndex`, `pageSize`), and as the routes take it (`limit`, `offset`). */
export type HubPagination = {
  state: DataTablePaginationState
  onPaginationChange: (state: DataTablePaginationState) => void
  query: { limit: number; offset: number }
}

/** A list's page, from the first, `pageSize` rows at a time. */
export function useHubPagination(pageSize = ADMIN_PAGE_SIZE): HubPagination {
  const [state, onPaginationChange] = useState<DataTablePaginationState>({ pageIndex: 0, pageSize })
  return { state, onPaginationChange, query: { limit: state.pageSize, offset: state.pageIndex * state.pageSize } }
}

/** How a list pages: by the route's `count` (Medusa's pagination under it), by the hub's own page numbers (no count: Previous / Next), or not at all. */
type HubDataTablePaging =
  | { pagination: HubPagination; count: number; page?: never; nextPage?: never; onPage?: never }
  | { pagination?: never; count?: never; page?: number; nextPage?: number | null; onPage?: (page: number) => void }

/**
 * One of the hub's lists as a Medusa DataTable: the page of rows the route answered, Medusa's empty
 * state, and a horizontal scroll on narrow screens. Paged by the route's `count`: Medusa's pagination
 * under it (its words in the admin's language: Medusa's own `general` texts), and a page left past the
 * end (its rows dealt with meanwhile) goes back to the last one; paged by the hub's page numbers:
 * Previous / Next in the same words. `selection` and `commands`: rows to select and commands on them
 * (`DataTable.CommandBar`). `unreadable`: the list could not be read; that sentence stands in its place.
 */
export function HubDataTable<TData>(
  props: {
    data: TData[]
    columns: DataTableColumnDef<TData, any>[]
    rowId: (row: TData) => string
    isLoading?: boolean
    empty: string
    testId: string
    selection?: { state: DataTableRowSelectionState; onChange: (state: DataTableRowSelectionState) => void }
    commands?: DataTableCommand[]
    selectedLabel?: (count: number) => string
    unreadable?: string
  } & HubDataTablePaging
) {
  const { data, columns, rowId, isLoading, empty, testId, selection, commands, selectedLabel, unreadable, pagination, page, nextPage, onPage } = props
  const { t } = useTranslation()
  const count = pagination ? props.count : data.length
  const table = useDataTable({
    data,
    columns,
    getRowId: rowId,
    isLoading,
    rowCount: count,
    ...(pagination ? { pagination: { state: pagination.state, onPaginationChange: pagination.onPaginationChange } } : {}),
    ...(selection ? { rowSelection: { state: selection.state, onRowSelectionChange: selection.onChange } } : {}),
    ...(commands ? { commands } : {}),
  })
  const pageIndex = pagination?.state.pageIndex ?? 0
  const pageSize = pagination?.state.pageSize ?? 1
  const onPaginationChange = pagination?.onPaginationChange
  useEffect(() => {
    if (onPaginationChange && !isLoading && pageIndex > 0 && pageIndex * pageSize >= count) {
      onPaginationChange({ pageIndex: Math.max(0, Math.ceil(count / pageSize) - 1), pageSize })
    }
  }, [isLoading, pageIndex, pageSize, count, onPaginationChange])
  if (unreadable) return <Text className="text-ui-fg-error px-6">{unreadable}</Text>
  if (!isLoading && count === 0 && !(page && page > 1)) return <CompactEmpty testId={testId} text={empty} />
  return (
    <div data-testid={testId}>
      <DataTable instance={table}>
        <DataTable.Table emptyState={{ empty: { heading: empty } }} />
        {pagination && count > 0 && (
          <DataTable.Pagination
            translations={{ of: t("general.of"), results: t("general.results"), pages: t("general.pages"), prev: t("general.prev"), next: t("general.next") }}
          />
        )}
        {commands && <DataTable.CommandBar selectedLabel={selectedLabel} />}
      </DataTable>
      {onPage && page !== undefined && (page > 1 || nextPage) && (
        <div className="flex items-center justify-end gap-x-2 px-6 py-2">
          <Button size="small" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t("general.prev")}
          </Button>
          <Button size="small" variant="secondary" disabled={!nextPage} onClick={() => nextPage && onPage(nextPage)}>
            {t("general.next")}
          </Button>
        </div>
      )}
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
