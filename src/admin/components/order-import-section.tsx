import { Badge, Button, Container, Heading, Table, Text } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Link } from "react-router-dom"
import type { HubOrderImportState } from "../../mapping/hub-order-states"
import type { OrderIntakeFigures } from "../../modules/hub/service"
import type { OrderImportSummary } from "../../sync/order-import"
import { errorMessage, formatDuration, formatTime } from "../lib/format"
import { sdk } from "../lib/sdk"

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
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h2">Order import</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            The hub's new orders become Medusa orders with their stock reserved; approvals and cancellations follow.
          </Text>
          {runs.data && <IntakeLine intake={runs.data.intake} />}
        </div>
        <Button variant="secondary" size="small" isLoading={importNow.isPending} onClick={() => importNow.mutate()}>
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
      <div className="px-6 py-4">
        <Heading level="h3" className="mb-2">Orders that need you</Heading>
        {needingAttention.error ? (
          <Text className="text-ui-fg-error">Could not read the hub orders: {errorMessage(needingAttention.error)}</Text>
        ) : !needingAttention.data?.orders.length ? (
          <Text className="text-ui-fg-subtle">{needingAttention.isLoading ? "Loading…" : "None: every hub order seen so far is imported."}</Text>
        ) : (
          <Table data-testid="hub-orders-attention">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Hub order</Table.HeaderCell>
                <Table.HeaderCell>Channel</Table.HeaderCell>
                <Table.HeaderCell>Hub status</Table.HeaderCell>
                <Table.HeaderCell>State</Table.HeaderCell>
                <Table.HeaderCell>Why</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {needingAttention.data.orders.map((hubOrder) => (
                <Table.Row key={hubOrder.id}>
                  <Table.Cell>
                    {hubOrder.order_id ? (
                      <Link to={`/orders/${hubOrder.order_id}`} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover">
                        {hubOrder.code}
                      </Link>
                    ) : (
                      hubOrder.code
                    )}
                  </Table.Cell>
                  <Table.Cell>{hubOrder.channel ?? "—"}</Table.Cell>
                  <Table.Cell>{hubOrder.status_code}</Table.Cell>
                  <Table.Cell>
                    <Badge size="2xsmall" color={STATE_LABELS[hubOrder.import_state].color}>
                      {STATE_LABELS[hubOrder.import_state].label}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>
                    {hubOrder.import_state === "needs_stock" ? "Reserved beyond stock: add inventory, or cancel the order" : hubOrder.set_aside_reason}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </div>
      <div className="px-6 py-4">
        <Heading level="h3" className="mb-2">Last runs</Heading>
        {runs.error ? (
          <Text className="text-ui-fg-error">Could not read the import runs: {errorMessage(runs.error)}</Text>
        ) : !runs.data?.import_runs.length ? (
          <Text className="text-ui-fg-subtle">{runs.isLoading ? "Loading…" : "No import has run yet."}</Text>
        ) : (
          <Table data-testid="hub-import-runs">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Started</Table.HeaderCell>
                <Table.HeaderCell>Took</Table.HeaderCell>
                <Table.HeaderCell>Seen</Table.HeaderCell>
                <Table.HeaderCell>Imported</Table.HeaderCell>
                <Table.HeaderCell>Updated</Table.HeaderCell>
                <Table.HeaderCell>Set aside</Table.HeaderCell>
                <Table.HeaderCell>Ended early</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {runs.data.import_runs.map((run) => (
                <Table.Row key={run.id}>
                  <Table.Cell>{formatTime(run.started_at)}</Table.Cell>
                  <Table.Cell>{run.finished_at ? formatDuration(run.duration_ms) : "running"}</Table.Cell>
                  <Table.Cell>{run.seen}</Table.Cell>
                  <Table.Cell>{run.imported}</Table.Cell>
                  <Table.Cell>{run.updated}</Table.Cell>
                  <Table.Cell>{run.set_aside}</Table.Cell>
                  <Table.Cell>{run.error ?? "—"}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </div>
    </Container>
  )
}
