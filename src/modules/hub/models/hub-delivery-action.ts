import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"

/** What the merchant did with an order through the marketplace's delivery (docs/delivery.md). */
export const HUB_DELIVERY_ACTIONS = ["grouped", "ungrouped", "collection_requested"] as const
export type HubDeliveryActionKind = (typeof HUB_DELIVERY_ACTIONS)[number]

/**
 * How it ended: done; refused by the hub (`error` in its words); or `unknown`, the hub's answer lost
 * and its lists, read after, not showing it either way. Never resent by the plugin.
 */
export const HUB_DELIVERY_ACTION_STATES = ["done", "refused", "unknown"] as const
export type HubDeliveryActionState = (typeof HUB_DELIVERY_ACTION_STATES)[number]

/**
 * One order's line in the history of the marketplace's delivery: grouped into a PLP, ungrouped, its
 * collection requested. One row per order and action, so the order card shows what happened to it;
 * no customer data.
 */
export const HubDeliveryAction = model
  .define("hub_delivery_action", {
    id: model.id({ prefix: "hubdlv" }).primaryKey(),
    account: accountColumn(),
    code: model.text(),
    action: model.enum([...HUB_DELIVERY_ACTIONS]),
    plp_id: model.text().nullable(),
    state: model.enum([...HUB_DELIVERY_ACTION_STATES]),
    error: model.text().nullable(),
  })
  .indexes([{ on: ["account", "code"] }])
