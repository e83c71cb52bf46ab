import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"
import HubModule from "../modules/hub"

/**
 * A hub order's record reaches the Medusa order it became (`hub_order.order_id`, the one record of that
 * relation): `query.graph({ entity: "hub_order", fields: ["code", "order.*"] })`. Read-only: no link
 * table, nothing to keep in step (docs/extending.md).
 */
export default defineLink({ linkable: HubModule.linkable.hubOrder, field: "order_id" }, OrderModule.linkable.order, { readOnly: true })
