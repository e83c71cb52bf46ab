import type { AdminOrder } from "@medusajs/framework/types"
import { useQuery } from "@tanstack/react-query"
import type { HubDeliveryActionRow, HubMarketplaceRefusal, HubOrderMoveRow, HubOrderRow, StockShortage } from "../../../api/admin/hub/types"
import { useHubStatusLabels } from "../hub-status-label"
import { sdk } from "../../lib/sdk"

/** The hub order behind a Medusa order, as the card reads it. */
export type HubOrderSummary = Pick<
  HubOrderRow,
  "account" | "code" | "channel" | "calculation_type" | "shipping_method" | "shipping_carrier" | "status_code" | "status_type" | "import_state" | "imported_at" | "remote_code" | "expedition_limit_date"
>

/** What the plugin records on the Medusa order after moves (see the order flow's workflows). */
export type HubOrderMetadata = {
  hub_invoice?: { key: string; issue_date?: string | null }
  hub_shipment_exception?: { occurrence_date: string; observation: string }
}

/** The Medusa order's side of the story: its lines (what is left to ship), its fulfillments and how far they went. */
export const MEDUSA_ORDER_FIELDS = "id,currency_code,metadata,*billing_address,fulfillment_status,*items,*fulfillments,*fulfillments.items,*fulfillments.labels"

/** The hub order behind a Medusa order, its status's label in the hub's catalogue, its moves, and the Medusa order's fulfillments. */
export function useHubOrder(orderId: string) {
  const hubOrder = useQuery({
    queryKey: ["hub", "orders", "by-order", orderId],
    queryFn: () => sdk.client.fetch<{ hub_orders: HubOrderSummary[] }>("/admin/hub/orders", { query: { order_id: orderId, limit: 1 } }),
  })
  // The hub order names its account: its statuses and moves are that account's, read once it is known.
  const found = hubOrder.data?.hub_orders[0]
  const code = found?.code
  const labelOf = useHubStatusLabels(found?.account)
  const moves = useQuery({
    queryKey: ["hub", "orders", "moves", found?.account, code],
    queryFn: () => sdk.client.fetch<{ moves: HubOrderMoveRow[]; delivery_actions: HubDeliveryActionRow[]; marketplace_refusals: HubMarketplaceRefusal[]; stock_shortage: StockShortage[] }>(movesPath(found!.code, found!.account)),
    enabled: !!found,
  })
  const medusaOrder = useQuery({
    // Under Medusa's own key prefix, so the order page and this card reload together after a move.
    queryKey: ["orders", "hub-card", orderId],
    queryFn: () => sdk.admin.order.retrieve(orderId, { fields: MEDUSA_ORDER_FIELDS }),
    enabled: !!code,
  })
  return {
    hubOrder: found,
    error: hubOrder.error,
    /** The status's label in the hub's catalogue (undefined until it is read, or for a code it does not hold). */
    statusLabel: labelOf(found?.status_code),
    /** A status code in words, for messages: its label, or the code itself (nothing when there is no code). */
    statusLabelOf: (statusCode: string | undefined) => labelOf(statusCode) ?? statusCode,
    moves: moves.data?.moves ?? [],
    /** What was done with it through the marketplace's delivery (PLPs, collections), newest first. */
    deliveryActions: moves.data?.delivery_actions ?? [],
    /** What a marketplace refused of it after the hub took it (the hub's `sync_errors`), in the hub's words. */
    marketplaceRefusals: moves.data?.marketplace_refusals ?? [],
    /** While it needs stock: what its lines lack, and where. */
    stockShortage: moves.data?.stock_shortage ?? [],
    medusaOrder: medusaOrder.data?.order as AdminOrder | undefined,
  }
}

/** A hub order's moves, of the account it came from: two accounts may each have an order of one code. */
export function movesPath(code: string, account: string, route: "moves" | "invoice-xml" | "label" = "moves"): string {
  return `/admin/hub/orders/${encodeURIComponent(code)}/${route}?account=${encodeURIComponent(account)}`
}
