import type {
  HourlyTraffic,
  HubCategories,
  HubFiguresSnapshot,
  HubMarketplaceDelivery,
  HubOperations,
  HubOrder,
  HubProduct,
  HubProductDetail,
  HubProductInput,
  HubSac,
  HubStatusCatalogue,
  HubStores,
  HubSyncErrors,
  HubVariationInput,
  ListedHubOrder,
  MerchantOrderMove,
  OrderFilters,
  ProductUpdate,
  TestOrderInput,
  VariationUpdate,
} from "../../hub-client"

/** A part of the client as its calls only: a structural type, so nothing of the part beyond them is held. */
type CallsOf<T> = Pick<T, keyof T>

/**
 * A part of the client as its calls only, each bound to it: the part itself, which holds the account's
 * transport (its credentials, budget and pool), stays the module's. `names` must be every call of the
 * part (`CallsOf` fails the build on one left out), and never a private helper.
 */
function callsOf<T extends object, K extends keyof T>(part: T, names: readonly K[]): Pick<T, K> {
  return Object.fromEntries(names.map((name) => [name, (part[name] as (...args: unknown[]) => unknown).bind(part)])) as Pick<T, K>
}

/** An account's hub orders: the status catalogue, the listing and the queue, one order read, the merchant's moves, test orders. */
export type HubOrderOperations = {
  /** The hub's status catalogue (`GET /statuses`): custom statuses count by their type. */
  statuses(): Promise<HubStatusCatalogue>
  /** Every order the filters list from `startDate`, a page at a time (the client splits what passes the hub's index). */
  all(filters: OrderFilters & { startDate: Date }): AsyncGenerator<ListedHubOrder>
  /** The next order the hub's queue hands out; null when it is empty. */
  nextQueued(): Promise<ListedHubOrder | null>
  /** Takes an order off the queue (one no longer queued is taken as done). */
  acknowledgeQueued(code: string): Promise<void>
  get(code: string): Promise<HubOrder>
  /** Sends a merchant move of `hubOrder` (an invoice with its NF-e XML when `nfeXml` is given); a POST, never resent when its outcome is unknown. */
  move(hubOrder: HubOrder, move: MerchantOrderMove, nfeXml?: string): Promise<HubOrder>
  /** A test order, on a sandbox account only (docs/hub-interface.md §4). */
  createTest(order: TestOrderInput): Promise<HubOrder>
  approveTest(code: string): Promise<HubOrder>
}

/** An account's hub products: the catalogue's pushes and reconciliations (docs/catalogue.md). */
export type HubProductOperations = {
  /** Every product the hub lists, a page at a time; a malformed one is handed to `onSetAside` with its reason, the walk going on. */
  all(onSetAside?: (reasons: string[]) => void): AsyncGenerator<HubProduct>
  /** A product with its variations; null when the hub holds none of that SKU. */
  get(sku: string): Promise<HubProductDetail | null>
  /** A variation by its own SKU; null when the hub holds none. */
  getVariation(sku: string): Promise<HubProductDetail | null>
  /** A POST, never resent when its outcome is unknown: the hub is read first. */
  create(product: HubProductInput): Promise<unknown>
  /** A POST adding a variation to a configurable product; read first, as a create. */
  addVariation(parentSku: string, variation: HubVariationInput): Promise<unknown>
  /** A partial PUT of a product's (or, with `variations`, a variation's) fields: only what changes. */
  update(sku: string, fields: ProductUpdate | VariationUpdate, resource?: "products" | "variations"): Promise<unknown>
}

/**
 * An account's hub operations, as the hub module offers them beside its `records`: code outside the
 * module calls these and reads a failure with `hubOutcome` (src/hub-client/errors.ts); the client stays
 * the module's (its pool, budget and hourly traffic).
 */
export type HubAccountOperations = {
  readonly orders: HubOrderOperations
  readonly products: HubProductOperations
  /** The marketplace's own delivery: labels, PLPs, Direct collections (src/hub-client/marketplace-delivery.ts). */
  readonly delivery: CallsOf<HubMarketplaceDelivery>
  /** The marketplace's categories and their attributes, from the category service (`categoryServiceUrl`). */
  readonly categories: CallsOf<HubCategories>
  /** What the marketplaces refused after the hub took it: read, its glossary, cleared (src/hub-client/sync-errors.ts). */
  readonly syncErrors: CallsOf<HubSyncErrors>
  /** The marketplace's customer service: tickets by their cursor, chats, lines, refunds, the seller's answer (src/hub-client/sac.ts). */
  readonly sac: CallsOf<HubSac>
  /** The hub's warehouses other than the default: each CD's stock in batches (src/hub-client/stores.ts). */
  readonly stores: CallsOf<HubStores>
  /** This process's counters of the account's requests, the pause in force and the last error (never a credential). */
  figures(): HubFiguresSnapshot
  /** This process's requests per hour and endpoint not recorded in the store's rows yet (read, left to the recording). */
  untakenTraffic(): HourlyTraffic[]
}

/** The operations of the account whose client is `client`. */
export function accountOperations(client: HubOperations): HubAccountOperations {
  return {
    orders: {
      statuses: () => client.listStatuses(),
      all: (filters) => client.allOrders(filters),
      nextQueued: () => client.nextQueuedOrder(),
      acknowledgeQueued: (code) => client.acknowledgeQueuedOrder(code),
      get: (code) => client.getOrder(code),
      move: (hubOrder, move, nfeXml) => sendMove(client, hubOrder, move, nfeXml),
      createTest: (order) => client.createTestOrder(order),
      approveTest: (code) => client.approveTestOrder(code),
    },
    products: {
      all: (onSetAside) => client.allProducts({}, onSetAside),
      get: (sku) => client.getProduct(sku),
      getVariation: (sku) => client.getVariation(sku),
      create: (product) => client.createProduct(product),
      addVariation: (parentSku, variation) => client.addVariation(parentSku, variation),
      update: (sku, fields, resource) => client.updateProduct(sku, fields, resource),
    },
    delivery: callsOf(client.delivery, ["label", "labelData", "ordersToGroup", "group", "plps", "plpDocument", "plpData", "ungroup", "collectables", "requestCollection"]),
    categories: callsOf(client.categories, ["page", "all"]),
    syncErrors: callsOf(client.syncErrors, ["page", "all", "glossary", "clear"]),
    sac: callsOf(client.sac, ["page", "all", "chats", "items", "refunds", "instances", "openInstance", "answer"]),
    stores: callsOf(client.stores, ["batch"]),
    figures: () => client.figures(),
    untakenTraffic: () => client.untakenHourlyTraffic(),
  }
}

/** The one translation of a merchant move into its hub request. */
function sendMove(client: HubOperations, hubOrder: HubOrder, move: MerchantOrderMove, nfeXml?: string): Promise<HubOrder> {
  switch (move.kind) {
    case "invoice":
      if (move.nfe && nfeXml !== undefined) {
        return client.invoiceOrderWithXml(hubOrder.code, { xml: nfeXml, volume_qty: move.nfe.volume_qty, issue_date: move.invoice.issue_date! })
      }
      return client.invoiceOrder(hubOrder.code, move.invoice)
    case "ship":
      return client.shipOrder(hubOrder.code, {
        ...move.shipment,
        // No items given: the whole order ships.
        items: move.shipment.items ?? hubOrder.items.map((item) => ({ sku: item.id, qty: item.qty })),
      })
    case "deliver":
      return client.deliverOrder(hubOrder.code, move.delivery)
    case "shipment_exception":
      return client.reportShipmentException(hubOrder.code, move.shipment_exception)
    case "cancel":
      return client.cancelOrder(hubOrder.code)
  }
}
