/*
 * The sandbox hub's data and order state machine, free of HTTP so that it can be tested on its
 * own and driven in-process by tests. Every refusal is a SandboxHubError carrying the HTTP status
 * the hub answers with; inputs are validated here so in-process callers get the hub's refusals too.
 * The state machine follows the sandbox's own move rules (move-rules.ts: a profile, strict by
 * default), not the plugin's table, so tests can show where a hub and the plugin disagree.
 */
import { z } from "zod"
import { HUB_DAY_MS } from "../hub-client/endpoints"
import { DEFAULT_SANDBOX_ANSWERS, type SandboxAnswers } from "./answers"
import { orderFiltersSchema, STANDARD_STATUS_CODES, type HubOrder, type OrderFilters } from "../hub-client/schemas"
import { parseOrThrow, SandboxHubError } from "./errors"
import type { MoveTargetType, SandboxDelivery, SandboxInvoice, SandboxShipment, SandboxShipmentException } from "./move-bodies"
import {
  appendTo,
  asHubOrder,
  clone,
  compareStrings,
  pageStart,
  type SandboxStatusType,
  startOfUtcDay,
  statusCodeOf,
  type ProductListing,
  type SandboxProduct,
  type SandboxProductInput,
  type SandboxStatus,
  type StoredOrder,
} from "./records"
import { type MoveRules, SANDBOX_MOVE_PROFILES } from "./move-rules"
import { SandboxCatalogue, type SandboxVariationView } from "./catalogue"
import { SandboxStatusBook } from "./status-book"
import { SandboxCategoryService } from "./category-service"
import { reviewCategoryAttributes } from "./category-review"
import { SandboxOrderQueue } from "./order-queue"
import { SandboxMarketplaceDelivery } from "./marketplace-delivery"
import { SandboxMarketplaceReview } from "./marketplace-review"
import { DEFAULT_SANDBOX_PRICE_RULES, type SandboxPriceRules } from "./price-rules"
import { DEFAULT_SEED_DAYS, seedOrderInputs, seedProductInputs } from "./seed"
import { approveOrder, buildOrder, shipOrder } from "./order-builder"
import { sandboxTestOrderSchema, type SandboxTestOrderInput } from "./test-order-rules"

export type SeedOrdersOptions = { endAt?: Date; queued?: boolean }

export class SandboxHubState {
  /** The account's statuses (status-book.ts): the hub's own and its custom ones. */
  private readonly statuses = new SandboxStatusBook()
  /** Every product write is reviewed against the category service's attributes (category-review.ts). */
  private readonly catalogue = new SandboxCatalogue(
    (product) => reviewCategoryAttributes(product, (code) => this.categories.byId(code)),
    () => this.answers
  )
  private readonly orders = new Map<string, StoredOrder>()
  private readonly nextSequenceByChannel = new Map<string, number>()
  /** Orders by placed_at then code; kept until an order is added (moves change neither key). */
  private ordersInListingOrder?: StoredOrder[]
  private readonly now: () => Date
  private readonly firstOrderSequence: number
  /** Every order placed or moved, for integrations that consume the queue. */
  readonly queue: SandboxOrderQueue
  /** The marketplace's own delivery: labels, PLPs, collections. */
  readonly delivery = new SandboxMarketplaceDelivery({
    getOrder: (code) => this.getOrder(code),
    orderCodes: () => this.orderCodes(),
    statusType: (code) => {
      const order = this.orders.get(code)
      return order ? this.statusTypeOf(order) : undefined
    },
  })
  /** The category service beside the hub (category-service.ts): the marketplace's categories and their attributes. */
  readonly categories = new SandboxCategoryService()
  /** The marketplace's review of the products the hub took (marketplace-review.ts): its sync errors. */
  readonly review = new SandboxMarketplaceReview({ getProduct: (sku) => this.getProduct(sku) }, () => this.now())
  /** The hub's price rules (price-rules.ts): a cut of half or more refused, and how its product model holds a sale. */
  priceRules: SandboxPriceRules = DEFAULT_SANDBOX_PRICE_RULES
  /** Which moves are accepted from which status type. */
  moveRules: MoveRules = SANDBOX_MOVE_PROFILES.strict
  /**
   * How orders, products and statuses are answered (answers.ts): as real hubs answer (`realistic`, the
   * default) or `tidy`. Orders keep the shape they were placed in; `reset()` lists the statuses of the shape.
   */
  answers: SandboxAnswers

  constructor(options: { now?: () => Date; firstOrderSequence?: number; queueVisibilityMs?: number; answers?: SandboxAnswers } = {}) {
    this.now = options.now ?? (() => new Date())
    this.answers = options.answers ?? DEFAULT_SANDBOX_ANSWERS
    this.firstOrderSequence = options.firstOrderSequence ?? 1
    this.queue = new SandboxOrderQueue(() => this.now().getTime(), options.queueVisibilityMs)
    this.reset()
  }

  /** Back to the hub's statuses (the standard ones; with realistic answers also the 2025 list's and a custom one), no products, no orders. */
  reset(): void {
    this.statuses.reset(this.answers)
    this.catalogue.clear()
    this.orders.clear()
    this.ordersInListingOrder = undefined
    this.nextSequenceByChannel.clear()
    this.queue.clear()
    this.delivery.clear()
    this.review.clear()
    this.categories.reset()
  }

  // ---- Statuses ------------------------------------------------------------------------

  listStatuses(): SandboxStatus[] {
    return this.statuses.list()
  }

  /** A custom status, as created in the hub's administration area; a custom code may be redefined, the hub's own may not. */
  addStatus(input: SandboxStatus): SandboxStatus {
    return this.statuses.add(input)
  }

  // ---- Products ------------------------------------------------------------------------

  upsertProducts(inputs: SandboxProductInput[]): SandboxProduct[] {
    return this.catalogue.upsert(inputs)
  }

  /** Takes a product off the hub (as a merchant can in the hub's own panel): its updates are then 404s. */
  removeProduct(sku: string): boolean {
    return this.catalogue.remove(sku)
  }

  /** A simple or configurable product (with its variations); undefined for a variation's SKU (getVariation). */
  getProduct(sku: string): SandboxProduct | undefined {
    return this.catalogue.get(sku)
  }

  getVariation(sku: string): SandboxVariationView | undefined {
    return this.catalogue.getVariation(sku)
  }

  /** `POST /products`, validated with the sandbox's own rules (product-create-rules.ts). */
  createProduct(input: unknown): SandboxProduct {
    return this.catalogue.create(input, this.priceRules)
  }

  /** `POST /products/{sku}/variations`: answers the product with its variations. */
  addVariation(parentSku: string, input: unknown): SandboxProduct {
    return this.catalogue.addVariation(parentSku, input, this.priceRules)
  }

  /**
   * Partial update of a product or a variation (by its SKU): only the fields given change
   * (docs/hub-interface.md §4 rule 2). `update` is validated here with the sandbox's own rules
   * (product-rules.ts); a refused update changes nothing.
   */
  updateProduct(sku: string, update: unknown): SandboxProduct | SandboxVariationView {
    return this.catalogue.update(sku, update, this.priceRules)
  }

  /** One page of products sorted by SKU: by page number, or (cursor paging) after a SKU. */
  listProducts(query: {
    perPage: number
    page?: number
    afterSku?: string
    /** Validated here with productFiltersSchema (400 when invalid). */
    filters: Record<string, unknown>
  }): ProductListing {
    return this.catalogue.list(query)
  }

  // ---- Orders --------------------------------------------------------------------------

  hasOrder(code: string): boolean {
    return this.orders.has(code)
  }

  getOrder(code: string): HubOrder | undefined {
    const order = this.orders.get(code)
    return order && asHubOrder(order)
  }

  /** Stores any JSON object as an order, for tests of malformed orders; only `code` is required. */
  insertRawOrder(order: unknown): void {
    const { code } = parseOrThrow(z.looseObject({ code: z.string().min(1) }), order)
    this.orders.set(code, clone(order) as StoredOrder)
    this.ordersInListingOrder = undefined
    this.queue.enqueue(code)
  }

  /** A marketplace order, exactly as `POST /orders` creates a test order, answered in the hub's shape (order-builder.ts). */
  createOrder(input: SandboxTestOrderInput, placedAt: Date = this.now()): HubOrder {
    return asHubOrder(this.placeOrder(input, placedAt))
  }

  /** Places the order and answers the record itself (no copy: a seed of thousands needs none). */
  private placeOrder(input: SandboxTestOrderInput, placedAt: Date): StoredOrder {
    const order = parseOrThrow(sandboxTestOrderSchema, input, { prefix: "order" })
    const status = this.statuses.ofType(order.status, "NEW")
    const lines = order.items.map((item, index) => {
      const product = this.catalogue.sellable(item.id)
      if (!product) throw new SandboxHubError(422, `order.items.${index}.id: unknown product "${item.id}"`)
      return {
        id: item.id,
        productId: product.productId,
        name: product.name,
        qty: item.qty,
        originalPrice: item.original_price ?? product.price,
        specialPrice: item.special_price,
        remoteStoreId: item.remote_store_id,
      }
    })
    const { code, sequence } = this.nextOrderCode(order.channel)
    const hubOrder = buildOrder({ order, status, lines, code, sequence, placedAt, answers: this.answers })
    this.nextSequenceByChannel.set(order.channel, sequence + 1)
    this.orders.set(hubOrder.code, hubOrder)
    this.ordersInListingOrder = undefined
    this.queue.enqueue(hubOrder.code)
    return hubOrder
  }

  /** Codes are `<channel>-<sequence>`, the sequence counted per channel from `firstOrderSequence` (taken once the order is made). */
  private nextOrderCode(channel: string): { code: string; sequence: number } {
    let sequence = this.nextSequenceByChannel.get(channel) ?? this.firstOrderSequence
    // A raw order may already hold the next code; never overwrite it.
    while (this.orders.has(`${channel}-${sequence}`)) sequence++
    return { code: `${channel}-${sequence}`, sequence }
  }

  /** Every order's code, in the order the orders were created or inserted. */
  orderCodes(): string[] {
    return [...this.orders.keys()]
  }

  /** Orders sorted by placed_at then code, filtered by status codes and UTC calendar days. */
  listOrders(query: { page: number; perPage: number; filters: OrderFilters }): { total: number; orders: HubOrder[] } {
    const filters = parseOrThrow(orderFiltersSchema, query.filters, { status: 400, prefix: "filters" })
    const start = pageStart(query.page, query.perPage)
    const statuses = filters.statuses && new Set(filters.statuses)
    const from = filters.startDate && startOfUtcDay(filters.startDate)
    const until = filters.endDate && startOfUtcDay(filters.endDate) + HUB_DAY_MS
    this.ordersInListingOrder ??= [...this.orders.values()].sort(
      (a, b) => compareStrings(String(a.placed_at ?? ""), String(b.placed_at ?? "")) || compareStrings(a.code, b.code)
    )
    const matching = this.ordersInListingOrder.filter((order) => {
      if (statuses && !statuses.has(statusCodeOf(order) ?? "")) return false
      if (from === undefined && until === undefined) return true
      const placed = Date.parse(String(order.placed_at))
      if (Number.isNaN(placed)) return false
      return (from === undefined || placed >= from) && (until === undefined || placed < until)
    })
    return { total: matching.length, orders: matching.slice(start, start + query.perPage).map(asHubOrder) }
  }

  // ---- Order moves ---------------------------------------------------------------------

  /** NEW -> APPROVED: the marketplace confirming payment (or, on sandbox accounts, `/approval`). */
  approve(code: string, statusCode: string = STANDARD_STATUS_CODES.APPROVED): HubOrder {
    return this.move(code, "APPROVED", statusCode, approveOrder)
  }

  /** `volumeQty`: an invoice sent with its NF-e XML, and the parcels it names (the hub's delivery makes a label each). */
  invoice(code: string, statusCode: string, invoice: SandboxInvoice, volumeQty?: number): HubOrder {
    return this.move(code, "INVOICED", statusCode, (order, at) => {
      // An NF-e key holds the series at digits 23-25 and the invoice number at digits 26-34.
      appendTo(order, "invoices", {
        key: invoice.key,
        number: String(Number(invoice.key.slice(25, 34))),
        line: String(Number(invoice.key.slice(22, 25))),
        issue_date: invoice.issue_date ?? at,
        ...(volumeQty ? { volume_qty: volumeQty, xml: true } : {}),
      })
    })
  }

  ship(code: string, statusCode: string, shipment: SandboxShipment): HubOrder {
    return this.move(code, "SHIPPED", statusCode, (order, at) => {
      const orderedSkus = new Set(
        (Array.isArray(order.items) ? order.items : []).map((item) => (item as { id?: unknown }).id)
      )
      shipment.items.forEach((item, index) => {
        if (!orderedSkus.has(item.sku)) {
          throw new SandboxHubError(422, `shipment.items.${index}.sku: "${item.sku}" is not an item of order ${code}`)
        }
      })
      appendTo(order, "shipments", {
        code: shipment.code ?? code,
        ...(shipment.delivered_carrier_date ? { delivered_carrier_date: shipment.delivered_carrier_date } : {}),
        items: shipment.items,
        tracks: [shipment.track],
      })
      shipOrder(order, at)
    })
  }

  deliver(code: string, statusCode: string, delivery: SandboxDelivery): HubOrder {
    return this.move(code, "DELIVERED", statusCode, (order, at) => {
      order.delivered_date = delivery.delivered_date ?? at
    })
  }

  cancel(code: string, statusCode: string = STANDARD_STATUS_CODES.CANCELED): HubOrder {
    return this.move(code, "CANCELED", statusCode)
  }

  /**
   * The marketplace putting an order in any status of the account (a 2025 code such as has_incident,
   * a custom one), outside the move rules, which hold only for the merchant's moves and the standard flow.
   */
  setStatusByMarketplace(code: string, statusCode: string): HubOrder {
    const order = this.orders.get(code)
    if (!order) throw new SandboxHubError(404, `Order ${code} not found`)
    const status = this.statuses.get(statusCode)
    if (!status) throw new SandboxHubError(422, `status: "${statusCode}" is not a status of this account`)
    order.status = { ...status }
    order.updated_at = this.now().toISOString()
    this.queue.enqueue(code)
    return asHubOrder(order)
  }

  reportShipmentException(code: string, statusCode: string, exception: SandboxShipmentException): HubOrder {
    return this.move(code, "SHIPMENT_EXCEPTION", statusCode, (order) => {
      order.shipment_exception = exception
    })
  }

  /**
   * The single place an order changes status: the target status must exist with the target type,
   * and the order's current type must be an allowed source in the sandbox's move rules.
   */
  private move(
    code: string,
    target: MoveTargetType,
    statusCode: string,
    effect?: (order: StoredOrder, at: string) => void
  ): HubOrder {
    const order = this.orders.get(code)
    if (!order) throw new SandboxHubError(404, `Order ${code} not found`)
    const status = this.statuses.ofType(statusCode, target)
    const currentCode = statusCodeOf(order)
    const currentType = this.statusTypeOf(order)
    const allowed = this.moveRules[target]
    if (!currentType || !allowed.includes(currentType)) {
      throw new SandboxHubError(
        422,
        `Order ${code} cannot move to ${target} from status ${currentCode ?? "(none)"} (${currentType ?? "unknown type"}); ` +
          `allowed only from ${allowed.join(", ")}`
      )
    }
    const at = this.now().toISOString()
    effect?.(order, at)
    order.status = { ...status }
    order.updated_at = at
    this.queue.enqueue(code)
    return asHubOrder(order)
  }

  /** The type of an order's status, resolved through the account's statuses (never the label). */
  private statusTypeOf(order: StoredOrder): SandboxStatusType | undefined {
    return this.statuses.typeOf(statusCodeOf(order))
  }

  // ---- Seeding -------------------------------------------------------------------------

  /** Deterministic products SKU-00001.. for offline development (seed.ts). */
  seedProducts(count: number): void {
    this.upsertProducts(seedProductInputs(count))
  }

  /**
   * Deterministic book_product orders over `days` UTC calendar days up to `endAt` (default now; its
   * day included), selling existing products (seed.ts); returns their codes. `queued: false` leaves them out of the order
   * queue, as orders a consumer took long ago (a bench's backlog).
   */
  seedOrders(count: number, days = DEFAULT_SEED_DAYS, { endAt = this.now(), queued = true }: SeedOrdersOptions = {}): string[] {
    const skus = this.catalogue.skus()
    if (count > 0 && skus.length === 0) {
      throw new SandboxHubError(422, "seeding orders needs products: every order item is a product")
    }
    const price = (sku: string) => this.catalogue.sellable(sku)?.price ?? 0
    return seedOrderInputs(count, skus, endAt, days, price, this.answers === "realistic").map(({ input, placedAt }) => {
      const { code } = this.placeOrder(input, placedAt)
      if (!queued) this.queue.acknowledge(code)
      return code
    })
  }
}
