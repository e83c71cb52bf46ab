import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { z } from "zod"
import { rateLimitBucketOf, type RateLimit } from "../hub-client/endpoints"
import {
  deliveryInputSchema,
  invoiceInputSchema,
  shipmentExceptionInputSchema,
  shipmentInputSchema,
  type HubOrder,
  type TestOrderInput,
} from "../hub-client/schemas"
import { parseOrThrow, SandboxHubError } from "./errors"
import {
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
  SandboxHubState,
  type SandboxProduct,
  type SandboxProductInput,
  type SandboxStatus,
} from "./state"
import {
  FaultInjector,
  faultsSchema,
  FixedWindowRateLimiter,
  rateLimitsSchema,
  RequestLog,
  type SandboxCounters,
  type SandboxFaults,
  type SandboxRequestLogEntry,
} from "./traffic"

/*
 * The sandbox hub over HTTP (node:http, loopback only). A hub request goes through, in order:
 * credentials (401/403), rate limiting (429), faults (latency, drop, 5xx), routing (404), then the
 * route's own checks. Control endpoints under /_sandbox/ skip all of that and are not logged.
 */

export type SandboxCredentials = { userEmail: string; apiKey: string; accountManagerKey: string }

/** Fixed development values, so a merchant's .env keeps working across restarts. */
export const DEFAULT_SANDBOX_CREDENTIALS: SandboxCredentials = {
  userEmail: "dev@sandbox-hub.test",
  apiKey: "sbx_key_3f9c2a7e5b1d4c8f9a6e0b2d7c4f1a83",
  accountManagerKey: "sbx_am_8e1f4b6c2d9a7e3f5c0b1a4d6e8f2c97",
}

const sandboxHubOptionsSchema = z.strictObject({
  /** 0 = any free port. The host is always 127.0.0.1. */
  port: z.number().int().min(0).max(65535).optional(),
  credentials: z
    .strictObject({ userEmail: z.string().min(1), apiKey: z.string().min(1), accountManagerKey: z.string().min(1) })
    .optional(),
  /** false = a production account: test-order creation and approval answer 403. */
  sandboxAccount: z.boolean().optional(),
  /** Merged over DEFAULT_RATE_LIMITS; the key "default" covers buckets without their own limit. */
  rateLimits: rateLimitsSchema.optional(),
  /** Send Retry-After on 429 (the public record does not promise it). */
  retryAfterHeader: z.boolean().optional(),
  /** A product update succeeds with 204 and no body, or 200 with the product. */
  productUpdateResponse: z.union([z.literal(200), z.literal(204)]).optional(),
  faults: faultsSchema.optional(),
  seed: z
    .strictObject({
      products: z.number().int().nonnegative().optional(),
      orders: z.number().int().nonnegative().optional(),
      days: z.number().int().positive().optional(),
    })
    .optional(),
  /** Which spelling(s) of the shipment-exception path segment are served; the other answers 404. */
  shipmentExceptionPath: z.enum(["shiptment_exception", "shipment_exception", "both"]).optional(),
  /**
   * First sequence number of order codes (`<channel>-<sequence>`). The sandbox keeps nothing
   * between starts while a store's database does: the CLI starts from the clock, so a restarted
   * sandbox never hands out a code a store has already imported.
   */
  firstOrderSequence: z.number().int().positive().optional(),
  /** Makes the products listing's `next` point at another origin (for clients that must refuse it). */
  nextOrigin: z.url().optional(),
})
export type SandboxHubOptions = z.input<typeof sandboxHubOptionsSchema>

export interface SandboxHub {
  /** The hub base URL, e.g. http://127.0.0.1:40123; endpoints are url + "/orders" etc. */
  url: string
  credentials: SandboxCredentials
  /** Closes the server and every keep-alive socket. */
  stop(): Promise<void>
  addStatus(status: SandboxStatus): void
  upsertProducts(products: SandboxProductInput[]): void
  getProduct(sku: string): SandboxProduct | undefined
  /** Stores any JSON object as an order (tests of malformed orders); `code` is required. */
  insertRawOrder(order: unknown): void
  /** Same as POST /orders, on any account: this is the marketplace placing an order. */
  createOrder(input: TestOrderInput, placedAt?: Date): HubOrder
  getOrder(code: string): HubOrder | undefined
  /** Deterministic products SKU-00001.. (as the `seed.products` option). */
  seedProducts(count: number): void
  /** Deterministic book_product orders over the last `days` UTC calendar days (default 30, today included), selling existing products. */
  seedOrders(count: number, days?: number): void
  /** Marketplace moves; throw a SandboxHubError (422) when the state machine refuses. */
  marketplaceApprove(code: string): HubOrder
  marketplaceCancel(code: string): HubOrder
  setFaults(faults: SandboxFaults): void
  setRateLimits(limits: Record<string, RateLimit>): void
  setNextOrigin(origin: string | undefined): void
  /** Every answered hub request (control endpoints excluded), in arrival order. */
  requestLog(): SandboxRequestLogEntry[]
  counters(): SandboxCounters
  resetRequestLog(): void
  /** Back to only the standard statuses, no orders or products, log and rate windows cleared. */
  reset(): void
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string> }
type RouteRequest = { params: Record<string, string>; query: URLSearchParams; body(): unknown }
type Route = { method: string; path: string; handle(request: RouteRequest): Answer }

const MAX_BODY_BYTES = 1_000_000
const CONTROL_PREFIX = "_sandbox"
const CREDENTIAL_HEADERS = [
  { header: "X-User-Email", key: "userEmail" },
  { header: "X-Api-Key", key: "apiKey" },
  { header: "X-Accountmanager-Key", key: "accountManagerKey" },
] as const

export async function startSandboxHub(options: SandboxHubOptions = {}): Promise<SandboxHub> {
  const config = parseOrThrow(sandboxHubOptionsSchema, options, { prefix: "options" })
  const credentials = config.credentials ?? DEFAULT_SANDBOX_CREDENTIALS
  const sandboxAccount = config.sandboxAccount ?? true
  const state = new SandboxHubState({ firstOrderSequence: config.firstOrderSequence })
  const rateLimiter = new FixedWindowRateLimiter(config.rateLimits)
  const faults = new FaultInjector(config.faults)
  const log = new RequestLog()
  let nextOrigin = config.nextOrigin
  state.seedProducts(config.seed?.products ?? 0)
  state.seedOrders(config.seed?.orders ?? 0, config.seed?.days)

  const server = http.createServer()
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(config.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject)
      resolve()
    })
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  // Latency timers, cleared on stop so that a stopped hub leaves nothing pending.
  const latencyTimers = new Set<NodeJS.Timeout>()
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        latencyTimers.delete(timer)
        resolve()
      }, ms)
      latencyTimers.add(timer)
    })

  const hub: SandboxHub = {
    url,
    credentials: { ...credentials },
    stop: once(
      () =>
        new Promise<void>((resolve, reject) => {
          for (const timer of latencyTimers) clearTimeout(timer)
          server.close((error) => (error ? reject(error) : resolve()))
          server.closeAllConnections()
        })
    ),
    addStatus: (status) => void state.addStatus(status),
    upsertProducts: (products) => void state.upsertProducts(products),
    getProduct: (sku) => state.getProduct(sku),
    insertRawOrder: (order) => state.insertRawOrder(order),
    createOrder: (input, placedAt) => state.createOrder(input, placedAt),
    getOrder: (code) => state.getOrder(code),
    seedProducts: (count) => state.seedProducts(count),
    seedOrders: (count, days) => state.seedOrders(count, days),
    marketplaceApprove: (code) => state.approve(code),
    marketplaceCancel: (code) => state.cancel(code),
    setFaults: (settings) => void faults.set(settings),
    setRateLimits: (limits) => void rateLimiter.setLimits(limits),
    setNextOrigin: (origin) => {
      nextOrigin = origin === undefined ? undefined : parseOrThrow(z.url(), origin, { prefix: "origin" })
    },
    requestLog: () => log.list(),
    counters: () => log.counters(),
    resetRequestLog: () => log.clear(),
    reset: () => {
      state.reset()
      log.clear()
      rateLimiter.resetWindows()
    },
  }

  const hubRoutes = buildHubRoutes({
    state,
    sandboxAccount,
    productUpdateResponse: config.productUpdateResponse ?? 204,
    shipmentExceptionPath: config.shipmentExceptionPath ?? "both",
    nextOrigin: () => nextOrigin ?? url,
  })
  const controlRoutes = buildControlRoutes(hub, state)

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const at = Date.now()
    const target = req.url ?? "/"
    const [rawPath, rawQuery = ""] = splitOnce(target, "?")
    const rawSegments = rawPath.split("/").filter(Boolean)
    const method = (req.method ?? "GET").toUpperCase()

    if (rawSegments[0] === CONTROL_PREFIX) {
      void readBody(req).then(
        (body) => {
          const answer = answerRoute(controlRoutes, method, rawSegments.slice(1), rawQuery, () =>
            parseJson(body, { requireJsonContentType: false, headers: req.headers })
          )
          send(res, answer)
        },
        () => res.destroy()
      )
      return
    }

    const bucket = rateLimitBucketOf(method, rawPath)
    const settle = log.arrive({ at, method, path: target, bucket })
    const answer = (reply: Answer) => {
      settle(reply.status)
      send(res, reply)
    }
    void (async () => {
      const body = await readBody(req)
      const authFailure = checkCredentials(req.headers, credentials)
      if (authFailure) return answer(errorAnswer(authFailure))

      const decision = rateLimiter.take(bucket, at)
      if (!decision.allowed) {
        const headers: Record<string, string> = config.retryAfterHeader
          ? { "retry-after": String(Math.ceil(decision.retryAfterMs / 1000)) }
          : {}
        return answer({ status: 429, body: { error: "Too many requests" }, headers })
      }

      const fate = faults.next()
      if (fate.latencyMs > 0) await sleep(fate.latencyMs)
      if (fate.drop) {
        settle("dropped")
        req.socket.destroy()
        return
      }
      if (fate.errorStatus) {
        const message = fate.errorStatus === 503 ? "Service unavailable (sandbox fault)" : "Internal error (sandbox fault)"
        return answer({ status: fate.errorStatus, body: { error: message } })
      }

      const reply = answerRoute(hubRoutes, method, rawSegments, rawQuery, () =>
        parseJson(body, { requireJsonContentType: true, headers: req.headers })
      )
      if (fate.loseAnswer && method !== "GET") {
        // A write carried out, never answered.
        settle("dropped")
        req.socket.destroy()
        return
      }
      answer(reply)
    })().catch(() => {
      // The request stream failed (client went away): nothing can be answered.
      settle("dropped")
      res.destroy()
    })
  })

  return hub
}

// ---- Hub routes --------------------------------------------------------------------------

function buildHubRoutes(context: {
  state: SandboxHubState
  sandboxAccount: boolean
  productUpdateResponse: 200 | 204
  shipmentExceptionPath: "shiptment_exception" | "shipment_exception" | "both"
  nextOrigin: () => string
}): Route[] {
  const { state } = context
  const requireSandboxAccount = () => {
    if (!context.sandboxAccount) {
      throw new SandboxHubError(403, "Test orders are available only on sandbox (development) accounts")
    }
  }
  const statusField = z.string().min(1)

  /** An order action: 404 for an unknown order, 422 for a bad body, then the state machine decides. */
  const orderAction = <T extends z.ZodType>(
    segment: string,
    schema: T,
    move: (code: string, body: z.output<T>) => HubOrder,
    sandboxOnly = false
  ): Route => ({
    method: "POST",
    path: `/orders/:code/${segment}`,
    handle: ({ params, body }) => {
      if (sandboxOnly) requireSandboxAccount()
      if (!state.hasOrder(params.code)) throw new SandboxHubError(404, `Order ${params.code} not found`)
      return { status: 200, body: move(params.code, parseOrThrow(schema, body())) }
    },
  })

  const shipmentExceptionBody = z.strictObject({
    status: statusField,
    shipment_exception: shipmentExceptionInputSchema,
  })
  const shipmentExceptionSegments =
    context.shipmentExceptionPath === "both"
      ? ["shiptment_exception", "shipment_exception"]
      : [context.shipmentExceptionPath]

  return [
    { method: "GET", path: "/statuses", handle: () => ({ status: 200, body: state.listStatuses() }) },
    {
      method: "GET",
      path: "/orders",
      handle: ({ query }) => {
        allowOnlyParams(query, ["page", "per_page", "filters[statuses][]", "filters[start_date]", "filters[end_date]"])
        const { page, perPage } = readPaging(query)
        const startDate = readHubDate(query, "filters[start_date]")
        const endDate = readHubDate(query, "filters[end_date]")
        if (startDate && endDate && startDate > endDate) {
          throw new SandboxHubError(400, "filters[start_date] is after filters[end_date]")
        }
        const statuses = query.getAll("filters[statuses][]")
        return {
          status: 200,
          body: state.listOrders({
            page: page ?? 1,
            perPage,
            filters: { ...(statuses.length ? { statuses } : {}), ...defined({ startDate, endDate }) },
          }),
        }
      },
    },
    {
      method: "POST",
      path: "/orders",
      handle: ({ body }) => {
        requireSandboxAccount()
        const { order } = parseOrThrow(z.strictObject({ order: z.unknown() }), body())
        // The state validates the order with testOrderInputSchema, naming the bad field.
        return { status: 201, body: state.createOrder(order as TestOrderInput) }
      },
    },
    {
      method: "GET",
      path: "/orders/:code",
      handle: ({ params }) => {
        const order = state.getOrder(params.code)
        if (!order) throw new SandboxHubError(404, `Order ${params.code} not found`)
        return { status: 200, body: order }
      },
    },
    orderAction("approval", z.strictObject({ status: statusField }), (code, { status }) => state.approve(code, status), true),
    orderAction(
      "invoice",
      z.strictObject({ status: statusField, invoice: invoiceInputSchema }),
      (code, { status, invoice }) => state.invoice(code, status, invoice)
    ),
    orderAction(
      "shipments",
      // shipment.code (the order code) is optional in the request and not part of shipmentInputSchema.
      z.strictObject({ status: statusField, shipment: shipmentInputSchema.extend({ code: z.string().min(1).optional() }) }),
      (code, { status, shipment }) => state.ship(code, status, shipment)
    ),
    orderAction("delivery", deliveryInputSchema.extend({ status: statusField }), (code, { status, ...delivery }) =>
      state.deliver(code, status, delivery)
    ),
    orderAction("cancel", z.strictObject({ status: statusField }), (code, { status }) => state.cancel(code, status)),
    ...shipmentExceptionSegments.map((segment) =>
      orderAction(segment, shipmentExceptionBody, (code, { status, shipment_exception }) =>
        state.reportShipmentException(code, status, shipment_exception)
      )
    ),
    {
      method: "GET",
      path: "/products",
      handle: ({ query }) => {
        allowOnlyParams(query, ["page", "per_page", "cursor", ...PRODUCT_FILTER_KEYS.map((key) => `filters[${key}]`)])
        const { page, perPage } = readPaging(query)
        const cursor = readSingle(query, "cursor")
        if (cursor !== undefined && page !== undefined) {
          throw new SandboxHubError(400, "Give either page or cursor, not both")
        }
        const listing = state.listProducts({
          perPage,
          ...(cursor !== undefined ? { afterSku: decodeCursor(cursor) } : { page: page ?? 1 }),
          filters: defined({
            sku: readSingle(query, "filters[sku]"),
            name: readSingle(query, "filters[name]"),
            status: readSingle(query, "filters[status]"),
            qty_from: readInteger(query, "filters[qty_from]"),
            qty_to: readInteger(query, "filters[qty_to]"),
          }),
        })
        const body: { products: SandboxProduct[]; total: number; next?: string } = {
          products: listing.products,
          total: listing.total,
        }
        if (listing.more && listing.lastSku !== undefined) {
          // Cursor paging (docs/hub-interface.md §4.1 rule 3): same per_page and filters, continuing after the last SKU.
          const next = new URL("/products", context.nextOrigin())
          next.searchParams.set("per_page", String(perPage))
          for (const [key, value] of query) if (key.startsWith("filters[")) next.searchParams.append(key, value)
          next.searchParams.set("cursor", encodeCursor(listing.lastSku))
          body.next = next.toString()
        }
        return { status: 200, body }
      },
    },
    {
      method: "GET",
      path: "/products/:sku",
      handle: ({ params }) => {
        const product = state.getProduct(params.sku)
        if (!product) throw new SandboxHubError(404, "Product not found")
        return { status: 200, body: product }
      },
    },
    {
      method: "PUT",
      path: "/products/:sku",
      handle: ({ params, body }) => {
        if (!state.getProduct(params.sku)) throw new SandboxHubError(404, "Product not found")
        const { product } = parseOrThrow(z.strictObject({ product: z.unknown() }), body())
        const updated = state.updateProduct(params.sku, product)
        return context.productUpdateResponse === 204 ? { status: 204 } : { status: 200, body: updated }
      },
    },
  ]
}

const PRODUCT_FILTER_KEYS = ["sku", "name", "status", "qty_from", "qty_to"] as const

// ---- Control routes ----------------------------------------------------------------------

function buildControlRoutes(hub: SandboxHub, state: SandboxHubState): Route[] {
  const marketplaceMove =
    (move: (code: string) => HubOrder) =>
    ({ params }: RouteRequest): Answer => ({ status: 200, body: move(params.code) })
  return [
    {
      method: "GET",
      path: "/requests",
      handle: () => ({ status: 200, body: { requests: hub.requestLog(), counters: hub.counters() } }),
    },
    {
      method: "DELETE",
      path: "/requests",
      handle: () => {
        hub.resetRequestLog()
        return { status: 204 }
      },
    },
    { method: "POST", path: "/statuses", handle: ({ body }) => ({ status: 201, body: state.addStatus(body() as SandboxStatus) }) },
    {
      method: "POST",
      path: "/products",
      handle: ({ body }) => ({ status: 200, body: { products: state.upsertProducts(body() as SandboxProductInput[]) } }),
    },
    {
      method: "POST",
      path: "/orders/raw",
      handle: ({ body }) => {
        const order = body()
        state.insertRawOrder(order)
        return { status: 201, body: state.getOrder((order as { code: string }).code) }
      },
    },
    { method: "POST", path: "/orders/:code/approve", handle: marketplaceMove((code) => hub.marketplaceApprove(code)) },
    { method: "POST", path: "/orders/:code/cancel", handle: marketplaceMove((code) => hub.marketplaceCancel(code)) },
    {
      method: "PUT",
      path: "/faults",
      handle: ({ body }) => {
        const settings = parseOrThrow(faultsSchema, body())
        hub.setFaults(settings)
        return { status: 200, body: settings }
      },
    },
    {
      method: "PUT",
      path: "/rate-limits",
      handle: ({ body }) => {
        const limits = parseOrThrow(rateLimitsSchema, body())
        hub.setRateLimits(limits)
        return { status: 200, body: limits }
      },
    },
    {
      method: "PUT",
      path: "/next-origin",
      handle: ({ body }) => {
        const { origin } = parseOrThrow(z.strictObject({ origin: z.url().nullable() }), body())
        hub.setNextOrigin(origin ?? undefined)
        return { status: 200, body: { origin } }
      },
    },
    {
      method: "POST",
      path: "/reset",
      handle: () => {
        hub.reset()
        return { status: 204 }
      },
    },
  ]
}

// ---- Plumbing ----------------------------------------------------------------------------

function answerRoute(routes: Route[], method: string, rawSegments: string[], rawQuery: string, body: () => unknown): Answer {
  try {
    const segments = rawSegments.map((segment) => {
      try {
        return decodeURIComponent(segment)
      } catch {
        throw new SandboxHubError(400, "Malformed percent-encoding in the path")
      }
    })
    for (const route of routes) {
      const params = matchPath(route.path, segments)
      if (route.method === method && params) {
        return route.handle({ params, query: new URLSearchParams(rawQuery), body })
      }
    }
    throw new SandboxHubError(404, `No route ${method} /${rawSegments.join("/")}`)
  } catch (error) {
    if (error instanceof SandboxHubError) return errorAnswer(error)
    console.error("[hub-sandbox] unexpected error:", error)
    return { status: 500, body: { error: "Internal sandbox error" } }
  }
}

function matchPath(pattern: string, segments: string[]): Record<string, string> | undefined {
  const parts = pattern.split("/").filter(Boolean)
  if (parts.length !== segments.length) return undefined
  const params: Record<string, string> = {}
  for (const [index, part] of parts.entries()) {
    if (part.startsWith(":")) params[part.slice(1)] = segments[index]
    else if (part !== segments[index]) return undefined
  }
  return params
}

function checkCredentials(headers: IncomingHttpHeaders, expected: SandboxCredentials): SandboxHubError | undefined {
  const missing = CREDENTIAL_HEADERS.filter(({ header }) => !headerValue(headers, header))
  if (missing.length > 0) {
    return new SandboxHubError(401, `Missing credentials: ${missing.map(({ header }) => header).join(", ")}`)
  }
  // Never echo what was sent: only say that it is wrong.
  if (CREDENTIAL_HEADERS.some(({ header, key }) => headerValue(headers, header) !== expected[key])) {
    return new SandboxHubError(403, "Invalid credentials")
  }
  return undefined
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()]
  return (Array.isArray(value) ? value[0] : value) || undefined
}

type RequestBody = { bytes: Buffer; tooLarge: boolean }

/** Reads the whole body (so keep-alive connections stay usable), keeping at most MAX_BODY_BYTES. */
function readBody(req: IncomingMessage): Promise<RequestBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY_BYTES) chunks.push(chunk)
    })
    req.on("end", () => resolve({ bytes: Buffer.concat(chunks), tooLarge: size > MAX_BODY_BYTES }))
    req.on("error", reject)
  })
}

function parseJson(body: RequestBody, options: { requireJsonContentType: boolean; headers: IncomingHttpHeaders }): unknown {
  const mediaType = headerValue(options.headers, "content-type")?.split(";")[0].trim().toLowerCase()
  if (options.requireJsonContentType && mediaType !== "application/json") {
    throw new SandboxHubError(415, "Content-Type must be application/json")
  }
  if (body.tooLarge) throw new SandboxHubError(413, `Request body exceeds ${MAX_BODY_BYTES} bytes`)
  if (body.bytes.length === 0) throw new SandboxHubError(400, "A JSON body is required")
  try {
    return JSON.parse(body.bytes.toString("utf8"))
  } catch {
    throw new SandboxHubError(400, "Malformed JSON body")
  }
}

function send(res: ServerResponse, answer: Answer): void {
  if (res.headersSent || res.destroyed) return
  const payload = answer.body === undefined ? undefined : JSON.stringify(answer.body)
  res.writeHead(answer.status, {
    ...(payload === undefined
      ? {}
      : { "content-type": "application/json; charset=utf-8", "content-length": String(Buffer.byteLength(payload)) }),
    ...answer.headers,
  })
  res.end(payload)
}

function errorAnswer(error: SandboxHubError): Answer {
  return { status: error.status, body: { error: error.message } }
}

function allowOnlyParams(query: URLSearchParams, allowed: readonly string[]): void {
  for (const key of query.keys()) {
    if (!allowed.includes(key)) throw new SandboxHubError(400, `Unknown query parameter ${key}`)
  }
}

function readSingle(query: URLSearchParams, key: string): string | undefined {
  const values = query.getAll(key)
  if (values.length > 1) throw new SandboxHubError(400, `${key} may be given only once`)
  return values[0]
}

function readInteger(query: URLSearchParams, key: string): number | undefined {
  const value = readSingle(query, key)
  if (value === undefined) return undefined
  if (!/^-?\d+$/.test(value)) throw new SandboxHubError(400, `${key} must be an integer`)
  return Number(value)
}

/** page (default 1, absent when not given) and per_page (default 100, at most 100). */
function readPaging(query: URLSearchParams): { page?: number; perPage: number } {
  const page = readInteger(query, "page")
  const perPage = readInteger(query, "per_page") ?? DEFAULT_PER_PAGE
  if (page !== undefined && page < 1) throw new SandboxHubError(400, "page must be 1 or more")
  if (perPage < 1 || perPage > MAX_PER_PAGE) {
    throw new SandboxHubError(400, `per_page must be between 1 and ${MAX_PER_PAGE}`)
  }
  return { page, perPage }
}

/** The orders listing's dates: DD/MM/YYYY, a real calendar day, read as UTC midnight. */
function readHubDate(query: URLSearchParams, key: string): Date | undefined {
  const value = readSingle(query, key)
  if (value === undefined) return undefined
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value)
  const [day, month, year] = (match ?? []).slice(1).map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  // Date.UTC rolls 31/02 over into March: a real calendar day reads back the same.
  if (!match || date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) {
    throw new SandboxHubError(400, `${key} must be a date DD/MM/YYYY`)
  }
  return date
}

const encodeCursor = (sku: string) => Buffer.from(sku, "utf8").toString("base64url")

function decodeCursor(cursor: string): string {
  const sku = Buffer.from(cursor, "base64url").toString("utf8")
  if (!sku || encodeCursor(sku) !== cursor) throw new SandboxHubError(400, "cursor is malformed")
  return sku
}

function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>
}

function splitOnce(value: string, separator: string): [string, string?] {
  const index = value.indexOf(separator)
  return index === -1 ? [value] : [value.slice(0, index), value.slice(index + 1)]
}

function once(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined
  return () => (running ??= run())
}
