import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminProduct, DetailWidgetProps } from "@medusajs/framework/types"
import { Button, Container, Heading, Text, toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Link } from "react-router-dom"
import type { HubProductPublications, HubProductPublicationView } from "../../api/admin/hub/types"
import { HubProductCardLines } from "../components/hub-product/card-lines"
import { HubProductState } from "../components/hub-product/publication"
import { HubPrices } from "../components/hub-product/hub-prices"
import { errorMessage } from "../lib/format"
import { useHubAccountName } from "../lib/hub-account"
import { useHubTranslation } from "../lib/i18n"
import { productCardLines } from "../lib/product-card"
import { productState } from "../lib/product-state"
import { sdk } from "../lib/sdk"

/** While a push is due, the card looks again this often: Publish now answers before the hub does. */
const WAITING_REFRESH_MS = 2_000

/**
 * On a product's page: its publication to the hub (option `publishProducts`), what keeps it off in
 * the admin's language, the hub's own words for a refusal, and the merchant's two asks. With
 * publication off, one quiet line saying how to turn it on. A store with several hub accounts sees
 * one part per account whose sales channel sells the product (or whose hub holds it), each naming
 * its account and acting on it alone; a store with one sees the card as before accounts.
 */
const HubProductWidget = ({ data: product }: DetailWidgetProps<AdminProduct>) => {
  const { t } = useHubTranslation("product")
  const accountName = useHubAccountName()
  const { data, error } = useQuery({
    queryKey: ["hub", "products", "by-product", product.id],
    queryFn: () => sdk.client.fetch<HubProductPublications>(`/admin/hub/products/${encodeURIComponent(product.id)}`),
    refetchInterval: (query) => (query.state.data?.publications.some((publication) => publication.product?.waiting) ? WAITING_REFRESH_MS : false),
  })

  if (error) {
    return (
      <Container>
        <Text size="small" className="text-ui-fg-error">
          {t("unreadable", { error: errorMessage(error) })}
        </Text>
      </Container>
    )
  }
  if (!data) return null

  const hubPage = (
    <div className="px-6 py-3">
      <Link to="/hub-products" className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-compact-small">
        {t("hubPage")}
      </Link>
    </div>
  )
  const [only] = data.publications
  if (data.accounts.length === 1 && only) {
    return (
      <Container className="divide-y p-0" data-testid="hub-product-widget">
        <div className="flex items-center justify-between gap-x-3 px-6 py-4">
          <Heading level="h2">{t("heading")}</Heading>
          {only.publish_products && <HubProductState state={stateOf(only)} testId="hub-product-state" />}
        </div>
        <AccountPublication productId={product.id} publication={only} />
        {hubPage}
      </Container>
    )
  }
  return (
    <Container className="divide-y p-0" data-testid="hub-product-widget">
      <div className="px-6 py-4">
        <Heading level="h2">{t("heading")}</Heading>
      </div>
      {data.publications.length === 0 && (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4" data-testid="hub-product-no-account">
          {t("noAccount")}
        </Text>
      )}
      {data.publications.map((publication) => (
        <div key={publication.account} className="divide-y" data-testid={`hub-product-account-${publication.account}`}>
          <div className="flex items-center justify-between gap-x-3 px-6 py-3">
            <Text size="small" leading="compact" weight="plus">
              {t("account", { account: accountName(publication.account) })}
            </Text>
            {publication.publish_products && <HubProductState state={stateOf(publication)} testId="hub-product-state" />}
          </div>
          <AccountPublication productId={product.id} publication={publication} named />
        </div>
      ))}
      {hubPage}
    </Container>
  )
}

type Publication = HubProductPublications["publications"][number]

/**
 * One account's publication of the product: its rows and the merchant's asks, sent to that account
 * (`?account=`). `named`: the store has several accounts, so "off" speaks of this account's option.
 */
const AccountPublication = ({ productId, publication, named = false }: { productId: string; publication: Publication; named?: boolean }) => {
  const { t } = useHubTranslation("product")
  const queryClient = useQueryClient()
  const { account, product: row } = publication
  const ask = useMutation({
    mutationFn: (body: { publish: true } | { excluded: boolean }) =>
      sdk.client.fetch<{ product: HubProductPublicationView }>(
        `/admin/hub/products/${encodeURIComponent(productId)}/${"publish" in body ? "publish" : "exclusion"}`,
        { method: "POST", query: { account }, body: "publish" in body ? {} : body }
      ),
    onSuccess: ({ product: asked }, body) => {
      const [title, hint] = "publish" in body ? ["publishing", "publishingHint"] : asked.excluded ? ["excluded", "excludedHint"] : ["included", "includedHint"]
      toast.success(t(`toasts.${title}`), { description: t(`toasts.${hint}`) })
    },
    onError: (failure) => toast.error(t("toasts.failed"), { description: errorMessage(failure) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["hub", "products"] }),
  })

  if (!publication.publish_products) {
    return (
      <>
        <HubPrices prices={publication.prices} currency={publication.currency_code} />
        <HubProductCardLines productId={productId} lines={productCardLines({ ...publication, product: null })} row={null} />
        <Text size="small" className="text-ui-fg-subtle px-6 py-4" data-testid="hub-product-off">
          {named ? t("offAccount") : t("off")}
        </Text>
      </>
    )
  }
  return (
    <>
      <HubPrices prices={publication.prices} currency={publication.currency_code} />
      {!row && (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4" data-testid="hub-product-unseen">
          {t("notLookedAt")}
        </Text>
      )}
      <HubProductCardLines productId={productId} lines={productCardLines(publication)} row={row} />
      <div className="flex flex-wrap items-center gap-2 px-6 py-4" data-testid="hub-product-actions">
        {!row?.excluded && (
          <Button size="small" variant="secondary" isLoading={ask.isPending && !!ask.variables && "publish" in ask.variables} onClick={() => ask.mutate({ publish: true })}>
            {t("actions.publishNow")}
          </Button>
        )}
        <Button size="small" variant="transparent" disabled={ask.isPending} onClick={() => ask.mutate({ excluded: !row?.excluded })}>
          {row?.excluded ? t("actions.include") : t("actions.exclude")}
        </Button>
      </div>
    </>
  )
}

/** The account's one state of the product: its publication's, unless a marketplace refused it since (the worst first). */
const stateOf = (publication: Publication) => productState({ row: publication.product, marketplaceRefused: publication.marketplace_refusals.length > 0 })

export const config = defineWidgetConfig({
  zone: "product.details.side.before",
})

export default HubProductWidget
