import { Button, DataTable, type DataTableColumnDef, type DataTableCommand, type DataTableRowSelectionState, Text, useDataTable } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { CompactEmpty } from "./hub-data-table"

/**
 * A list the hub pages itself (its page numbers, no count): Medusa's DataTable with rows to select
 * and commands on them (`DataTable.CommandBar`), and Previous / Next under it in Medusa's words.
 */
export function HubPagedTable<TData>({
  data,
  columns,
  rowId,
  isLoading,
  empty,
  testId,
  page,
  nextPage,
  onPage,
  selection,
  commands,
  selectedLabel,
  unreadable,
}: {
  data: TData[]
  columns: DataTableColumnDef<TData, any>[]
  rowId: (row: TData) => string
  isLoading?: boolean
  empty: string
  testId: string
  page?: number
  nextPage?: number | null
  onPage?: (page: number) => void
  selection?: { state: DataTableRowSelectionState; onChange: (state: DataTableRowSelectionState) => void }
  commands?: DataTableCommand[]
  selectedLabel?: (count: number) => string
  unreadable?: string
}) {
  const { t } = useTranslation()
  const table = useDataTable({
    data,
    columns,
    getRowId: rowId,
    isLoading,
    rowCount: data.length,
    ...(selection ? { rowSelection: { state: selection.state, onRowSelectionChange: selection.onChange } } : {}),
    ...(commands ? { commands } : {}),
  })
  if (unreadable) return <Text className="text-ui-fg-error px-6">{unreadable}</Text>
  if (!isLoading && data.length === 0 && !(page && page > 1)) return <CompactEmpty testId={testId} text={empty} />
  return (
    <div data-testid={testId}>
      <DataTable instance={table}>
        <DataTable.Table emptyState={{ empty: { heading: empty } }} />
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
