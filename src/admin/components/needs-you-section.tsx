import { Container, Heading, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { useHubAccount } from "../lib/hub-account"
import {
  useEveryHubAccountProductsNeedingMerchant,
  useEveryHubAccountSkusInError,
  useEveryHubAccountCatalogueFigures,
  useHubMovesNeedingMerchant,
  useHubOrdersNeedingMerchant,
} from "../lib/hub-queries"
import { useHubTranslation } from "../lib/i18n"
import { useEveryHubAccountRefusals } from "./marketplace-refusals-section"
import { MovesNeedingMerchant } from "./moves-needing-merchant"

/** Where each need is dealt with: the page under Orders or Products, and its list there. */
const WHERE = {
  orders: "/hub-orders#hub-orders-attention-section",
  skus: "/hub-products#hub-skus-in-error-section",
  products: "/hub-products#hub-products-attention-section",
  refusals: "/hub-products#hub-marketplace-refusals-section",
  leaks: "/hub-products#hub-stock-leaks-section",
} as const

/**
 * One thing that needs the merchant: how many, and a link to the list that shows them. `account`:
 * whose (a store with several hub accounts has a line per account, named); the link shows that account.
 */
const NeedLine = ({ text, target, testId, account }: { text: string; target: keyof typeof WHERE; testId: string; account?: string }) => {
  const { t } = useHubTranslation("page")
  const { choose, nameOf } = useHubAccount()
  return (
    <div className="flex items-center justify-between gap-x-3 px-6 py-3" data-testid={testId} data-account={account}>
      <Text size="small" className="text-ui-fg-error">
        {text}
        {account && <span className="text-ui-fg-subtle"> · {nameOf(account)}</span>}
      </Text>
      <Link to={WHERE[target]} onClick={() => account && choose(account)} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-compact-small-plus whitespace-nowrap">
        {t("needsYou.show")}
      </Link>
    </div>
  )
}

/**
 * What needs the merchant, the overview's body, of every hub account: hub orders set
 * aside or short of stock, moves not done (each row naming its account), SKUs the hub refuses,
 * canceled orders still holding stock (a line per account with any), products not publishable or
 * refused; or that nothing does. The moves are listed here (no other section shows them); the rest
 * link to their list on the page where they are dealt with.
 */
export const NeedsYouSection = () => {
  const { t } = useHubTranslation("page")
  const { accounts } = useHubAccount()
  const orders = useHubOrdersNeedingMerchant()
  const moves = useHubMovesNeedingMerchant()
  const catalogue = useEveryHubAccountCatalogueFigures()
  const skus = useEveryHubAccountSkusInError()
  const products = useEveryHubAccountProductsNeedingMerchant()
  const refusals = useEveryHubAccountRefusals()
  if ([orders, moves, ...catalogue, ...skus, ...products, ...refusals].some((query) => query.isLoading)) return null

  // A store with one account reads as before: its lines name none.
  const named = (index: number) => (accounts.length > 1 ? accounts[index] : undefined)
  const perAccount = (counts: number[]) => counts.flatMap((n, index) => (n > 0 ? [{ n, account: named(index) }] : []))
  const orderCount = orders.data?.count ?? 0
  const moveCount = moves.data?.count ?? 0
  const skuLines = perAccount(skus.map((one) => one.data?.count ?? 0))
  const leakLines = perAccount(catalogue.map((one) => one.data?.catalogue.lastReconciliation?.leakedOrders ?? 0))
  const productLines = perAccount(products.map((one) => one.data?.count ?? 0))
  // Two queries per account (products, then orders).
  const refusalLines = perAccount(accounts.map((_, index) => (refusals[2 * index]?.data?.count ?? 0) + (refusals[2 * index + 1]?.data?.count ?? 0)))
  const nothing = !orderCount && !moveCount && !skuLines.length && !leakLines.length && !productLines.length && !refusalLines.length
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
      {orderCount > 0 && <NeedLine text={t("needsYou.orders", { n: orderCount })} target="orders" testId="hub-needs-orders" />}
      {skuLines.map(({ n, account }) => (
        <NeedLine key={account ?? "one"} text={t("needsYou.skus", { n })} target="skus" testId="hub-needs-skus" account={account} />
      ))}
      {productLines.map(({ n, account }) => (
        <NeedLine key={account ?? "one"} text={t("needsYou.products", { n })} target="products" testId="hub-needs-products" account={account} />
      ))}
      {refusalLines.map(({ n, account }) => (
        <NeedLine key={account ?? "one"} text={t("needsYou.refusals", { n })} target="refusals" testId="hub-needs-refusals" account={account} />
      ))}
      {leakLines.map(({ n, account }) => (
        <NeedLine key={account ?? "one"} text={t("needsYou.leaks", { n })} target="leaks" testId="hub-needs-leaks" account={account} />
      ))}
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
