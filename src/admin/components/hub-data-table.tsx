import { DataTable, type DataTableColumnDef, useDataTable } from "@medusajs/ui"

/**
 * One of the hub page's lists as a Medusa DataTable: the rows as given (the routes already sort and
 * limit them), Medusa's empty state, and a horizontal scroll on narrow screens.
 */
export function HubDataTable<TData>({
  data,
  columns,
  rowId,
  isLoading,
  empty,
  testId,
}: {
  data: TData[]
  columns: DataTableColumnDef<TData, any>[]
  rowId: (row: TData) => string
  isLoading?: boolean
  empty: string
  testId: string
}) {
  const table = useDataTable({ data, columns, getRowId: rowId, isLoading, rowCount: data.length })
  return (
    <div data-testid={testId}>
      <DataTable instance={table}>
        <DataTable.Table emptyState={{ empty: { heading: empty } }} />
      </DataTable>
    </div>
  )
}
