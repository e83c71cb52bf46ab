import { useQuery } from "@tanstack/react-query"
import type { HubOrderMoveNeedingMerchant, HubOrderRow, HubProductsPage, StockSyncFigures } from "../../api/admin/hub/types"
import { sdk } from "./sdk"

/*
 * The hub page's reads that more than one section shows: one query each (react-query shares it by
 * its key), refreshed every 10 s while the page is open.
 */

/** How often the hub page reads its figures again while it is open. */
export const HUB_PAGE_REFRESH_MS = 10_000

/** The hub orders that need the merchant: set aside, or imported short of stock (20 of each, and how many in all). */
export function useHubOrdersNeedingMerchant() {
  return useQuery({
    queryKey: ["hub", "orders", "attention"],
    queryFn: async () => {
      const [setAside, needsStock] = await Promise.all(
        (["set_aside", "needs_stock"] as const).map((import_state) =>
          sdk.client.fetch<{ hub_orders: HubOrderRow[]; count: number }>("/admin/hub/orders", { query: { import_state, limit: 20 } })
        )
      )
      return { orders: [...setAside.hub_orders, ...needsStock.hub_orders], count: setAside.count + needsStock.count }
    },
    refetchInterval: HUB_PAGE_REFRESH_MS,
  })
}

/** The moves that need the merchant: refused, not sent, outcome unknown, or not recorded in Medusa. */
export function useHubMovesNeedingMerchant() {
  return useQuery({
    queryKey: ["hub", "moves", "attention"],
    queryFn: () => sdk.client.fetch<{ moves: HubOrderMoveNeedingMerchant[]; count: number }>("/admin/hub/moves", { query: { limit: 20 } }),
    refetchInterval: HUB_PAGE_REFRESH_MS,
  })
}

/** The stock sync's figures: backlog, SKUs in error, the last reconciliation. */
export function useHubStockFigures() {
  return useQuery({
    queryKey: ["hub", "stock"],
    queryFn: () => sdk.client.fetch<{ stock: StockSyncFigures }>("/admin/hub/stock"),
    refetchInterval: HUB_PAGE_REFRESH_MS,
  })
}

/** The products that need the merchant: not publishable, or refused by the hub (20 of each), with the counts and progress. */
export function useHubProductsNeedingMerchant() {
  return useQuery({
    queryKey: ["hub", "products", "attention"],
    queryFn: async () => {
      const [notPublishable, refused] = await Promise.all(
        (["not_publishable", "refused"] as const).map((state) => sdk.client.fetch<HubProductsPage>("/admin/hub/products", { query: { state, limit: 20 } }))
      )
      return { ...refused, products: [...notPublishable.products, ...refused.products], count: notPublishable.count + refused.count }
    },
    refetchInterval: HUB_PAGE_REFRESH_MS,
  })
}
