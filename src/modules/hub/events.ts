/**
 * The plugin's own events, through Medusa's event bus (a store subscribes as to any Medusa event:
 * `export const config = { event: HubEvents.ORDER_IMPORTED }`). Their data names hub orders, moves and
 * SKUs, never a customer's personal data.
 */
export const HubEvents = {
  /** `{ id, code, order_id, needs_stock }`: a hub order became a Medusa order (id: the hub order record). */
  ORDER_IMPORTED: "hub-order.imported",
  /** `{ code, reason }`: a hub order was set aside, once per new reason. */
  ORDER_SET_ASIDE: "hub-order.set-aside",
  /** `{ id, code, kind, order_id }`: the hub took a merchant's move (id: the move record). */
  ORDER_MOVED: "hub-order.moved",
  /** `{ sku, status, message, fields }`: the hub refused a SKU's push (fields: those held back). */
  STOCK_REFUSED: "hub-stock.refused",
} as const
