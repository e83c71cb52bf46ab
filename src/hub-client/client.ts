/*
 * The hub's endpoints as typed methods: each checks its input, names its endpoint and hands the
 * request to the one request path (transport.ts), which applies the hub's rules. Whole listings
 * are walked by paging.ts over this client's page reads.
 */
import type { z } from "zod"
import type { HubBudgetStore } from "./budget-store"
import { describeIssues, HubInvalidRequestError, HubNotSentError } from "./errors"
import type { HourlyTraffic, HubFiguresSnapshot } from "./figure-snapshot"
import { HubClientOptions, HubClientOptionsInput, hubClientOptionsSchema } from "./options"
import type { HubTracer } from "./tracing"
import type { ListedHubOrder } from "./listed-order"
import { allOrders, allProducts, HubPageReader, hubDate, Paged, pageQuery } from "./paging"
import {
  DeliveryInput,
  deliveryInputSchema,
  HubOrder,
  hubOrderListSchema,
  queuedOrderSchema,
  hubOrderResponseSchema,
  hubOrderSchema,
  HubProduct,
  HubProductList,
  hubProductListSchema,
  hubProductResponseSchema,
  HubStatusCatalogue,
  hubStatusListSchema,
  InvoiceInput,
  invoiceInputSchema,
  NfeInvoiceInput,
  nfeInvoiceInputSchema,
  OrderFilters,
  orderFiltersSchema,
  ProductFilters,
  productFiltersSchema,
  ShipmentExceptionInput,
  shipmentExceptionInputSchema,
  ShipmentInput,
  shipmentInputSchema,
  STANDARD_STATUS_CODES,
  TestOrderInput,
  testOrderInputSchema,
} from "./schemas"
import {
  HubProductDetail,
  hubProductDetailResponseSchema,
  HubProductInput,
  hubProductInputSchema,
  HubVariationInput,
  hubVariationInputSchema,
  ProductUpdate,
  productUpdateSchema,
  VariationUpdate,
  variationUpdateSchema,
} from "./product-schemas"
import { HubCategories } from "./categories"
import { HubMarketplaceDelivery } from "./marketplace-delivery"
import { orderPath, productPath, productResource, productsCursorPath, skuSegment, variationResource } from "./paths"
import { HubSac } from "./sac"
import { HubStores } from "./stores"
import { HubSyncErrors } from "./sync-errors"
import { HubLogger, HubTransport } from "./transport"

/**
 * What code outside the hub module holds of an account's client: every hub call and its figures,
 * none of its lifecycle (closing its pool, handing over its hourly traffic), which the module keeps.
 */
export type HubOperations = Omit<HubClient, "close" | "takeHourlyTraffic" | "returnHourlyTraffic">

export class HubClient implements HubPageReader {
  readonly options: HubClientOptions
  private readonly transport: HubTransport
  /** To the category service, when configured: the same account's budget, its own connections. */
  private readonly categoryTransport?: HubTransport
  /** The marketplace's own delivery: labels, PLPs, collections (marketplace-delivery.ts). */
  readonly delivery: HubMarketplaceDelivery
  /** What the marketplaces refused after the hub took it (sync-errors.ts). */
  readonly syncErrors: HubSyncErrors
  /** The marketplace's customer service: tickets, chats, the seller's answers (sac.ts). */
  readonly sac: HubSac
  /** The hub's warehouses other than the default: each CD's stock in batches (stores.ts). */
  readonly stores: HubStores
  /** The marketplace's categories and their attributes, from the category service beside the hub (categories.ts; `categoryServiceUrl`). */
  readonly categories: HubCategories

  /** `budgetStore`: a shared request budget other than Redis (the plugin gives its PostgreSQL when the store has no Redis). */
  /** `tracer`: one span per request (the plugin passes Medusa's; none by default). */
  constructor(options: HubClientOptionsInput, logger?: HubLogger, budgetStore?: HubBudgetStore, tracer?: HubTracer) {
    const parsed = hubClientOptionsSchema.safeParse(options)
    if (!parsed.success) {
      throw new Error(`Invalid hub client options: ${describeIssues(parsed.error.issues)}`)
    }
    this.options = parsed.data
    this.transport = new HubTransport(this.options, logger, budgetStore, tracer)
    this.delivery = new HubMarketplaceDelivery(this.transport)
    this.syncErrors = new HubSyncErrors(this.transport)
    this.sac = new HubSac(this.transport)
    this.stores = new HubStores(this.transport)
    this.categoryTransport = this.options.categoryServiceUrl ? this.transport.besideAt(this.options.categoryServiceUrl) : undefined
    this.categories = new HubCategories(this.categoryTransport)
  }

  // ---- Statuses ------------------------------------------------------------------------

  async listStatuses(): Promise<HubStatusCatalogue> {
    return this.transport.send({ method: "GET", path: "/statuses", endpoint: "GET /statuses", response: hubStatusListSchema })
  }

  // ---- Orders --------------------------------------------------------------------------

  /** One page of the orders listing; use `allOrders` to read a whole filter. */
  async listOrders(filters: OrderFilters = {}, paging: Paged = {}) {
    const query = pageQuery("GET /orders", paging)
    const valid = this.validate("GET /orders", orderFiltersSchema, filters)
    for (const status of valid.statuses ?? []) {
      query.append("filters[statuses][]", status)
    }
    if (valid.startDate) query.set("filters[start_date]", hubDate(valid.startDate))
    if (valid.endDate) query.set("filters[end_date]", hubDate(valid.endDate))
    return this.transport.send({ method: "GET", path: "/orders", endpoint: "GET /orders", query, response: hubOrderListSchema })
  }

  /**
   * Every order matching `filters`, one page held at a time. Listed orders are yielded as the
   * hub sent them (validate each with `parseHubOrder`), so one malformed order hides no other.
   */
  allOrders(filters: OrderFilters & { startDate: Date }): AsyncGenerator<ListedHubOrder> {
    return allOrders(this, filters)
  }

  /**
   * The hub's order queue, where it offers one (docs/hub-public-facts.md, Orders): the next order,
   * hidden from other readers until acknowledged or about 5 minutes pass; null when none waits. Yielded
   * as the hub sent it (validate it with `parseHubOrder`), like a listed order.
   */
  async nextQueuedOrder(): Promise<ListedHubOrder | null> {
    const body = await this.transport.send({ method: "GET", path: "/queues/orders", endpoint: "GET /queues/orders", response: null })
    return body === null ? null : this.transport.parseWith("GET /queues/orders", queuedOrderSchema, body)
  }

  /** Takes an order off the queue, once its effect in the store is committed. */
  /**
   * Removes an order from the queue. A 404 (not queued: acknowledged already) is not a refusal to
   * remember: the same order is queued again on its next status change, and the acknowledgement of
   * that entry must reach the hub.
   */
  async acknowledgeQueuedOrder(code: string): Promise<void> {
    await this.transport.send({
      method: "DELETE",
      path: `/queues/orders/${encodeURIComponent(code)}`,
      endpoint: "DELETE /queues/orders/{code}",
      response: null,
      absentOn404: true,
    })
  }

  async getOrder(code: string): Promise<HubOrder> {
    return this.transport.send({ method: "GET", path: orderPath(code), endpoint: "GET /orders/{code}", response: hubOrderSchema })
  }

  /** Test accounts only (docs/hub-interface.md §4 rule 1): refused here, without a request, otherwise. */
  async createTestOrder(order: TestOrderInput): Promise<HubOrder> {
    this.requireSandbox("POST /orders", "creating test orders")
    const body = { order: this.validate("POST /orders", testOrderInputSchema, order) }
    return this.transport.send({ method: "POST", path: "/orders", endpoint: "POST /orders", body, response: hubOrderResponseSchema })
  }

  /** Test accounts only: approves (payment received) a test order in NEW. */
  async approveTestOrder(code: string): Promise<HubOrder> {
    this.requireSandbox("POST /orders/{code}/approval", "approving test orders")
    return this.orderAction(code, "approval", { status: STANDARD_STATUS_CODES.APPROVED })
  }

  async invoiceOrder(code: string, invoice: InvoiceInput, statusCode = STANDARD_STATUS_CODES.INVOICED): Promise<HubOrder> {
    const valid = this.validate("POST /orders/{code}/invoice", invoiceInputSchema, invoice)
    return this.orderAction(code, "invoice", { status: statusCode, invoice: valid })
  }

  /**
   * Invoices an order with its NF-e XML, as `multipart/form-data` (the parts `file`, `status`,
   * `volume_qty`, `issue_date`): the hub processes the invoice and, for the marketplace's Direct
   * delivery, makes the parcels' labels from it. The XML goes to the hub and nowhere else.
   */
  async invoiceOrderWithXml(code: string, invoice: NfeInvoiceInput, statusCode = STANDARD_STATUS_CODES.INVOICED): Promise<HubOrder> {
    const valid = this.validate("POST /orders/{code}/invoice", nfeInvoiceInputSchema, invoice)
    return this.transport.send({
      method: "POST",
      path: `${orderPath(code)}/invoice`,
      endpoint: "POST /orders/{code}/invoice",
      form: {
        fields: { status: statusCode, volume_qty: String(valid.volume_qty), issue_date: valid.issue_date },
        file: { field: "file", name: "nfe.xml", type: "text/xml", content: valid.xml },
      },
      response: hubOrderResponseSchema,
    })
  }

  async shipOrder(code: string, shipment: ShipmentInput, statusCode = STANDARD_STATUS_CODES.SHIPPED): Promise<HubOrder> {
    const valid = this.validate("POST /orders/{code}/shipments", shipmentInputSchema, shipment)
    return this.orderAction(code, "shipments", { status: statusCode, shipment: { code, ...valid } })
  }

  async deliverOrder(code: string, delivery: DeliveryInput = {}, statusCode = STANDARD_STATUS_CODES.DELIVERED): Promise<HubOrder> {
    const valid = this.validate("POST /orders/{code}/delivery", deliveryInputSchema, delivery)
    return this.orderAction(code, "delivery", { status: statusCode, ...valid })
  }

  async cancelOrder(code: string, statusCode = STANDARD_STATUS_CODES.CANCELED): Promise<HubOrder> {
    return this.orderAction(code, "cancel", { status: statusCode })
  }

  async reportShipmentException(
    code: string,
    shipmentException: ShipmentExceptionInput,
    statusCode = STANDARD_STATUS_CODES.SHIPMENT_EXCEPTION
  ): Promise<HubOrder> {
    const segment = this.options.shipmentExceptionPath
    const valid = this.validate(`POST /orders/{code}/${segment}`, shipmentExceptionInputSchema, shipmentException)
    return this.orderAction(code, segment, { status: statusCode, shipment_exception: valid })
  }

  private orderAction(code: string, action: string, body: Record<string, unknown>): Promise<HubOrder> {
    return this.transport.send({
      method: "POST",
      path: `${orderPath(code)}/${action}`,
      endpoint: `POST /orders/{code}/${action}`,
      body,
      response: hubOrderResponseSchema,
    })
  }

  // ---- Products ------------------------------------------------------------------------

  /** One page of the products listing; use `allProducts` to walk the `next` cursor. */
  async listProducts(filters: ProductFilters = {}, paging: Paged = {}): Promise<HubProductList> {
    const query = pageQuery("GET /products", paging)
    const valid = this.validate("GET /products", productFiltersSchema, filters)
    for (const [name, value] of Object.entries(valid)) {
      if (value !== undefined) query.set(`filters[${name}]`, String(value))
    }
    return this.transport.send({ method: "GET", path: "/products", endpoint: "GET /products", query, response: hubProductListSchema })
  }

  /**
   * Follows a `next` link. Only a link on the configured hub (same origin, under the base
   * path) is followed: the credentials are never sent anywhere else.
   */
  async followProductsCursor(next: string): Promise<HubProductList> {
    const { path, query } = productsCursorPath(next, this.transport.base, this.transport.basePath)
    return this.transport.send({ method: "GET", path, endpoint: "GET /products", query, response: hubProductListSchema })
  }

  /** Every product matching `filters`, following `next`; one page held at a time. */
  allProducts(filters: ProductFilters = {}, onSetAside?: (reasons: string[]) => void): AsyncGenerator<HubProduct> {
    return allProducts(this, filters, this.options.maxProductPages, onSetAside)
  }

  /** One product with its catalogue fields and variations; null when the hub holds no product of that SKU (404). */
  async getProduct(sku: string): Promise<HubProductDetail | null> {
    const endpoint = "GET /products/{sku}"
    return this.transport.send({
      method: "GET",
      path: productPath(endpoint, sku),
      endpoint,
      response: hubProductDetailResponseSchema,
      absentOn404: true,
    })
  }

  /**
   * One variation by its SKU, `GET /variations/{sku}` (docs/hub-public-facts.md, Creating products);
   * null when the hub holds none (404). Its price, when it has its own, is what a cut steps from.
   */
  async getVariation(sku: string): Promise<HubProductDetail | null> {
    const endpoint = "GET /variations/{sku}"
    return this.transport.send({
      method: "GET",
      path: `/variations/${skuSegment(endpoint, sku)}`,
      endpoint,
      response: hubProductDetailResponseSchema,
      absentOn404: true,
    })
  }

  /**
   * `POST /products` with `{"product": {...}}` (docs/hub-public-facts.md, Creating products). The
   * product as the hub answers it; null when it answers without a body. Never resent when its
   * outcome is unknown (a HubUnavailableError with `outcomeUnknown`, as for order moves): read
   * `getProduct(sku)` before deciding to send it again. A refusal (422: an SKU already there, a rule
   * broken) is a HubRefusedError in the hub's words, and the same body is not sent again.
   */
  async createProduct(product: HubProductInput): Promise<HubProductDetail | null> {
    const valid = this.validate("POST /products", hubProductInputSchema, product)
    const answer = await this.transport.send({
      method: "POST",
      path: "/products",
      endpoint: "POST /products",
      body: { product: valid },
      response: null,
      // The product written is the one the body names: another product's creation releases nothing of it.
      resource: productResource(valid.sku),
    })
    return answer === null ? null : this.transport.parseWith("POST /products", hubProductDetailResponseSchema, answer)
  }

  /**
   * `POST /products/{sku}/variations` with `{"variation": {...}}`: a variation added to a product
   * already on the hub. Its answer as the hub gives it (the sandbox answers the product with its
   * variations); null without a body. Outcome unknown as for `createProduct`: read `getProduct(parentSku)`.
   */
  async addVariation(parentSku: string, variation: HubVariationInput): Promise<HubProductDetail | null> {
    const endpoint = "POST /products/{sku}/variations"
    const valid = this.validate(endpoint, hubVariationInputSchema, variation)
    const answer = await this.transport.send({
      method: "POST",
      path: `${productPath(endpoint, parentSku)}/variations`,
      endpoint,
      body: { variation: valid },
      response: null,
      resource: variationResource(valid.sku),
    })
    return answer === null ? null : this.transport.parseWith(endpoint, hubProductDetailResponseSchema, answer)
  }

  /**
   * Partial update (docs/hub-interface.md §4 rule 2): only the fields given are sent. Null when the
   * hub answers 204. `variations` sends a configurable product's child to `PUT /variations/{sku}`,
   * wrapped as `variation` (docs/hub-public-facts.md, Products: "in the same way"), with the fields
   * a variation carries.
   */
  async updateProduct(sku: string, update: ProductUpdate): Promise<HubProduct | null>
  async updateProduct(sku: string, update: VariationUpdate, resource: "variations"): Promise<HubProduct | null>
  async updateProduct(sku: string, update: ProductUpdate | VariationUpdate, resource?: "products" | "variations"): Promise<HubProduct | null>
  async updateProduct(sku: string, update: ProductUpdate | VariationUpdate, resource: "products" | "variations" = "products"): Promise<HubProduct | null> {
    const endpoint = `PUT /${resource}/{sku}`
    const path = `/${resource}/${skuSegment(endpoint, sku)}`
    const fields =
      resource === "products" ? this.validate(endpoint, productUpdateSchema, update) : this.validate(endpoint, variationUpdateSchema, update)
    const body = resource === "products" ? { product: fields } : { variation: fields }
    const answer = await this.transport.send({
      method: "PUT",
      path,
      endpoint,
      body,
      response: null,
      resource: resource === "products" ? productResource(sku) : variationResource(sku),
    })
    return answer === null ? null : this.transport.parseWith(endpoint, hubProductResponseSchema, answer)
  }

  // ---- Health --------------------------------------------------------------------------

  /** Requests, 4xx by endpoint and status, 429s, retries and the pause in force (docs/hub-interface.md §7 rule 3). */
  figures(): HubFiguresSnapshot {
    return this.transport.figures()
  }

  /** Requests, 4xx and 429 per hour and endpoint since the last take; the store adds them up across processes. */
  takeHourlyTraffic(): HourlyTraffic[] {
    return this.transport.takeHourlyTraffic()
  }

  /** Gives back what a store could not record, to be taken again with the next ones. */
  returnHourlyTraffic(rows: HourlyTraffic[]): void {
    this.transport.returnHourlyTraffic(rows)
  }

  /** What `takeHourlyTraffic` would hand over now, left in place: a reader's view of this process's latest requests. */
  untakenHourlyTraffic(): HourlyTraffic[] {
    return this.transport.untakenHourlyTraffic()
  }

  async close(): Promise<void> {
    await Promise.all([this.transport.close(), this.categoryTransport?.close()])
  }

  // ---- Checks made before sending ------------------------------------------------------

  private validate<S extends z.ZodType>(endpoint: string, schema: S, input: unknown): z.infer<S> {
    const parsed = schema.safeParse(input)
    if (!parsed.success) {
      throw new HubInvalidRequestError(endpoint, describeIssues(parsed.error.issues))
    }
    return parsed.data
  }

  private requireSandbox(endpoint: string, what: string): void {
    if (!this.options.sandbox) {
      throw new HubNotSentError(endpoint, `${what} is allowed only on a test (sandbox) hub account; set the \`sandbox\` option only for such an account`)
    }
  }
}
