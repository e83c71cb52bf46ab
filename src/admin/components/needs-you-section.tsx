import { Button, Container, Heading, Text } from "@medusajs/ui"
import { useHubMovesNeedingMerchant, useHubOrdersNeedingMerchant, useHubProductsNeedingMerchant, useHubSkusInError, useHubStockFigures } from "../lib/hub-queries"
import { useHubTranslation } from "../lib/i18n"
import { MovesNeedingMerchant } from "./moves-needing-merchant"

/** One thing that needs the merchant: how many, and a button to the list that shows them. */
const NeedLine = ({ text, target, testId }: { text: string; target: string; testId: string }) => {
  const { t } = useHubTranslation("page")
  return (
    <div className="flex items-center justify-between gap-x-3 px-6 py-3" data-testid={testId}>
      <Text size="small" className="text-ui-fg-error">
        {text}
      </Text>
      <Button size="small" variant="transparent" onClick={() => document.getElementById(target)?.scrollIntoView({ behavior: "smooth" })}>
        {t("needsYou.show")}
      </Button>
    </div>
  )
}

/**
 * What needs the merchant, before anything else on the page: hub orders set aside or short of
 * stock, moves not done, SKUs the hub refuses, products not publishable or refused, canceled orders
 * still holding stock; or that
 * nothing does. The moves are listed here (no other section shows them); the rest point to their list.
 */
export const NeedsYouSection = () => {
  const { t } = useHubTranslation("page")
  const orders = useHubOrdersNeedingMerchant()
  const moves = useHubMovesNeedingMerchant()
  const stock = useHubStockFigures()
  const skus = useHubSkusInError()
  const products = useHubProductsNeedingMerchant()
  if (orders.isLoading || moves.isLoading || stock.isLoading || skus.isLoading || products.isLoading) return null

  const orderCount = orders.data?.count ?? 0
  const moveCount = moves.data?.count ?? 0
  const skuCount = skus.data?.count ?? 0
  const leakCount = stock.data?.stock.lastReconciliation?.leakedOrders ?? 0
  const productCount = products.data?.count ?? 0
  const nothing = !orderCount && !moveCount && !skuCount && !leakCount && !productCount
  return (
    <Container className="divide-y p-0" data-testid="hub-needs-you">
      <div className="px-6 py-4">
        <Heading level="h2">{t("needsYou.heading")}</Heading>
        {nothing && (
          <Text size="small" className="text-ui-fg-subtle" data-testid="hub-needs-nothing">
            {t("needsYou.nothing")}
          </Text>
        )}
      </div>
      {orderCount > 0 && <NeedLine text={t("needsYou.orders", { n: orderCount })} target="hub-orders-attention-section" testId="hub-needs-orders" />}
      {skuCount > 0 && <NeedLine text={t("needsYou.skus", { n: skuCount })} target="hub-skus-in-error-section" testId="hub-needs-skus" />}
      {productCount > 0 && <NeedLine text={t("needsYou.products", { n: productCount })} target="hub-products-attention-section" testId="hub-needs-products" />}
      {leakCount > 0 && <NeedLine text={t("needsYou.leaks", { n: leakCount })} target="hub-stock-leaks-section" testId="hub-needs-leaks" />}
      {moveCount > 0 && (
        <div className="flex flex-col gap-y-2 py-4" data-testid="hub-needs-moves">
          <Text size="small" className="text-ui-fg-error px-6">
            {t("needsYou.moves", { n: moveCount })}
          </Text>
          <MovesNeedingMerchant />
        </div>
      )}
    </Container>
  )
}
