import type { HubProductPublicationState } from "../../api/admin/hub/types"

/** A product's one state on one account, as the merchant reads it, the worst first. */
export const PRODUCT_STATES = ["marketplace_refused", "refused", "not_publishable", "sending", "published", "excluded", "none"] as const
export type ProductState = (typeof PRODUCT_STATES)[number]

/** What the state is told from: the publication's row (null: not looked at yet), and whether a marketplace refused one of its SKUs after the hub took it. */
export type ProductStateFacts = {
  row: { state: HubProductPublicationState; waiting: boolean } | null
  marketplaceRefused: boolean
}

/** Whether each state holds; the first that does, in PRODUCT_STATES' order, is the one shown. */
const HOLDS: Record<ProductState, (facts: ProductStateFacts) => boolean> = {
  // A marketplace's refusal is told even on a product kept off since: its listing is still refused there.
  marketplace_refused: (facts) => facts.marketplaceRefused,
  refused: ({ row }) => row?.state === "refused",
  not_publishable: ({ row }) => row?.state === "not_publishable",
  // Published with a change not pushed yet is on its way, not done.
  sending: ({ row }) => row?.state === "pending" || (row?.state === "published" && row.waiting),
  published: ({ row }) => row?.state === "published",
  excluded: ({ row }) => row?.state === "excluded",
  none: () => true,
}

/**
 * The one state a product's card and the products list show for one account: refused by a
 * marketplace, refused by the hub, not publishable, sending, published, excluded (kept off), or not
 * looked at yet; the worst that holds, so a green badge never sits above a refusal.
 */
export function productState(facts: ProductStateFacts): ProductState {
  return PRODUCT_STATES.find((state) => HOLDS[state](facts))!
}
