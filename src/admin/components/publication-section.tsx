import { Container, createDataTableColumnHelper, Heading, Text } from "@medusajs/ui"
import { useMemo } from "react"
import { Link } from "react-router-dom"
import { useQuery } from "@tanstack/react-query"
import type { HubProductPublicationView, HubProductsPage, HubSyncErrorsPage } from "../../api/admin/hub/types"
import { errorMessage, formatSecondsLeft, formatTime } from "../lib/format"
import { useHubAccount } from "../lib/hub-account"
import { HUB_PAGE_REFRESH_MS, useHubProductsNeedingMerchant } from "../lib/hub-queries"
import { productState } from "../lib/product-state"
import { sdk } from "../lib/sdk"
import { useHubTranslation } from "../lib/i18n"
import { HubDataTable, useHubPagination } from "./hub-data-table"
import { HubProductCounts, HubProductProblems, HubProductRefusal, HubProductState } from "./hub-product/publication"

const column = createDataTableColumnHelper<HubProductPublicationView>()

/** The shown account's SKUs a marketplace refused after the hub took them (the first 100 refusals: the list's states, worst first). */
function useMarketplaceRefusedSkus(): ReadonlySet<string> {
  const { account } = useHubAccount()
  const { data } = useQuery({
    queryKey: ["hub", "marketplace-refusals", account, "products", { limit: 100, offset: 0 }],
    queryFn: () => sdk.client.fetch<HubSyncErrorsPage>("/admin/hub/marketplace-refusals", { query: { account, entity: "products", limit: 100, offset: 0 } }),
    refetchInterval: HUB_PAGE_REFRESH_MS,
  })
  return useMemo(() => new Set((data?.marketplace_refusals ?? []).map((refusal) => refusal.entity_id)), [data])
}

/** The products that need the merchant: each links to its page, whose hub card says the same and acts. */
function useAttentionColumns() {
  const { t } = useHubTranslation("page")
  const refused = useMarketplaceRefusedSkus()
  return useMemo(
    () => [
      column.accessor("title", {
        header: t("publication.columns.product"),
        cell: ({ row }) => (
          <Link to={`/products/${row.original.product_id}`} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover block min-w-[14rem] whitespace-normal">
            {row.original.title ?? row.original.product_id}
          </Link>
        ),
      }),
      column.accessor("sku", { header: t("publication.columns.hubSku"), cell: ({ getValue }) => getValue() ?? "—" }),
      column.accessor("state", {
        header: t("publication.columns.state"),
        cell: ({ row }) => <HubProductState state={productState({ row: row.original, marketplaceRefused: !!row.original.sku && refused.has(row.original.sku) })} />,
      }),
      column.display({
        id: "why",
        header: t("publication.columns.why"),
        cell: ({ row }) => (
          <div className="min-w-[18rem] whitespace-normal">
            {row.original.problems.length > 0 ? <HubProductProblems problems={row.original.problems} /> : <HubProductRefusal row={row.original} />}
          </div>
        ),
      }),
      column.accessor("last_sent_at", { header: t("publication.columns.lastSent"), cell: ({ getValue }) => formatTime(getValue()) }),
    ],
    [t, refused]
  )
}

/** The first publication's progress: how many looked at, and the time the rest takes at the hub's create limit. */
const Progress = ({ progress }: { progress: HubProductsPage["progress"] }) => {
  const { t } = useHubTranslation("page")
  const text =
    progress.total === 0
      ? t("publication.noneYet")
      : progress.due > 0
        ? t("publication.progress", { done: progress.done, total: progress.total, left: formatSecondsLeft(progress.seconds_left) })
        : t("publication.allLookedAt", { total: progress.total })
  return <Text data-testid="hub-publication-progress">{text}</Text>
}

/**
 * Publication of Medusa's products to the hub (option `publishProducts`): the counts per state, the
 * first publication's progress, and the products not publishable or refused, with what to do.
 */
export const PublicationSection = () => {
  const { t } = useHubTranslation("page")
  const columns = useAttentionColumns()
  const pagination = useHubPagination()
  const { data, isLoading, error } = useHubProductsNeedingMerchant(pagination.query)

  if (isLoading) return <Container><Text>{t("publication.loading")}</Text></Container>
  if (error || !data) return <Container><Text>{t("publication.unreadable", { error: errorMessage(error) })}</Text></Container>

  return (
    <Container className="divide-y p-0" data-testid="hub-publication">
      <div className="px-6 py-4">
        <Heading level="h2">{t("publication.heading")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {data.publish_products ? t("publication.description") : t("publication.off")}
        </Text>
      </div>
      {data.publish_products && (
        <>
          <div className="flex flex-col gap-y-3 px-6 py-4">
            <HubProductCounts counts={data.counts} />
            <Progress progress={data.progress} />
          </div>
          <div className="flex scroll-mt-4 flex-col gap-y-2 py-4" id="hub-products-attention-section">
            <Heading level="h3" className="px-6">
              {t("publication.attention")}
            </Heading>
            <HubDataTable
              testId="hub-products-attention"
              data={data.products}
              count={data.count}
              pagination={pagination}
              columns={columns}
              rowId={(row) => row.product_id}
              empty={t("publication.attentionNone")}
            />
          </div>
        </>
      )}
    </Container>
  )
}
