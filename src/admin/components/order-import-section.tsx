import { Button, Container, createDataTableColumnHelper, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Link } from "react-router-dom"
import type { HubOrderImportState } from "../../mapping/hub-order-states"
import type { OrderIntakeFigures } from "../../modules/hub/service"
import type { OrderImportSummary } from "../../sync/order-import"
import { errorMessage, formatDuration, formatTime } from "../lib/format"
import { HubStatusLabel } from "./hub-status-label"
import { sdk } from "../lib/sdk"
import { HubDataTable } from "./hub-data-table"

type ImportRun = {
  id: string
  started_at: string
  finished_at: string | null
  seen: number
  imported: number
  updated: number
  set_aside: number
  duration_ms: number | null
  error: string | null
}

type HubOrderRow = {
  id: string
  code: string
  channel: string | null
  status_code: string
  status_type: string
  import_state: HubOrderImportState
  set_aside_reason: string | null
  order_id: string | null
  updated_at: string
}

const STATE_LABELS: Record<HubOrderRow["import_state"], { label: string; color: "orange" | "red" | "green" | "grey" }> = {
  needs_stock: { label: "Needs stock", color: "orange" },
  set_aside: { label: "Set aside", color: "red" },
  importing: { label: "Importing", color: "grey" },
  imported: { label: "Imported", color: "green" },
}

const orderColumn = createDataTableColumnHelper<HubOrderRow>()
const attentionColumns = [
  orderColumn.accessor("code", {
    header: "Hub order",
    cell: ({ row }) =>
      row.original.order_id ? (
        <Link to={`/orders/${row.original.order_id}`} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover">
          {row.original.code}
        </Link>
      ) : (
        row.original.code
      ),
  }),
  orderColumn.accessor("channel", { header: "Marketplace", cell: ({ getValue }) => getValue() ?? "—" }),
  orderColumn.accessor("status_code", { header: "Hub status", cell: ({ getValue }) => (
      <span className="block min-w-[8rem] whitespace-normal">
        <HubStatusLabel code={getValue()} />
      </span>
    ),
  }),
  orderColumn.accessor("import_state", {
    header: "State",
    cell: ({ getValue }) => <StatusBadge color={STATE_LABELS[getValue()].color}>{STATE_LABELS[getValue()].label}</StatusBadge>,
  }),
  orderColumn.display({
    id: "why",
    header: "Why",
    cell: ({ row }) => (
      <span className="block min-w-[12rem] whitespace-normal" title={row.original.set_aside_reason ?? undefined}>
        {row.original.import_state === "needs_stock" ? "Reserved beyond stock: add inventory, or cancel the order" : row.original.set_aside_reason}
      </span>
    ),
  }),
]

const runColumn = createDataTableColumnHelper<ImportRun>()
const runColumns = [
  runColumn.accessor("started_at", { header: "Started", cell: ({ getValue }) => formatTime(getValue()) }),
  runColumn.accessor("duration_ms", {
    header: "Took",
    cell: ({ row }) => (row.original.finished_at ? formatDuration(row.original.duration_ms) : "running"),
  }),
  runColumn.accessor("seen", { header: "Seen" }),
  runColumn.accessor("imported", { header: "Imported" }),
  runColumn.accessor("updated", { header: "Updated" }),
  runColumn.accessor("set_aside", { header: "Set aside" }),
  runColumn.accessor("error", {
    header: "Ended early",
    cell: ({ getValue }) => <span className="block min-w-[12rem] whitespace-normal">{getValue() ?? "—"}</span>,
  }),
]

/** How orders come in, what is known of the queue, and how long the oldest unreserved order has waited. */
const IntakeLine = ({ intake }: { intake: OrderIntakeFigures }) => (
  <Text size="small" className="text-ui-fg-subtle" data-testid="hub-order-intake">
    {intake.mode === "queue"
      ? `Intake: the hub's order queue${intake.queueLastEmptyAt ? `, last found empty ${formatTime(intake.queueLastEmptyAt)}` : ", not found empty yet"}, with the listing as a safety net.`
      : "Intake: the hub's orders listing."}{" "}
    {intake.oldestUnreservedSeenAt
      ? `The oldest hub order not reserved yet was seen ${formatTime(intake.oldestUnreservedSeenAt)}.`
      : "Every hub order seen is reserved."}
  </Text>
)

/** The import's last runs, an "Import now" button, and the hub orders that need the merchant. */
export const OrderImportSection = () => {
  const queryClient = useQueryClient()
  const runs = useQuery({
    queryKey: ["hub", "import-runs"],
    queryFn: () => sdk.client.fetch<{ import_runs: ImportRun[]; intake: OrderIntakeFigures }>("/admin/hub/import-runs"),
    refetchInterval: 10_000,
  })
  const needingAttention = useQuery({
    queryKey: ["hub", "orders", "attention"],
    queryFn: async () => {
      const [setAside, needsStock] = await Promise.all(
        (["set_aside", "needs_stock"] as const).map((import_state) =>
          sdk.client.fetch<{ hub_orders: HubOrderRow[]; count: number }>("/admin/hub/orders", {
            query: { import_state, limit: 20 },
          })
        )
      )
      return { orders: [...setAside.hub_orders, ...needsStock.hub_orders], count: setAside.count + needsStock.count }
    },
    refetchInterval: 10_000,
  })
  const importNow = useMutation({
    mutationFn: () => sdk.client.fetch<{ import_run: OrderImportSummary }>("/admin/hub/import-runs", { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["hub"] }),
  })

  return (
    <Container className="divide-y p-0" data-testid="hub-order-import">
      <div className="flex items-center justify-between gap-x-4 px-6 py-4">
        <div>
          <Heading level="h2">Order import</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            The hub's new orders become Medusa orders with their stock reserved; approvals and cancellations follow.
          </Text>
          {runs.data && <IntakeLine intake={runs.data.intake} />}
        </div>
        <Button variant="secondary" size="small" className="shrink-0" isLoading={importNow.isPending} onClick={() => importNow.mutate()}>
          Import now
        </Button>
      </div>
      {(importNow.data || importNow.error) && (
        <div className="px-6 py-3" data-testid="hub-import-result">
          {importNow.error ? (
            <Text className="text-ui-fg-error">Not imported: {errorMessage(importNow.error)}</Text>
          ) : (
            <Text>
              Imported {importNow.data!.import_run.imported}, updated {importNow.data!.import_run.updated}, set aside{" "}
              {importNow.data!.import_run.set_aside} of {importNow.data!.import_run.seen} orders seen
              {importNow.data!.import_run.error ? ` — ended early: ${importNow.data!.import_run.error}` : ""}.
            </Text>
          )}
        </div>
      )}
      <div className="flex flex-col gap-y-2 py-4">
        <Heading level="h3" className="px-6">
          Orders that need you
        </Heading>
        {needingAttention.error ? (
          <Text className="text-ui-fg-error px-6">Could not read the hub orders: {errorMessage(needingAttention.error)}</Text>
        ) : (
          <HubDataTable
            testId="hub-orders-attention"
            data={needingAttention.data?.orders ?? []}
            columns={attentionColumns}
            rowId={(hubOrder) => hubOrder.id}
            isLoading={needingAttention.isLoading}
            empty="None: every hub order seen so far is imported."
          />
        )}
      </div>
      <div className="flex flex-col gap-y-2 py-4">
        <Heading level="h3" className="px-6">
          Last runs
        </Heading>
        {runs.error ? (
          <Text className="text-ui-fg-error px-6">Could not read the import runs: {errorMessage(runs.error)}</Text>
        ) : (
          <HubDataTable
            testId="hub-import-runs"
            data={runs.data?.import_runs ?? []}
            columns={runColumns}
            rowId={(run) => run.id}
            isLoading={runs.isLoading}
            empty="No import has run yet."
          />
        )}
      </div>
    </Container>
  )
}
