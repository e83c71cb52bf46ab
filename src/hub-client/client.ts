import { createHash } from "node:crypto"
import { setTimeout as sleep } from "node:timers/promises"
import { Pool } from "undici"
import type { z } from "zod"
import { DEFAULT_RATE_LIMITS, rateLimitBucketOf } from "./endpoints"
import {
  describeIssues,
  HubDeepPagingError,

  HubInvalidRequestError,
  HubInvalidResponseError,
  HubRateLimitedError,
  HubRefusedError,
  HubRejectedError,
  HubUnavailableError,
  maskSecrets,
} from "./errors"
import { HubFigures, HubFiguresSnapshot } from "./figures"
import { HubClientOptions, HubClientOptionsInput, hubClientOptionsSchema } from "./options"
import { allOrders, allProducts, ListedHubOrder } from "./paging"
import { HubRateLimiter } from "./rate-limit"
import {
  DeliveryInput,
  deliveryInputSchema,
  HubOrder,
  hubErrorBodySchema,
  hubOrderListSchema,
  hubOrderResponseSchema,
  hubOrderSchema,
  HubProduct,
  HubProductList,
  hubProductListSchema,
  hubProductResponseSchema,
  HubStatus,
  hubStatusListSchema,
  InvoiceInput,
  invoiceInputSchema,
  OrderFilters,
  orderFiltersSchema,
  ProductFilters,
  productFiltersSchema,
  ProductUpdate,
  productUpdateSchema,
  ShipmentExceptionInput,
  shipmentExceptionInputSchema,
  ShipmentInput,
  shipmentInputSchema,
  STANDARD_STATUS_CODES,
  TestOrderInput,
  testOrderInputSchema,
} from "./schemas"

/** The few logger methods the client uses; Medusa's logger and `console` both fit. */
export type HubLogger = Pick<Console, "warn" | "info">

type Method = "GET" | "POST" | "PUT"

type HubCall<T> = {
  method: Method
  /** Relative to the base URL, already encoded: `/orders/Loja%20X-1/invoice`. */
  path: string
  /** The endpoint's template, for errors and figures: `POST /orders/{code}/invoice`. */
  endpoint: string
  query?: URLSearchParams
  body?: unknown
  /** null: the answer's body is not read (or may be empty). */
  response: z.ZodType<T> | null
}

export type Paged = { page?: number; perPage?: number }

export const PER_PAGE_MAX = 100
/** Spec §4.1: a page past the first 10,000 entries of the index is answered with 400. */
export const INDEX_DEPTH_LIMIT = 10_000

const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT", "EHOSTUNREACH", "ENETUNREACH"])

/**
 * The only code that speaks HTTP to the hub. Every call goes through `send`, which applies the
 * hub's rules (docs/hub-interface.md §7): throttled per bucket, silent after a 429 until the window ends, a 4xx
 * never retried and never resent unchanged, a 5xx or network fault retried with backoff only
 * when the request is safe to repeat.
 */
export class HubClient {
  readonly options: HubClientOptions
  private readonly base: URL
  private readonly basePath: string
  private readonly pool: Pool
  private readonly limiter: HubRateLimiter
  private readonly figuresBook = new HubFigures()
  private readonly rejected = new Map<string, { status: number; hubMessage: string; at: number }>()
  private readonly secrets: string[]

  constructor(options: HubClientOptionsInput, private readonly logger?: HubLogger) {
    const parsed = hubClientOptionsSchema.safeParse(options)
    if (!parsed.success) {
      throw new Error(`Invalid hub client options: ${describeIssues(parsed.error.issues)}`)
    }
    this.options = parsed.data
    this.base = new URL(this.options.baseUrl)
    this.basePath = this.base.pathname.replace(/\/+$/, "")
    this.secrets = [this.options.apiKey, this.options.accountManagerKey, this.options.userEmail]
    this.limiter = new HubRateLimiter({ ...DEFAULT_RATE_LIMITS, ...this.options.rateLimits })
    this.pool = new Pool(this.base.origin, {
      keepAliveTimeout: 10_000,
      connectTimeout: Math.min(this.options.requestTimeoutMs, 10_000),
      headersTimeout: this.options.requestTimeoutMs,
      bodyTimeout: this.options.requestTimeoutMs,
    })
  }

  // ---- Statuses ------------------------------------------------------------------------

  async listStatuses(): Promise<HubStatus[]> {
    return this.send({ method: "GET", path: "/statuses", endpoint: "GET /statuses", response: hubStatusListSchema })
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
    return this.send({ method: "GET", path: "/orders", endpoint: "GET /orders", query, response: hubOrderListSchema })
  }

  /**
   * Every order matching `filters`, one page held at a time. Listed orders are yielded as the
   * hub sent them (validate each with `parseHubOrder`), so one malformed order hides no other.
   */
  allOrders(filters: OrderFilters & { startDate: Date }): AsyncGenerator<ListedHubOrder> {
    return allOrders(this, filters)
  }

  async getOrder(code: string): Promise<HubOrder> {
    return this.send({ method: "GET", path: orderPath(code), endpoint: "GET /orders/{code}", response: hubOrderSchema })
  }

  /** Test accounts only (docs/hub-interface.md §4 rule 1): refused here, without a request, otherwise. */
  async createTestOrder(order: TestOrderInput): Promise<HubOrder> {
    this.requireSandbox("POST /orders", "creating test orders")
    const body = { order: this.validate("POST /orders", testOrderInputSchema, order) }
    return this.send({ method: "POST", path: "/orders", endpoint: "POST /orders", body, response: hubOrderResponseSchema })
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
    return this.send({
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
    return this.send({ method: "GET", path: "/products", endpoint: "GET /products", query, response: hubProductListSchema })
  }

  /**
   * Follows a `next` link. Only a link on the configured hub (same origin, under the base
   * path) is followed: the credentials are never sent anywhere else.
   */
  async followProductsCursor(next: string): Promise<HubProductList> {
    let url: URL
    try {
      url = new URL(next, this.base)
    } catch {
      throw new HubRefusedError("GET /products", "the hub's `next` link is not a URL")
    }
    const relative = url.pathname.startsWith(`${this.basePath}/`) ? url.pathname.slice(this.basePath.length) : undefined
    if (url.origin !== this.base.origin || relative === undefined || rateLimitBucketOf("GET", relative) !== "GET /products") {
      throw new HubRefusedError(
        "GET /products",
        `the hub's \`next\` link points outside the configured hub (${url.origin}); it is not followed`
      )
    }
    return this.send({
      method: "GET",
      path: relative,
      endpoint: "GET /products",
      query: url.searchParams,
      response: hubProductListSchema,
    })
  }

  /** Every product matching `filters`, following `next`; one page held at a time. */
  allProducts(filters: ProductFilters = {}): AsyncGenerator<HubProduct> {
    return allProducts(this, filters)
  }

  async getProduct(sku: string): Promise<HubProduct> {
    return this.send({ method: "GET", path: productPath(sku), endpoint: "GET /products/{sku}", response: hubProductResponseSchema })
  }

  /** Partial update (docs/hub-interface.md §4 rule 2): only the fields given are sent. Null when the hub answers 204. */
  async updateProduct(sku: string, update: ProductUpdate): Promise<HubProduct | null> {
    const body = { product: this.validate("PUT /products/{sku}", productUpdateSchema, update) }
    const answer = await this.send({ method: "PUT", path: productPath(sku), endpoint: "PUT /products/{sku}", body, response: null })
    if (answer === null) return null
    const product = hubProductResponseSchema.safeParse(answer)
    if (!product.success) {
      throw this.invalidResponse("PUT /products/{sku}", product.error)
    }
    return product.data
  }

  // ---- Health --------------------------------------------------------------------------

  /** Requests, 4xx by endpoint and status, 429s, retries and the pause in force (docs/hub-interface.md §7 rule 3). */
  figures(): HubFiguresSnapshot {
    return this.figuresBook.snapshot(this.limiter.pausedUntil)
  }

  async close(): Promise<void> {
    await this.pool.close()
  }

  // ---- The one request path -------------------------------------------------------------

  private async send<T>(call: HubCall<T>): Promise<T> {
    const fingerprint = this.fingerprint(call)
    const earlier = this.rejected.get(fingerprint)
    if (earlier && Date.now() - earlier.at < this.options.rejectedRequestMemoryMs) {
      this.figuresBook.refusedRepeat(call.endpoint)
      throw new HubRejectedError(call.endpoint, earlier.status, earlier.hubMessage, true)
    }

    // GET and PUT (the product update sets a value) are safe to repeat; a POST moves an order.
    const repeatable = call.method !== "POST"
    const bucket = rateLimitBucketOf(call.method, call.path)
    const path = `${this.basePath}${call.path}${call.query && [...call.query].length ? `?${call.query}` : ""}`
    const body = call.body === undefined ? undefined : JSON.stringify(call.body)

    for (let attempt = 0; ; attempt++) {
      const retriesLeft = attempt < this.options.maxRetries
      await this.limiter.acquire(bucket)
      this.figuresBook.sent(call.endpoint)

      let status: number
      let headers: Record<string, string | string[] | undefined>
      let text: string
      try {
        const answer = await this.pool.request({
          method: call.method,
          path,
          headers: this.headers(body !== undefined),
          body,
        })
        status = answer.statusCode
        headers = answer.headers
        text = await answer.body.text()
      } catch (error) {
        const code = networkCode(error)
        const notSent = NOT_SENT_CODES.has(code)
        this.figuresBook.networkFault(call.endpoint, code)
        if ((repeatable || notSent) && retriesLeft) {
          await this.backoff(call.endpoint, attempt, code)
          continue
        }
        throw new HubUnavailableError(call.endpoint, describeNetworkFault(code), !notSent && !repeatable)
      }

      this.figuresBook.answered(call.endpoint, status)

      if (status === 429) {
        const pauseMs = retryAfterMs(headers["retry-after"]) ?? this.options.rateLimitPauseMs
        this.limiter.pause(Date.now() + pauseMs)
        this.logger?.warn(`hub: 429 on ${call.endpoint}; sending nothing for ${pauseMs} ms`)
        // A 429 means the request was not processed: it goes again once the window is over.
        if (retriesLeft) continue
        throw new HubRateLimitedError(call.endpoint, this.limiter.pausedUntil)
      }

      if (status >= 500) {
        if (repeatable && retriesLeft) {
          await this.backoff(call.endpoint, attempt, `HTTP ${status}`)
          continue
        }
        throw new HubUnavailableError(call.endpoint, `the hub answered ${status}`, !repeatable, status)
      }

      if (status >= 400) {
        const hubMessage = this.hubMessage(text, status)
        this.rememberRejected(fingerprint, status, hubMessage)
        if (status === 400 && isDeepPage(call)) {
          throw new HubDeepPagingError(call.endpoint, `page past the hub's first ${INDEX_DEPTH_LIMIT} entries (${hubMessage})`)
        }
        throw new HubRejectedError(call.endpoint, status, hubMessage)
      }

      return this.parseAnswer(call, status, text)
    }
  }

  private parseAnswer<T>(call: HubCall<T>, status: number, text: string): T {
    const empty = status === 204 || text.trim() === ""
    if (call.response === null) {
      return (empty ? null : this.parseJson(call.endpoint, text)) as T
    }
    if (empty) {
      throw new HubInvalidResponseError(call.endpoint, `expected a JSON body, got HTTP ${status} with none`)
    }
    const parsed = call.response.safeParse(this.parseJson(call.endpoint, text))
    if (!parsed.success) {
      throw this.invalidResponse(call.endpoint, parsed.error)
    }
    return parsed.data
  }

  private parseJson(endpoint: string, text: string): unknown {
    try {
      return JSON.parse(text)
    } catch {
      this.figuresBook.invalidResponse(endpoint)
      throw new HubInvalidResponseError(endpoint, "the body is not JSON")
    }
  }

  private invalidResponse(endpoint: string, error: z.ZodError): HubInvalidResponseError {
    this.figuresBook.invalidResponse(endpoint)
    return new HubInvalidResponseError(endpoint, describeIssues(error.issues))
  }

  private validate<S extends z.ZodType>(endpoint: string, schema: S, input: unknown): z.infer<S> {
    const parsed = schema.safeParse(input)
    if (!parsed.success) {
      throw new HubInvalidRequestError(endpoint, describeIssues(parsed.error.issues))
    }
    return parsed.data
  }

  private requireSandbox(endpoint: string, what: string): void {
    if (!this.options.sandbox) {
      throw new HubRefusedError(endpoint, `${what} is allowed only on a test (sandbox) hub account; set the \`sandbox\` option only for such an account`)
    }
  }

  private headers(withBody: boolean): Record<string, string> {
    return {
      "x-user-email": this.options.userEmail,
      "x-api-key": this.options.apiKey,
      "x-accountmanager-key": this.options.accountManagerKey,
      accept: "application/json",
      ...(withBody ? { "content-type": "application/json" } : {}),
    }
  }

  private hubMessage(text: string, status: number): string {
    let message = `HTTP ${status}`
    try {
      const body = hubErrorBodySchema.safeParse(JSON.parse(text))
      if (body.success) message = body.data.error
    } catch {
      if (text.trim()) message = text.trim()
    }
    return maskSecrets(message, this.secrets).slice(0, 500)
  }

  private fingerprint(call: HubCall<unknown>): string {
    return createHash("sha256")
      .update(`${call.method} ${call.path}?${call.query ?? ""}\n${call.body === undefined ? "" : JSON.stringify(call.body)}`)
      .digest("hex")
  }

  private rememberRejected(fingerprint: string, status: number, hubMessage: string): void {
    if (this.options.rejectedRequestMemoryMs === 0) return
    this.rejected.delete(fingerprint)
    this.rejected.set(fingerprint, { status, hubMessage, at: Date.now() })
    // Bounded: the oldest rejections are forgotten first.
    if (this.rejected.size > 10_000) {
      this.rejected.delete(this.rejected.keys().next().value as string)
    }
  }

  /** Exponential backoff with jitter (half fixed, half random), capped at 30 s. */
  private async backoff(endpoint: string, attempt: number, cause: string): Promise<void> {
    const ceiling = Math.min(30_000, this.options.retryBaseDelayMs * 2 ** attempt)
    const delayMs = Math.round(ceiling / 2 + Math.random() * (ceiling / 2))
    this.figuresBook.retried(endpoint)
    this.logger?.warn(`hub: ${endpoint} failed (${cause}); retry ${attempt + 1} of ${this.options.maxRetries} in ${delayMs} ms`)
    await sleep(delayMs)
  }
}

function orderPath(code: string): string {
  return `/orders/${encodeURIComponent(code)}`
}

function productPath(sku: string): string {
  return `/products/${encodeURIComponent(sku)}`
}

function pageQuery(endpoint: string, { page = 1, perPage = PER_PAGE_MAX }: Paged): URLSearchParams {
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1 || perPage > PER_PAGE_MAX) {
    throw new HubInvalidRequestError(endpoint, `page must be a positive integer and per_page between 1 and ${PER_PAGE_MAX}`)
  }
  if (page * perPage > INDEX_DEPTH_LIMIT) {
    throw new HubDeepPagingError(endpoint, `not sent: page ${page} of ${perPage} lies past the hub's first ${INDEX_DEPTH_LIMIT} entries; narrow the filters`)
  }
  return new URLSearchParams({ page: String(page), per_page: String(perPage) })
}

/** A listing's 400 past its first page: the hub's index limit is lower than the specification's. */
function isDeepPage(call: HubCall<unknown>): boolean {
  return (call.endpoint === "GET /orders" || call.endpoint === "GET /products") && Number(call.query?.get("page") ?? 1) > 1
}

/** The hub filters order dates by day, as DD/MM/YYYY. */
export function hubDate(date: Date): string {
  const day = String(date.getUTCDate()).padStart(2, "0")
  const month = String(date.getUTCMonth() + 1).padStart(2, "0")
  return `${day}/${month}/${date.getUTCFullYear()}`
}

function retryAfterMs(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000)
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now())
}

function networkCode(error: unknown): string {
  if (error && typeof error === "object" && "code" in error && typeof error.code === "string") {
    return error.code
  }
  return "UNKNOWN"
}

function describeNetworkFault(code: string): string {
  switch (code) {
    case "UND_ERR_HEADERS_TIMEOUT":
    case "UND_ERR_BODY_TIMEOUT":
      return "no answer within the request timeout"
    case "UND_ERR_CONNECT_TIMEOUT":
      return "could not connect within the timeout"
    case "ECONNREFUSED":
      return "connection refused"
    case "UND_ERR_SOCKET":
    case "ECONNRESET":
      return "the connection dropped before an answer"
    default:
      return `network fault (${code})`
  }
}


