import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"
import HubModule from "../modules/hub"

/**
 * The other way: a Medusa order reaches its hub order's record, when it came from the hub:
 * `query.graph({ entity: "order", fields: ["id", "hub_order.code", "hub_order.status_type"] })`.
 */
export default defineLink(
  { linkable: OrderModule.linkable.order, field: "id" },
  { ...HubModule.linkable.hubOrder.id, primaryKey: "order_id" },
  { readOnly: true }
)
