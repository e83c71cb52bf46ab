import { Button, Container, createDataTableColumnHelper, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useMemo } from "react"
import type { HubImportNowAnswer, HubImportRunRow, HubOrderImportState, HubOrderRow, OrderIntakeFigures } from "../../api/admin/hub/types"
import { useHubAccount } from "../lib/hub-account"
import { useHubImportRuns, useHubOrdersNeedingMerchant } from "../lib/hub-queries"
import { errorMessage, formatDuration, formatTime, formatTimeRange } from "../lib/format"
import { useHubTranslation } from "../lib/i18n"
import { HubStatusLabel } from "./hub-status-label"
import { sdk } from "../lib/sdk"
import { HubDataTable, useHubPagination } from "./hub-data-table"
import { HubOrderLink } from "./hub-order-link"

const STATE_COLORS: Record<HubOrderImportState, "orange" | "red" | "green" | "grey"> = {
  needs_stock: "orange",
  set_aside: "red",
  importing: "grey",
  imported: "green",
}

const orderColumn = createDataTableColumnHelper<HubOrderRow>()
const runColumn = createDataTableColumnHelper<HubImportRunRow>()

/** The hub orders that need the merchant: each links to its Medusa order, with its state and why. */
function useAttentionColumns() {
  const { t } = useHubTranslation("page")
  return useMemo(
    () => [
      orderColumn.accessor("code", {
        header: t("import.columns.hubOrder"),
        cell: ({ row }) => <HubOrderLink code={row.original.code} orderId={row.original.order_id} account={row.original.account} />,
      }),
      orderColumn.accessor("channel", { header: t("import.columns.marketplace"), cell: ({ getValue }) => getValue() ?? "—" }),
      orderColumn.accessor("status_code", {
        header: t("import.columns.hubStatus"),
        cell: ({ row }) => (
          <span className="block min-w-[8rem] whitespace-normal">
            <HubStatusLabel code={row.original.status_code} account={row.original.account} />
          </span>
        ),
      }),
      orderColumn.accessor("import_state", {
        header: t("import.columns.state"),
        cell: ({ getValue }) => <StatusBadge color={STATE_COLORS[getValue()]}>{t(`import.states.${getValue()}`)}</StatusBadge>,
      }),
      orderColumn.display({
        id: "why",
        header: t("import.columns.why"),
        cell: ({ row }) => (
          <span className="block min-w-[12rem] whitespace-normal" title={row.original.set_aside_reason ?? undefined}>
            {row.original.import_state === "needs_stock" ? t("import.needsStockWhy") : row.original.set_aside_reason}
          </span>
        ),
      }),
    ],
    [t]
  )
}

/** A figure of a run; none on a line of runs that found nothing (its sentence says it). */
const runFigure = (key: "seen" | "imported" | "updated" | "set_aside") => (run: HubImportRunRow) => (run.quiet ? "" : run[key])

/** The import's last runs: when, how long, and what each came to; runs in a row that found nothing, one line. */
function useRunColumns() {
  const { t } = useHubTranslation("page")
  return useMemo(
    () => [
      runColumn.accessor("started_at", {
        header: t("import.columns.started"),
        cell: ({ row: { original: run } }) =>
          run.quiet ? (
            <span className="whitespace-nowrap text-ui-fg-subtle" data-testid="hub-import-quiet-runs">
              {t("import.quietRuns", {
                count: run.quiet.runs,
                when: run.quiet.runs === 1 ? formatTime(run.quiet.first_started_at) : formatTimeRange(run.quiet.first_started_at, run.quiet.last_finished_at),
              })}
            </span>
          ) : (
            formatTime(run.started_at)
          ),
      }),
      runColumn.accessor("duration_ms", {
        header: t("import.columns.took"),
        cell: ({ row }) =>
          row.original.quiet
            ? ""
            : row.original.finished_at
              ? formatDuration(row.original.duration_ms)
              : row.original.state === "interrupted"
                ? t("import.interrupted")
                : t("import.running"),
      }),
      runColumn.accessor(runFigure("seen"), { id: "seen", header: t("import.columns.seen") }),
      runColumn.accessor(runFigure("imported"), { id: "imported", header: t("import.columns.imported") }),
      runColumn.accessor(runFigure("updated"), { id: "updated", header: t("import.columns.updated") }),
      runColumn.accessor(runFigure("set_aside"), { id: "set_aside", header: t("import.columns.setAside") }),
      runColumn.accessor("error", {
        header: t("import.columns.endedEarly"),
        cell: ({ row, getValue }) => (row.original.quiet ? "" : <span className="block min-w-[12rem] whitespace-normal">{getValue() ?? "—"}</span>),
      }),
    ],
    [t]
  )
}

/** How orders come in, what is known of the queue, and how long the oldest unreserved order has waited. */
const IntakeLine = ({ intake }: { intake: OrderIntakeFigures }) => {
  const { t } = useHubTranslation("page")
  return (
    <Text size="small" className="text-ui-fg-subtle" data-testid="hub-order-intake">
      {intake.mode === "queue"
        ? intake.queueLastEmptyAt
          ? t("import.intakeQueue", { at: formatTime(intake.queueLastEmptyAt) })
          : t("import.intakeQueueNeverEmpty")
        : t("import.intakeListing")}{" "}
      {intake.oldestUnreservedSeenAt ? t("import.oldestUnreserved", { at: formatTime(intake.oldestUnreservedSeenAt) }) : t("import.allReserved")}
    </Text>
  )
}

/** A run after which Import now found nothing "just" took what was new when it ended this long before. */
const JUST_TAKEN_MS = 15 * 60_000

/** What Import now found: its figures, or that nothing was new (and what the run before it took, when it just did). */
const ImportNowResult = ({ answer: { import_run: run, last_found: last } }: { answer: HubImportNowAnswer }) => {
  const { t } = useHubTranslation("page")
  const figures = { imported: run.imported, updated: run.updated, setAside: run.set_aside, count: run.seen, error: run.error }
  if (run.error || run.imported + run.updated + run.set_aside > 0) return <Text>{t(run.error ? "import.resultEndedEarly" : "import.result", figures)}</Text>
  const justTaken = last && Date.now() - new Date(last.finished_at).getTime() < JUST_TAKEN_MS
  return (
    <Text>
      {run.seen ? t("import.nothingNew", { count: run.seen }) : t("import.nothingNewNoneSeen")}
      {justTaken &&
        ` ${t("import.justTaken", { at: formatTime(last.finished_at), imported: last.imported, updated: last.updated, setAside: last.set_aside })}`}
    </Text>
  )
}

/** The import's runs, an "Import now" button, and the hub orders that need the merchant: each list a page at a time. */
export const OrderImportSection = () => {
  const { t } = useHubTranslation("page")
  const attentionColumns = useAttentionColumns()
  const runColumns = useRunColumns()
  const queryClient = useQueryClient()
  const { account } = useHubAccount()
  const runsPage = useHubPagination()
  const attentionPage = useHubPagination()
  const runs = useHubImportRuns(runsPage.query)
  const needingAttention = useHubOrdersNeedingMerchant(attentionPage.query)
  const importNow = useMutation({
    mutationFn: () => sdk.client.fetch<HubImportNowAnswer>("/admin/hub/import-runs", { method: "POST", query: { account } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["hub"] }),
  })

  return (
    <Container className="divide-y p-0" data-testid="hub-order-import">
      <div className="flex items-center justify-between gap-x-4 px-6 py-4">
        <div>
          <Heading level="h2">{t("import.heading")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("import.description")}
          </Text>
          {runs.data && <IntakeLine intake={runs.data.intake} />}
        </div>
        <Button variant="secondary" size="small" className="shrink-0" isLoading={importNow.isPending} onClick={() => importNow.mutate()}>
          {t("import.importNow")}
        </Button>
      </div>
      {(importNow.data || importNow.error) && (
        <div className="px-6 py-3" data-testid="hub-import-result">
          {importNow.error ? (
            <Text className="text-ui-fg-error">{t("import.notImported", { error: errorMessage(importNow.error) })}</Text>
          ) : (
            <ImportNowResult answer={importNow.data!} />
          )}
        </div>
      )}
      <div className="flex scroll-mt-4 flex-col gap-y-2 py-4" id="hub-orders-attention-section">
        <Heading level="h3" className="px-6">
          {t("import.attention")}
        </Heading>
        <HubDataTable
          testId="hub-orders-attention"
          data={needingAttention.data?.hub_orders ?? []}
          count={needingAttention.data?.count ?? 0}
          pagination={attentionPage}
          columns={attentionColumns}
          rowId={(hubOrder) => hubOrder.id}
          isLoading={needingAttention.isLoading}
          empty={t("import.attentionNone")}
          unreadable={needingAttention.error ? t("import.attentionUnreadable", { error: errorMessage(needingAttention.error) }) : undefined}
        />
      </div>
      <div className="flex flex-col gap-y-2 py-4">
        <Heading level="h3" className="px-6">
          {t("import.runs")}
        </Heading>
        <Text size="small" className="text-ui-fg-subtle px-6">
          {t("import.runsHint")}
        </Text>
        <HubDataTable
          testId="hub-import-runs"
          data={runs.data?.import_runs ?? []}
          count={runs.data?.count ?? 0}
          pagination={runsPage}
          columns={runColumns}
          rowId={(run) => run.id}
          isLoading={runs.isLoading}
          empty={t("import.runsNone")}
          unreadable={runs.error ? t("import.runsUnreadable", { error: errorMessage(runs.error) }) : undefined}
        />
      </div>
    </Container>
  )
}
