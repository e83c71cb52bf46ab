/**
 * The plugin's own events, through Medusa's event bus (a store subscribes as to any Medusa event:
 * `export const config = { event: HubEvents.ORDER_IMPORTED }`). Their data names hub orders, moves and
 * SKUs, never a customer's personal data.
 */
export const HubEvents = {
  /**
   * `{ id, account, code, order_id, needs_stock, unmapped_warehouses? }`: a hub order became a Medusa order (id: the
   * hub order record); `unmapped_warehouses`, the warehouse codes its lines name that no location is mapped to.
   */
  ORDER_IMPORTED: "hub-order.imported",
  /**
   * `{ id, account, code, order_id }`: the marketplace put an imported hub order in `returned` (its goods
   * came back to the seller, docs/after-sale.md); once per order reaching that status.
   */
  ORDER_RETURNED: "hub-order.returned",
  /** `{ account, code, reason }`: a hub order was set aside, once per new reason. */
  ORDER_SET_ASIDE: "hub-order.set-aside",
  /** `{ id, account, code, kind, order_id }`: the hub took a merchant's move (id: the move record). */
  ORDER_MOVED: "hub-order.moved",
  /** `{ id, account, code, kind, order_id, error }`: the hub refused a merchant's move (or its order's status rules it out), once per move. */
  ORDER_MOVE_REFUSED: "hub-order.move-refused",
  /** `{ account, sku, status, message, fields }`: an account's hub refused a SKU's push (fields: those held back). */
  SKU_REFUSED: "hub-sku.refused",
  /**
   * `{ account, skus: [{ sku, floor }] }`: a recording found these SKUs' prices under the floor of the
   * account's price rules: held, not sent (the hub keeps its last price). One per account and recording.
   */
  PRICE_HELD: "hub-price.held",
  /** `{ account, product_id, sku, status, message }`: an account's hub refused a product's publication (option `publishProducts`). */
  PRODUCT_REFUSED: "hub-product.refused",
  /**
   * `{ account, entity, entity_ids, error_category_code, error_code, message, name, solution }`: a
   * marketplace refused products (entity `products`, entity_ids their SKUs) or orders (`orders`, their
   * codes) after the hub took them (`GET /sync_errors/*`): once per error code and page of a read, naming
   * those the plugin had not seen listed with it.
   */
  MARKETPLACE_REFUSED: "hub-marketplace.refused",
  /**
   * `{ account, ticket, order_code, at }`: a read of the marketplace's customer service found messages to
   * the seller it had not seen, still unanswered, on a ticket (`at`: the newest); never their text or author.
   */
  SAC_MESSAGE: "hub-sac.message",
} as const

/**
 * The plugin's own signal, not for stores: a listing run shared one account's hub orders to import (`{ run_id, account }`);
 * each worker that receives it takes some (src/sync/orders/listed-order-lanes.ts).
 */
export const HUB_LISTED_ORDERS_EVENT = "hub.listed-orders"
