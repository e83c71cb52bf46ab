import { keepPreviousData, queryOptions, useQueries, useQuery } from "@tanstack/react-query"
import type { HubImportRunsPage, HubMovesPage, HubOrdersPage, HubProductsPage, HubSkusInErrorPage, CatalogueFigures } from "../../api/admin/hub/types"
import { useHubAccount } from "./hub-account"
import { sdk } from "./sdk"

/*
 * The hub page's reads that more than one section shows: one query each (react-query shares it by
 * its key, the page asked for included), refreshed every 10 s while the page is open. A list's
 * page keeps its rows while the next one loads (Medusa's own lists do the same). What needs the
 * merchant in orders and moves is every hub account's (each row names its account); the rest is the
 * account the page shows (`useHubAccount`).
 */

/** How often the hub page reads its figures again while it is open. */
export const HUB_PAGE_REFRESH_MS = 10_000

/** A list's page as the routes take it. */
export type HubPageQuery = { limit: number; offset: number }

/** How many rows a table of the admin's hub pages shows at once (the hub's own page size is HUB_PAGE_SIZE, src/hub-client/endpoints.ts). */
export const ADMIN_PAGE_SIZE = 10

/** A list's first page: its count is all "Needs you" reads of it (the same query as the list's own first page). */
const FIRST: HubPageQuery = { limit: ADMIN_PAGE_SIZE, offset: 0 }

/** A page of the hub orders that need the merchant, of every account: set aside, or imported short of stock; and how many in all. */
export function useHubOrdersNeedingMerchant(page: HubPageQuery = FIRST) {
  return useQuery({
    queryKey: ["hub", "orders", "attention", page],
    queryFn: () => sdk.client.fetch<HubOrdersPage>("/admin/hub/orders", { query: { import_state: ["set_aside", "needs_stock"], ...page } }),
    placeholderData: keepPreviousData,
    refetchInterval: HUB_PAGE_REFRESH_MS,
  })
}

/** A page of the moves that need the merchant, of every account: refused, not sent, outcome unknown, or not recorded in Medusa. */
export function useHubMovesNeedingMerchant(page: HubPageQuery = FIRST) {
  return useQuery({
    queryKey: ["hub", "moves", "attention", page],
    queryFn: () => sdk.client.fetch<HubMovesPage>("/admin/hub/moves", { query: page }),
    placeholderData: keepPreviousData,
    refetchInterval: HUB_PAGE_REFRESH_MS,
  })
}

/** A page of the shown account's order import runs, newest first, with its intake's figures. */
export function useHubImportRuns(page: HubPageQuery = FIRST) {
  const { account } = useHubAccount()
  return useQuery({
    queryKey: ["hub", "import-runs", account, page],
    queryFn: () => sdk.client.fetch<HubImportRunsPage>("/admin/hub/import-runs", { query: { account, ...page } }),
    placeholderData: keepPreviousData,
    refetchInterval: HUB_PAGE_REFRESH_MS,
  })
}

const catalogueFiguresQuery = (account: string) =>
  queryOptions({
    queryKey: ["hub", "catalogue", account],
    queryFn: () => sdk.client.fetch<{ catalogue: CatalogueFigures }>("/admin/hub/catalogue", { query: { account } }),
    refetchInterval: HUB_PAGE_REFRESH_MS,
  })

const skusInErrorQuery = (account: string, page: HubPageQuery) =>
  queryOptions({
    queryKey: ["hub", "catalogue", "skus-in-error", account, page],
    queryFn: () => sdk.client.fetch<HubSkusInErrorPage>("/admin/hub/catalogue/skus-in-error", { query: { account, ...page } }),
    placeholderData: keepPreviousData,
    refetchInterval: HUB_PAGE_REFRESH_MS,
  })

/** The shown account's catalogue sync figures: backlog, SKUs in error, the last reconciliation. */
export function useHubCatalogueFigures() {
  return useQuery(catalogueFiguresQuery(useHubAccount().account))
}

/** Every account's catalogue sync figures, in the order of the store's accounts. */
export function useEveryHubAccountCatalogueFigures() {
  return useQueries({ queries: useHubAccount().accounts.map(catalogueFiguresQuery) })
}

/** A page of the SKUs the shown account's hub refused, or whose last push failed, and how many in all. */
export function useHubSkusInError(page: HubPageQuery = FIRST) {
  return useQuery(skusInErrorQuery(useHubAccount().account, page))
}

/** Every account's first page of SKUs in error (its count is what "What needs you" reads), in the order of the store's accounts. */
export function useEveryHubAccountSkusInError() {
  return useQueries({ queries: useHubAccount().accounts.map((account) => skusInErrorQuery(account, FIRST)) })
}

const productsNeedingQuery = (account: string, page: HubPageQuery) =>
  queryOptions({
    queryKey: ["hub", "products", "attention", account, page],
    queryFn: () => sdk.client.fetch<HubProductsPage>("/admin/hub/products", { query: { account, state: ["not_publishable", "refused"], ...page } }),
    placeholderData: keepPreviousData,
    refetchInterval: HUB_PAGE_REFRESH_MS,
  })

/** A page of the shown account's products that need the merchant (not publishable, or refused by its hub), with the counts and progress. */
export function useHubProductsNeedingMerchant(page: HubPageQuery = FIRST) {
  return useQuery(productsNeedingQuery(useHubAccount().account, page))
}

/** Every account's first page of products that need the merchant, in the order of the store's accounts. */
export function useEveryHubAccountProductsNeedingMerchant() {
  return useQueries({ queries: useHubAccount().accounts.map((account) => productsNeedingQuery(account, FIRST)) })
}
