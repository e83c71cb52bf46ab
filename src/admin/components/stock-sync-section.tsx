import { Button, Container, createDataTableColumnHelper, Heading, Text } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { StockSyncFigures } from "../../modules/hub/models/hub-stock-change"
import { errorMessage, formatTime } from "../lib/format"
import { sdk } from "../lib/sdk"
import { HubDataTable } from "./hub-data-table"

type Reconciliation = NonNullable<StockSyncFigures["lastReconciliation"]>

const skuColumn = createDataTableColumnHelper<StockSyncFigures["skusInError"][number]>()
const skuColumns = [
  skuColumn.accessor("sku", { header: "SKU" }),
  skuColumn.accessor("availableQuantity", { header: "Available" }),
  skuColumn.accessor("refusedFields", {
    header: "Refused",
    cell: ({ getValue }) => <span className="whitespace-nowrap">{describeFields(getValue()) || "—"}</span>,
  }),
  skuColumn.accessor("status", { header: "Hub answer", cell: ({ getValue }) => getValue() ?? "no answer" }),
  skuColumn.accessor("reason", { header: "Reason", cell: ({ getValue }) => <span className="block min-w-[18rem] whitespace-normal">{getValue()}</span> }),
  skuColumn.accessor("since", { header: "Since", cell: ({ getValue }) => formatTime(getValue()) }),
]

const FIELD_LABELS: Record<string, string> = { qty: "quantity", price: "price", promotional_price: "sale price", status: "status" }

/** `{ promotional_price: 79.9 }` -> "sale price 79.90": the field values the hub refused. */
function describeFields(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .map(([field, value]) => `${FIELD_LABELS[field] ?? field} ${typeof value === "number" && field !== "qty" ? value.toFixed(2) : String(value ?? "cleared")}`)
    .join(", ")
}

/** The stock outbox (backlog, pushes per hour, SKUs the hub refused) and the reconciliation. */
export const StockSyncSection = () => {
  const queryClient = useQueryClient()
  const { data, isLoading, error } = useQuery({
    queryKey: ["hub", "stock"],
    queryFn: () => sdk.client.fetch<{ stock: StockSyncFigures }>("/admin/hub/stock"),
    refetchInterval: 10_000,
  })
  const releaseLeaks = useMutation({
    mutationFn: () => sdk.client.fetch<{ released: string[] }>("/admin/hub/stock/leaks", { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["hub"] }),
  })
  const reconcile = useMutation({
    mutationFn: () =>
      sdk.client.fetch<{ reconciliation: Reconciliation }>("/admin/hub/stock/reconcile", { method: "POST", body: { wait: true } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["hub"] }),
  })

  if (isLoading) return <Container><Text>Loading the stock sync…</Text></Container>
  if (error || !data) return <Container><Text>Could not read the stock sync: {errorMessage(error)}</Text></Container>

  const { backlog, oldestPendingChangeAt, lastVerifiedAt, pushesByHour, skusInError, lastReconciliation, syncedFields } = data.stock
  const differingByField = Object.entries(lastReconciliation?.differingFields ?? {})
    .map(([field, count]) => `${FIELD_LABELS[field] ?? field} ${count}`)
    .join(", ")
  const lastDay = pushesByHour.reduce((sum, hour) => ({ sent: sum.sent + hour.sent, failed: sum.failed + hour.failed }), { sent: 0, failed: 0 })
  return (
    <Container className="divide-y p-0" data-testid="hub-stock-sync">
      <div className="flex items-center justify-between gap-x-4 px-6 py-4">
        <div>
          <Heading level="h2">Stock sync</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Every change of a SKU's {syncedFields.map((field) => FIELD_LABELS[field] ?? field).join(", ")} is pushed to the hub; a reconciliation
            compares all of them.
          </Text>
        </div>
        <Button variant="secondary" size="small" className="shrink-0" isLoading={reconcile.isPending} onClick={() => reconcile.mutate()}>
          Reconcile now
        </Button>
      </div>
      <div className="flex flex-col gap-y-1 px-6 py-4">
        <Text data-testid="hub-stock-backlog">
          {backlog === 0
            ? "Nothing waiting to be pushed."
            : `${backlog} SKU${backlog === 1 ? "" : "s"} waiting to be pushed, the oldest changed at ${formatTime(oldestPendingChangeAt)}.`}
        </Text>
        <Text data-testid="hub-stock-verified" className={lastVerifiedAt ? undefined : "text-ui-fg-subtle"}>
          {lastVerifiedAt
            ? `Hub and Medusa last verified equal ${formatTime(lastVerifiedAt)}: a reconciliation read every hub product and found none differing.`
            : "Hub and Medusa not verified equal yet: no reconciliation has found every hub product equal."}
        </Text>
        <Text>
          Last 24 hours: {lastDay.sent} pushes taken by the hub, {lastDay.failed} refused or failed.
        </Text>
        {reconcile.error && <Text className="text-ui-fg-error">Not reconciled: {errorMessage(reconcile.error)}</Text>}
        <Text data-testid="hub-last-reconciliation">
          {lastReconciliation
            ? `Last reconciliation ${formatTime(lastReconciliation.startedAt)}${lastReconciliation.finishedAt ? "" : " (running)"}: ` +
              `${lastReconciliation.seen} hub products read, ${lastReconciliation.differing} differing` +
              (differingByField ? ` (${differingByField})` : "") +
              `, ${lastReconciliation.fixed} fixed, ` +
              `${lastReconciliation.unknown} not sold in this store` +
              (lastReconciliation.error ? ` — ended early: ${lastReconciliation.error}` : ".")
            : "No reconciliation yet."}
        </Text>
        {lastReconciliation && lastReconciliation.leakedOrders > 0 && !releaseLeaks.isSuccess && (
          <div className="flex items-center gap-x-3" data-testid="hub-stock-leaks">
            <Text className="text-ui-fg-error">
              {lastReconciliation.leakedOrders} canceled hub order{lastReconciliation.leakedOrders === 1 ? " still holds" : "s still hold"} reserved
              stock in Medusa: the hub is told fewer units than you have.
            </Text>
            <Button variant="secondary" size="small" isLoading={releaseLeaks.isPending} onClick={() => releaseLeaks.mutate()}>
              Release their stock
            </Button>
          </div>
        )}
        {releaseLeaks.isSuccess && <Text>Released the stock of {releaseLeaks.data.released.length} canceled hub orders.</Text>}
        {releaseLeaks.error && <Text className="text-ui-fg-error">Not released: {errorMessage(releaseLeaks.error)}</Text>}
      </div>
      <div className="flex flex-col gap-y-2 py-4">
        <Heading level="h3" className="px-6">
          SKUs in error
        </Heading>
        <HubDataTable testId="hub-skus-in-error" data={skusInError} columns={skuColumns} rowId={(entry) => entry.sku} empty="None." />
      </div>
    </Container>
  )
}
