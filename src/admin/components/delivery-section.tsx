import { Button, Container, createDataTableColumnHelper, type DataTableRowSelectionState, Heading, Text, usePrompt } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { hubDocumentUrl } from "../lib/documents"
import { errorMessage } from "../lib/format"
import { useHubAccount } from "../lib/hub-account"
import { type DeliveryActionEnding, type DeliveryListOrder, type DeliveryPlp, useCollectables, useDeliveryAction, useOrdersToGroup, usePlps } from "../lib/delivery-queries"
import { useHubTranslation } from "../lib/i18n"
import { HubOrderLink } from "./hub-order-link"
import { HubDataTable } from "./hub-data-table"

const orderColumn = createDataTableColumnHelper<DeliveryListOrder>()
const plpColumn = createDataTableColumnHelper<DeliveryPlp>()
const linkClass = "text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-compact-small whitespace-nowrap"

/** `carrier`: what a list holds when the hub's rows leave it unsaid (Direct's collection lists hold Direct orders only). */
function useOrderColumns(selectable: boolean, carrier: string | null = null) {
  const { t } = useHubTranslation("page")
  const { account } = useHubAccount()
  return useMemo(
    () => [
      ...(selectable ? [orderColumn.select()] : []),
      orderColumn.accessor("code", { header: t("delivery.columns.order"), cell: ({ row }) => <HubOrderLink code={row.original.code} orderId={row.original.order_id} account={account} /> }),
      orderColumn.accessor("shipping", { header: t("delivery.columns.carrier"), cell: ({ getValue }) => carrierName(getValue() ?? carrier, t) }),
      // The status by its meaning, in the admin's language (the hub's own type word as a tooltip).
      orderColumn.accessor("status_type", { header: t("delivery.columns.hubStatus"), cell: ({ getValue }) => (getValue() ? <span title={getValue()!}>{t(`statusTypes.${getValue()}`, { defaultValue: getValue() })}</span> : "—") }),
    ],
    [t, account, selectable, carrier]
  )
}

const carrierName = (shipping: string | null, t: (key: string) => string) => (shipping === "CORREIOS" ? "Correios" : shipping === "DIRECT" ? "Direct" : shipping ?? t("delivery.unknownCarrier"))

/** Whom a PLP's parcels go with: Correios' to an agency, Direct's wait for the collection asked for; both, when it groups both. */
type GroupedCarrier = "CORREIOS" | "DIRECT" | "both"

/** The carrier of the orders grouped, as their rows said; null when none says it. */
function groupedCarrierOf(orders: DeliveryListOrder[], codes: string[]): GroupedCarrier | null {
  const carriers = new Set(orders.filter((order) => codes.includes(order.code)).flatMap((order) => (order.shipping === "CORREIOS" || order.shipping === "DIRECT" ? [order.shipping] : [])))
  return carriers.size === 2 ? "both" : ((carriers.values().next().value as GroupedCarrier | undefined) ?? null)
}

/** What an action came to, in the merchant's words; a PLP grouped says what comes next for its carrier. */
const Ending = ({ ending, grouped }: { ending: DeliveryActionEnding; grouped: GroupedCarrier | null }) => {
  const { t } = useHubTranslation("page")
  const kind = ending.kind === "grouped" ? `grouped.${grouped ?? "both"}` : (ending.kind ?? "done")
  const text =
    ending.state === "done"
      ? t(`delivery.answers.${kind}`, { id: ending.plpId ?? "—", count: ending.count })
      : t(`delivery.answers.${ending.state}`, { message: ending.message ?? "" })
  return (
    <Text size="small" className={ending.state === "done" ? "px-6" : "text-ui-fg-error px-6"} data-testid="hub-delivery-answer">
      {text}
    </Text>
  )
}

/**
 * The marketplace's own delivery for the shown account (docs/delivery.md): the labelled orders ready to
 * group (select several, *Group into a PLP*), the PLPs (print, data, ungroup), and Direct's collections
 * (select, *Request collection*). Every list is the hub's, read through the plugin's routes.
 */
export const DeliverySection = () => {
  const { t } = useHubTranslation("page")
  const { account } = useHubAccount()
  const [toGroupPage, setToGroupPage] = useState(1)
  const [collectPage, setCollectPage] = useState(1)
  const [grouping, setGrouping] = useState<DataTableRowSelectionState>({})
  const [collecting, setCollecting] = useState<DataTableRowSelectionState>({})
  const [grouped, setGrouped] = useState<GroupedCarrier | null>(null)
  const toGroup = useOrdersToGroup(toGroupPage)
  const plps = usePlps()
  const collectables = useCollectables(false, collectPage)
  const requested = useCollectables(true, 1)
  const action = useDeliveryAction()
  const selectableColumns = useOrderColumns(true)
  const collectableColumns = useOrderColumns(true, "DIRECT")
  const requestedColumns = useOrderColumns(false, "DIRECT")
  const selected = (state: DataTableRowSelectionState) => Object.keys(state).filter((code) => state[code])
  const prompt = usePrompt()

  const plpColumns = useMemo(
    () => [
      plpColumn.accessor("id", { header: t("delivery.columns.plp") }),
      plpColumn.accessor("type", { header: t("delivery.columns.carrier"), cell: ({ getValue }) => carrierName(getValue(), t) }),
      plpColumn.accessor("order_codes", {
        header: t("delivery.columns.orders"),
        cell: ({ getValue }) => <span className="block min-w-[10rem] whitespace-normal">{getValue().join(", ")}</span>,
      }),
      plpColumn.display({
        id: "actions",
        header: "",
        cell: ({ row }) => {
          const url = (format: "pdf" | "json") => hubDocumentUrl(`/admin/hub/delivery/plps/${encodeURIComponent(row.original.id)}`, { account, format })
          return (
            <div className="flex items-center gap-x-3">
              <a href={url("pdf")} target="_blank" rel="noreferrer" className={linkClass} data-testid="hub-plp-print">
                {t("delivery.plps.print")}
              </a>
              <a href={url("json")} target="_blank" rel="noreferrer" className={linkClass}>
                {t("delivery.plps.data")}
              </a>
              <Button
                size="small"
                variant="secondary"
                disabled={action.isPending}
                data-testid="hub-plp-ungroup"
                onClick={async () => {
                  // Ungrouping drops the PLP on the hub (its number and print gone): asked first.
                  const id = row.original.id
                  if (!(await prompt({ title: t("delivery.confirm.ungroupTitle", { id }), description: t("delivery.confirm.ungroupDescription"), confirmText: t("delivery.confirm.ungroupConfirm"), cancelText: t("delivery.confirm.back"), variant: "danger" }))) return
                  action.mutate({ path: `/admin/hub/delivery/plps/${encodeURIComponent(id)}`, method: "DELETE" })
                }}
              >
                {t("delivery.plps.ungroup")}
              </Button>
            </div>
          )
        },
      }),
    ],
    [t, account, action, prompt]
  )
  const unreadable = (error: unknown) => (error ? t("delivery.unreadable", { error: errorMessage(error) }) : undefined)
  // Direct's orders in Ready to group (this page of it): their PLP comes before their collection.
  const directToGroup = (toGroup.data?.orders ?? []).filter((order) => order.shipping === "DIRECT").length

  return (
    <Container className="divide-y p-0" data-testid="hub-delivery-section">
      <div className="flex flex-col gap-y-1 px-6 py-4">
        <Heading level="h2">{t("delivery.heading")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("delivery.description")}
        </Text>
      </div>
      {action.data && (
        <div className="py-3">
          <Ending ending={action.data} grouped={grouped} />
        </div>
      )}
      <div className="flex flex-col gap-y-2 py-4">
        <Heading level="h3" className="px-6">
          {t("delivery.toGroup.heading")}
        </Heading>
        <HubDataTable
          testId="hub-delivery-to-group"
          data={toGroup.data?.orders ?? []}
          columns={selectableColumns}
          rowId={(order) => order.code}
          isLoading={toGroup.isLoading}
          empty={t("delivery.toGroup.empty")}
          page={toGroupPage}
          nextPage={toGroup.data?.next_page}
          onPage={setToGroupPage}
          selection={{ state: grouping, onChange: setGrouping }}
          selectedLabel={(count) => t("delivery.selected", { count })}
          commands={[
            {
              label: t("delivery.toGroup.group"),
              shortcut: "g",
              action: (state) => {
                setGrouped(groupedCarrierOf(toGroup.data?.orders ?? [], selected(state)))
                action.mutate({ path: "/admin/hub/delivery/plps", method: "POST", orderCodes: selected(state) }, { onSettled: () => setGrouping({}) })
              },
            },
          ]}
          unreadable={unreadable(toGroup.error)}
        />
      </div>
      <div className="flex flex-col gap-y-2 py-4">
        <Heading level="h3" className="px-6">
          {t("delivery.plps.heading")}
        </Heading>
        <HubDataTable testId="hub-delivery-plps" data={plps.data?.plps ?? []} columns={plpColumns} rowId={(plp) => plp.id} isLoading={plps.isLoading} empty={t("delivery.plps.empty")} unreadable={unreadable(plps.error)} />
      </div>
      <div className="flex flex-col gap-y-2 py-4">
        <Heading level="h3" className="px-6">
          {t("delivery.collect.heading")}
        </Heading>
        <Text size="small" className="text-ui-fg-subtle px-6">
          {t("delivery.collect.steps")}
        </Text>
        <HubDataTable
          testId="hub-delivery-collectables"
          data={collectables.data?.orders ?? []}
          columns={collectableColumns}
          rowId={(order) => order.code}
          isLoading={collectables.isLoading}
          empty={directToGroup ? t("delivery.collect.emptyGroupFirst", { count: directToGroup }) : t("delivery.collect.empty")}
          page={collectPage}
          nextPage={collectables.data?.next_page}
          onPage={setCollectPage}
          selection={{ state: collecting, onChange: setCollecting }}
          selectedLabel={(count) => t("delivery.selected", { count })}
          commands={[
            {
              label: t("delivery.collect.request"),
              shortcut: "c",
              action: (state) => action.mutate({ path: "/admin/hub/delivery/collections", method: "POST", orderCodes: selected(state) }, { onSettled: () => setCollecting({}) }),
            },
          ]}
          unreadable={unreadable(collectables.error)}
        />
        <Heading level="h3" className="px-6 pt-2">
          {t("delivery.collect.requestedHeading")}
        </Heading>
        <HubDataTable testId="hub-delivery-requested" data={requested.data?.orders ?? []} columns={requestedColumns} rowId={(order) => order.code} isLoading={requested.isLoading} empty={t("delivery.collect.noneRequested")} unreadable={unreadable(requested.error)} />
      </div>
    </Container>
  )
}
