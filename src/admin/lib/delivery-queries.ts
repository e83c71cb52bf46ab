import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useHubAccount } from "./hub-account"
import { HUB_PAGE_REFRESH_MS } from "./hub-queries"
import { sdk } from "./sdk"

/*
 * The hub page's *Delivery* section reads the account's hub itself (its lists are the hub's, paged as
 * the hub pages them), through the plugin's routes (src/api/admin/hub/delivery/).
 */

/** An order of a delivery list, with what the store knows of it. */
export type DeliveryListOrder = { code: string; shipping: string | null; order_id: string | null; status_type: string | null }
export type DeliveryOrdersPage = { orders: DeliveryListOrder[]; page: number; next_page: number | null }
export type DeliveryPlp = { id: string; type: string | null; order_codes: string[] }
/** How an action ended, as the routes answer (and `message` in the hub's words when it refused). */
export type DeliveryActionAnswer = { outcome: { kind: string; state: "done" | "refused" | "failed" | "unknown"; plp_id: string | null; order_codes: string[] }; message?: string }

/** How an action ended, for the section to say: the route's 422 a refusal in the hub's words, 502 an answer lost, anything else not done. */
export type DeliveryActionEnding = { state: "done" | "refused" | "failed" | "unknown"; kind: string | null; plpId: string | null; count: number; message: string | null }

export function useOrdersToGroup(page: number) {
  const { account } = useHubAccount()
  return useQuery({
    queryKey: ["hub", "delivery", account, "to-group", page],
    queryFn: () => sdk.client.fetch<DeliveryOrdersPage>("/admin/hub/delivery/to-group", { query: { account, page } }),
    placeholderData: keepPreviousData,
    refetchInterval: HUB_PAGE_REFRESH_MS,
  })
}

export function usePlps() {
  const { account } = useHubAccount()
  return useQuery({
    queryKey: ["hub", "delivery", account, "plps"],
    queryFn: () => sdk.client.fetch<{ plps: DeliveryPlp[] }>("/admin/hub/delivery/plps", { query: { account } }),
    refetchInterval: HUB_PAGE_REFRESH_MS,
  })
}

export function useCollectables(requested: boolean, page: number) {
  const { account } = useHubAccount()
  return useQuery({
    queryKey: ["hub", "delivery", account, "collectables", requested, page],
    queryFn: () => sdk.client.fetch<DeliveryOrdersPage>("/admin/hub/delivery/collectables", { query: { account, requested: String(requested), page } }),
    placeholderData: keepPreviousData,
    refetchInterval: HUB_PAGE_REFRESH_MS,
  })
}

/**
 * An action on the account's hub (group, ungroup, request a collection): its answer, whatever the
 * ending (a refusal answers 422 with the hub's words; the section says it), then every list read again.
 */
export function useDeliveryAction() {
  const { account } = useHubAccount()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ path, method, orderCodes }: { path: string; method: "POST" | "DELETE"; orderCodes?: string[] }): Promise<DeliveryActionEnding> => {
      try {
        const answer = await sdk.client.fetch<DeliveryActionAnswer>(path, { method, query: { account }, ...(orderCodes ? { body: { order_codes: orderCodes } } : {}) })
        return { state: "done", kind: answer.outcome.kind, plpId: answer.outcome.plp_id, count: answer.outcome.order_codes.length, message: null }
      } catch (error) {
        const status = (error as { status?: number }).status
        const state = status === 422 ? "refused" : status === 502 ? "unknown" : "failed"
        return { state, kind: null, plpId: null, count: orderCodes?.length ?? 0, message: error instanceof Error ? error.message : String(error) }
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["hub", "delivery", account] }),
  })
}
