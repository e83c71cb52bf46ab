import { Button, Container, createDataTableColumnHelper, Heading, Text, toast } from "@medusajs/ui"
import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query"
import { useMemo } from "react"
import type { HubMarketplaceRefusal, HubSyncErrorsPage } from "../../api/admin/hub/types"
import { errorMessage, formatTime } from "../lib/format"
import { useHubAccount } from "../lib/hub-account"
import { HUB_PAGE_REFRESH_MS } from "../lib/hub-queries"
import { useHubTranslation } from "../lib/i18n"
import { sdk } from "../lib/sdk"
import { HubDataTable, useHubPagination } from "./hub-data-table"

const column = createDataTableColumnHelper<HubMarketplaceRefusal>()

const refusalsQuery = (account: string, entity: "products" | "orders", page: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: ["hub", "marketplace-refusals", account, entity, page],
    queryFn: () => sdk.client.fetch<HubSyncErrorsPage>("/admin/hub/marketplace-refusals", { query: { account, entity, ...page } }),
    placeholderData: keepPreviousData,
    refetchInterval: HUB_PAGE_REFRESH_MS,
  })

/** Every account's first page of refusals, of products then orders each (their counts are what "What needs you" reads). */
export function useEveryHubAccountRefusals() {
  const { accounts } = useHubAccount()
  return useQueries({ queries: accounts.flatMap((account) => [refusalsQuery(account, "products", { limit: 1, offset: 0 }), refusalsQuery(account, "orders", { limit: 1, offset: 0 })]) })
}

/**
 * What the marketplaces refused of the shown account's products and orders after the hub took them
 * (docs/catalogue.md, Refused by the marketplace), in the hub's words, and *Read now*.
 */
export const MarketplaceRefusalsSection = () => {
  const { t } = useHubTranslation("page")
  const { account } = useHubAccount()
  const queryClient = useQueryClient()
  const read = useMutation({
    mutationFn: () => sdk.client.fetch<{ read: { products: number; orders: number; added: number; complete: boolean; error: string | null } }>("/admin/hub/marketplace-refusals/read", { method: "POST", query: { account } }),
    onSuccess: ({ read: done }) =>
      done.complete ? toast.success(t("refusals.readDone", { products: done.products, orders: done.orders })) : toast.error(t("refusals.readPartial"), { description: done.error ?? undefined }),
    onError: (failure) => toast.error(t("refusals.readFailed"), { description: errorMessage(failure) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["hub"] }),
  })
  return (
    <Container className="divide-y p-0" data-testid="hub-marketplace-refusals-section" id="hub-marketplace-refusals-section">
      <div className="flex items-center justify-between gap-x-3 px-6 py-4">
        <div className="flex flex-col gap-y-1">
          <Heading level="h2">{t("refusals.heading")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("refusals.description")}
          </Text>
        </div>
        <Button size="small" variant="secondary" isLoading={read.isPending} onClick={() => read.mutate()}>
          {t("refusals.readNow")}
        </Button>
      </div>
      <RefusalsTable account={account} entity="products" />
      <RefusalsTable account={account} entity="orders" />
    </Container>
  )
}

const RefusalsTable = ({ account, entity }: { account: string; entity: "products" | "orders" }) => {
  const { t } = useHubTranslation("page")
  const pagination = useHubPagination()
  const page = useQuery(refusalsQuery(account, entity, pagination.query))
  const columns = useMemo(
    () => [
      column.accessor("entity_id", { header: t(entity === "products" ? "refusals.columns.sku" : "refusals.columns.order") }),
      column.accessor("name", { header: t("refusals.columns.error"), cell: ({ row }) => row.original.name ?? row.original.error_code }),
      column.accessor("message", { header: t("refusals.columns.message"), cell: ({ getValue }) => <span className="block min-w-[10rem] whitespace-normal">{getValue() ?? "—"}</span> }),
      column.accessor("solution", { header: t("refusals.columns.solution"), cell: ({ getValue }) => <span className="block min-w-[12rem] whitespace-normal">{getValue() ?? "—"}</span> }),
      column.accessor("seen_at", { header: t("refusals.columns.seen"), cell: ({ getValue }) => formatTime(getValue()) }),
    ],
    [t, entity]
  )
  const none = page.data?.count === 0 && pagination.state.pageIndex === 0
  return (
    <div className="flex flex-col gap-y-2 py-3">
      <Text size="small" weight="plus" className="px-6">
        {t(entity === "products" ? "refusals.products" : "refusals.orders")}
      </Text>
      {/* None: a line, not the table's tall empty state (most days a store has none). */}
      {none ? (
        <Text size="small" className="text-ui-fg-subtle px-6" data-testid={`hub-marketplace-refusals-${entity}-none`}>
          {t(entity === "products" ? "refusals.noProducts" : "refusals.noOrders")}
        </Text>
      ) : (
        <HubDataTable
          testId={`hub-marketplace-refusals-${entity}`}
          data={page.data?.marketplace_refusals ?? []}
          count={page.data?.count ?? 0}
          pagination={pagination}
          columns={columns}
          rowId={(row) => row.id}
          isLoading={page.isLoading}
          empty={t(entity === "products" ? "refusals.noProducts" : "refusals.noOrders")}
          unreadable={page.error ? errorMessage(page.error) : undefined}
        />
      )}
    </div>
  )
}
