import http from "node:http"
import { uniformRateLimits } from "../../src/hub-client/endpoints"
import type { TestOrderInput } from "../../src/hub-client/schemas"
import { sampleTestOrder, startSandboxHub, type SandboxHub, type SandboxHubOptions } from "../../src/sandbox"
import { waitUntil } from "../helpers/eventually"

/*
 * The sandbox hub over real loopback HTTP (fetch, no mocks): every refusal the hub makes, the
 * order state machine end to end, cursor paging, rate limiting and fault injection.
 */

jest.setTimeout(20_000)

/** Every bucket far above what a test sends, so only the rate-limit tests meet a 429. */
const GENEROUS = uniformRateLimits(100_000)

const testOrder = (overrides: Partial<TestOrderInput> = {}) => sampleTestOrder({ status: "book_product", ...overrides })

type Reply = { status: number; body: any; headers: Headers }

type CallOptions = {
  body?: unknown
  /** Sent as is (for malformed JSON). */
  rawBody?: string
  contentType?: string | null
  /** Replaces the credential headers; `{}` sends none. */
  auth?: Record<string, string>
}

/** Resolves just after the next counting window of `windowMs` begins (the sandbox's windows are fixed on the clock), so a burst lands in one window. */
const windowStart = (windowMs: number) => {
  const current = Math.floor(Date.now() / windowMs)
  return waitUntil("the next counting window", () => Math.floor(Date.now() / windowMs) > current, { timeoutMs: windowMs * 3, intervalMs: 2 })
}

const orderPath = (code: string, action?: string) =>
  `/orders/${encodeURIComponent(code)}${action ? `/${action}` : ""}`

describe("sandbox hub over HTTP", () => {
  let hub: SandboxHub
  const extraHubs: SandboxHub[] = []

  async function anotherHub(options: SandboxHubOptions): Promise<SandboxHub> {
    const other = await startSandboxHub({ rateLimits: GENEROUS, ...options })
    extraHubs.push(other)
    return other
  }

  function credentialHeaders(target: SandboxHub): Record<string, string> {
    return {
      "X-User-Email": target.credentials.userEmail,
      "X-Api-Key": target.credentials.apiKey,
      "X-Accountmanager-Key": target.credentials.accountManagerKey,
    }
  }

  async function call(method: string, path: string, options: CallOptions = {}, target: SandboxHub = hub): Promise<Reply> {
    const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
    const contentType = options.contentType === undefined ? "application/json" : options.contentType
    const response = await fetch(`${target.url}${path}`, {
      method,
      headers: {
        Accept: "application/json",
        ...(options.auth ?? credentialHeaders(target)),
        ...(payload !== undefined && contentType !== null ? { "Content-Type": contentType } : {}),
      },
      body: payload,
    })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers }
  }

  /** Creates a test order over HTTP and returns its code. */
  async function placeOrder(overrides: Partial<TestOrderInput> = {}): Promise<string> {
    const reply = await call("POST", "/orders", { body: { order: testOrder(overrides) } })
    expect(reply.status).toBe(201)
    return reply.body.code
  }

  beforeAll(async () => {
    hub = await startSandboxHub({ rateLimits: GENEROUS })
  })

  beforeEach(() => {
    hub.reset()
    hub.setRateLimits(GENEROUS)
    hub.setFaults({})
    hub.upsertProducts([
      { sku: "SKU-1", qty: 10, name: "Camiseta", price: 50 },
      { sku: "SKU-2", qty: 4, name: "Boné", price: 30 },
    ])
  })

  afterAll(async () => {
    await Promise.all([hub, ...extraHubs].map((target) => target.stop()))
  })

  describe("credentials and request format", () => {
    it("answers 401 when a credential header is missing, naming the header and never a value", async () => {
      const none = await call("GET", "/statuses", { auth: {} })
      expect(none.status).toBe(401)
      expect(none.body.error).toContain("X-User-Email")

      const { "X-Api-Key": _apiKey, ...withoutApiKey } = credentialHeaders(hub)
      const partial = await call("GET", "/statuses", { auth: withoutApiKey })
      expect(partial.status).toBe(401)
      expect(partial.body).toEqual({ error: "Missing credentials: X-Api-Key" })
    })

    it("answers 403 to wrong credentials without echoing them", async () => {
      const wrong = { ...credentialHeaders(hub), "X-Api-Key": "guessed-key-123" }
      const reply = await call("GET", "/orders", { auth: wrong })
      expect(reply.status).toBe(403)
      expect(Object.keys(reply.body)).toEqual(["error"])
      for (const secret of ["guessed-key-123", ...Object.values(hub.credentials)]) {
        expect(reply.body.error).not.toContain(secret)
      }
      expect(hub.requestLog().map((entry) => entry.status)).toEqual([403])
    })

    it("answers 415 without a JSON content type, 400 to malformed JSON, 404 to an unknown route", async () => {
      const code = await placeOrder()
      const noType = await call("POST", orderPath(code, "cancel"), { body: { status: "order_canceled" }, contentType: "text/plain" })
      expect(noType.status).toBe(415)
      expect(noType.body.error).toContain("application/json")

      const malformed = await call("POST", orderPath(code, "cancel"), { rawBody: '{"status": "order_' })
      expect(malformed).toMatchObject({ status: 400, body: { error: "Malformed JSON body" } })

      const unknown = await call("GET", "/invoices")
      expect(unknown.status).toBe(404)
      expect(typeof unknown.body.error).toBe("string")
      expect(hub.getOrder(code)?.status.code).toBe("book_product")
    })
  })

  describe("statuses and test orders", () => {
    it("lists the seven standard statuses plus custom ones", async () => {
      const control = await fetch(`${hub.url}/_sandbox/statuses`, {
        method: "POST",
        body: JSON.stringify({ code: "aguardando_pix", label: "Aguardando PIX", type: "NEW" }),
      })
      expect(control.status).toBe(201)
      const reply = await call("GET", "/statuses")
      expect(reply.status).toBe(200)
      expect(reply.body).toHaveLength(8)
      expect(reply.body).toContainEqual({ code: "book_product", label: "NEW - Pagamento Pendente (Sandbox)", type: "NEW" })
      expect(reply.body).toContainEqual({ code: "aguardando_pix", label: "Aguardando PIX", type: "NEW" })
    })

    it("creates a test order (201, unwrapped, full representation) readable by its URL-encoded code", async () => {
      const created = await call("POST", "/orders", { body: { order: testOrder() } })
      expect(created.status).toBe(201)
      expect(created.body).toMatchObject({
        code: "Loja Exemplo-1",
        status: { code: "book_product", type: "NEW" },
        total_ordered: 115.5,
        items: [{ id: "SKU-1", product_id: "SKU-1", name: "Camiseta", qty: 2, original_price: 50, special_price: 50 }],
        customer: { vat_number: "12345678909" },
        // The sandbox reports one card payment of the total, as marketplaces do.
        payments: [{ method: "credit_card", value: 115.5, parcels: 1, status: "pending", transaction_date: null }],
        invoices: [],
        shipments: [],
      })
      expect(Date.parse(created.body.placed_at)).toBeGreaterThan(Date.now() - 60_000)

      const read = await call("GET", orderPath("Loja Exemplo-1"))
      expect(read).toMatchObject({ status: 200, body: created.body })
      expect((await call("GET", orderPath("Loja Exemplo-2"))).status).toBe(404)
    })

    it("accepts a custom status of type NEW, and refuses a status of another type with 422", async () => {
      hub.addStatus({ code: "aguardando_pix", label: "Aguardando PIX", type: "NEW" })
      const code = await placeOrder({ status: "aguardando_pix" })
      expect(hub.getOrder(code)?.status).toEqual({ code: "aguardando_pix", label: "Aguardando PIX", type: "NEW" })

      const refused = await call("POST", "/orders", { body: { order: testOrder({ status: "payment_received" }) } })
      expect(refused.status).toBe(422)
      expect(refused.body.error).toContain("payment_received")
    })

    it("refuses an invalid test order with 422 naming the field", async () => {
      const badEmail = await call("POST", "/orders", {
        body: { order: testOrder({ customer: { name: "Ana", email: "ana-at-example" } }) },
      })
      expect(badEmail.status).toBe(422)
      expect(badEmail.body.error).toMatch(/^order\.customer\.email/)

      const unknownSku = await call("POST", "/orders", { body: { order: testOrder({ items: [{ id: "SKU-404", qty: 1 }] }) } })
      expect(unknownSku.status).toBe(422)
      expect(unknownSku.body.error).toMatch(/^order\.items\.0\.id/)

      const unwrapped = await call("POST", "/orders", { body: testOrder() })
      expect(unwrapped.status).toBe(422)
      expect(hub.getOrder("Loja Exemplo-1")).toBeUndefined()
    })

    it("refuses test orders and approval on a production account (403), while the marketplace still moves orders", async () => {
      const production = await anotherHub({ sandboxAccount: false })
      production.upsertProducts([{ sku: "SKU-1", qty: 1 }])
      const create = await call("POST", "/orders", { body: { order: testOrder() } }, production)
      expect(create.status).toBe(403)
      expect(typeof create.body.error).toBe("string")

      const order = production.createOrder(testOrder())
      const approval = await call("POST", orderPath(order.code, "approval"), { body: { status: "payment_received" } }, production)
      expect(approval.status).toBe(403)
      expect(production.getOrder(order.code)?.status.type).toBe("NEW")

      const marketplace = await fetch(`${production.url}/_sandbox${orderPath(order.code, "approve")}`, { method: "POST" })
      expect(marketplace.status).toBe(200)
      expect(production.getOrder(order.code)?.status.type).toBe("APPROVED")
    })
  })

  describe("order moves", () => {
    const invoice = { key: "35250312345678000190550010000012341000012345" }
    const shipment = {
      items: [{ sku: "SKU-1", qty: 2 }],
      track: { code: "BR123", carrier: "Correios", method: "PAC", url: "https://track.example/BR123" },
    }

    it("walks NEW -> APPROVED -> INVOICED -> SHIPPED -> SHIPMENT_EXCEPTION -> SHIPPED -> DELIVERED", async () => {
      const code = await placeOrder({ channel: "Lojas Exemplo-Sul" })
      const steps: Array<[string, unknown, string]> = [
        ["approval", { status: "payment_received" }, "APPROVED"],
        ["invoice", { status: "order_invoiced", invoice }, "INVOICED"],
        ["shipments", { status: "order_shipped", shipment: { code, ...shipment } }, "SHIPPED"],
        [
          "shiptment_exception",
          { status: "shipment_exception", shipment_exception: { occurrence_date: "2026-01-05T10:00:00Z", observation: "Recipient absent" } },
          "SHIPMENT_EXCEPTION",
        ],
        ["shipments", { status: "order_shipped", shipment }, "SHIPPED"],
        ["delivery", { status: "complete", delivered_date: "2026-01-07T15:00:00-03:00" }, "DELIVERED"],
      ]
      let last: Reply | undefined
      for (const [action, body, type] of steps) {
        last = await call("POST", orderPath(code, action), { body })
        expect([action, last.status, last.body.status.type]).toEqual([action, 200, type])
      }
      expect(last!.body).toMatchObject({
        code: "Lojas Exemplo-Sul-1",
        status: { code: "complete", type: "DELIVERED" },
        invoices: [{ key: invoice.key, number: "1234" }],
        shipments: [{ code, tracks: [shipment.track] }, { code, items: shipment.items }],
      })
      expect(last!.body.approved_date).toEqual(expect.any(String))
      expect(hub.getOrder(code)).toEqual(last!.body)
    })

    it("answers 422 with the current status when a move is not allowed from it", async () => {
      const code = await placeOrder()
      const reply = await call("POST", orderPath(code, "delivery"), { body: { status: "complete" } })
      expect(reply.status).toBe(422)
      expect(reply.body.error).toContain("from status book_product (NEW)")
      expect(hub.getOrder(code)?.status.code).toBe("book_product")
    })

    it("answers 422 to an invalid body and 404 to an unknown order", async () => {
      const code = await placeOrder()
      await call("POST", orderPath(code, "approval"), { body: { status: "payment_received" } })
      const badKey = await call("POST", orderPath(code, "invoice"), { body: { status: "order_invoiced", invoice: { key: "123" } } })
      expect(badKey.status).toBe(422)
      expect(badKey.body.error).toMatch(/^invoice\.key: .*44 digits/)
      const wrongType = await call("POST", orderPath(code, "invoice"), { body: { status: "order_shipped", invoice } })
      expect(wrongType.status).toBe(422)
      expect(wrongType.body.error).toContain("not a status of type INVOICED")
      const unknown = await call("POST", orderPath("Loja Exemplo-99", "cancel"), { body: { status: "order_canceled" } })
      expect(unknown.status).toBe(404)
      expect(hub.getOrder(code)?.status.type).toBe("APPROVED")
    })

    it("cancels from NEW, APPROVED or INVOICED, and not once canceled", async () => {
      const fromNew = await placeOrder()
      const fromInvoiced = await placeOrder()
      hub.marketplaceApprove(fromInvoiced)
      await call("POST", orderPath(fromInvoiced, "invoice"), { body: { status: "order_invoiced", invoice } })

      for (const code of [fromNew, fromInvoiced]) {
        const reply = await call("POST", orderPath(code, "cancel"), { body: { status: "order_canceled" } })
        expect(reply.status).toBe(200)
        expect(reply.body.status).toEqual({ code: "order_canceled", label: "Cancelado (Sandbox)", type: "CANCELED" })
      }
      const again = await call("POST", orderPath(fromNew, "cancel"), { body: { status: "order_canceled" } })
      expect(again.status).toBe(422)
      expect(again.body.error).toContain("from status order_canceled (CANCELED)")
      expect(() => hub.marketplaceApprove(fromNew)).toThrow("cannot move to APPROVED")

      const marketplace = await fetch(`${hub.url}/_sandbox${orderPath(fromNew, "approve")}`, { method: "POST" })
      expect(marketplace.status).toBe(422)
    })

    it("serves only the configured spelling of the shipment-exception path", async () => {
      const strict = await anotherHub({ shipmentExceptionPath: "shipment_exception" })
      strict.upsertProducts([{ sku: "SKU-1", qty: 5 }])
      const code = strict.createOrder(testOrder()).code
      const body = { status: "shipment_exception", shipment_exception: { occurrence_date: "2026-01-05T10:00:00Z", observation: "x" } }
      expect((await call("POST", orderPath(code, "shiptment_exception"), { body }, strict)).status).toBe(404)
      // The served spelling reaches the state machine (422: the order is not shipped).
      expect((await call("POST", orderPath(code, "shipment_exception"), { body }, strict)).status).toBe(422)
    })
  })

  describe("order listing", () => {
    it("refuses per_page over 100 or below 1, a non-integer page, an unknown parameter or a malformed date (400)", async () => {
      for (const query of ["per_page=101", "per_page=0", "page=0", "page=abc", "filters[status]=x", "filters[start_date]=2026-01-05", "filters[end_date]=31/02/2026"]) {
        const reply = await call("GET", `/orders?${query}`)
        expect([query, reply.status]).toEqual([query, 400])
        expect(typeof reply.body.error).toBe("string")
      }
    })

    it("refuses a page beyond the first 10,000 entries with 400, while date filters get past it", async () => {
      const days = 10
      hub.seedOrders(10_100, days)
      const lastAllowed = await call("GET", "/orders?page=100&per_page=100")
      expect(lastAllowed.status).toBe(200)
      expect(lastAllowed.body.total).toBe(10_100)
      expect(lastAllowed.body.orders).toHaveLength(100)

      const deep = await call("GET", "/orders?page=101&per_page=100")
      expect(deep.status).toBe(400)
      expect(deep.body.error).toContain("10,000")
      expect((await call("GET", "/orders?page=10001&per_page=1")).status).toBe(400)

      // The newest days hold fewer than 10,000 orders: their last page is reachable.
      const today = new Date()
      const since = new Date(Date.now() - 4 * 86_400_000)
      const ddmmyyyy = (date: Date) =>
        `${String(date.getUTCDate()).padStart(2, "0")}/${String(date.getUTCMonth() + 1).padStart(2, "0")}/${date.getUTCFullYear()}`
      const range = `filters[start_date]=${ddmmyyyy(since)}&filters[end_date]=${ddmmyyyy(today)}`
      const first = await call("GET", `/orders?per_page=100&${range}`)
      expect(first.body.total).toBeGreaterThan(3000)
      expect(first.body.total).toBeLessThan(10_000)
      const lastPage = Math.ceil(first.body.total / 100)
      const tail = await call("GET", `/orders?per_page=100&page=${lastPage}&${range}`)
      expect(tail.status).toBe(200)
      expect(tail.body.orders.length).toBe(first.body.total - (lastPage - 1) * 100)
    })

    it("sorts by placed_at then code, and filters on any of several statuses", async () => {
      const early = hub.createOrder(testOrder({ channel: "B" }), new Date("2026-01-02T10:00:00Z")).code
      const tiedB = hub.createOrder(testOrder({ channel: "B" }), new Date("2026-01-03T10:00:00Z")).code
      const tiedA = hub.createOrder(testOrder({ channel: "A" }), new Date("2026-01-03T10:00:00Z")).code
      hub.marketplaceApprove(tiedA)
      hub.marketplaceCancel(early)

      const all = await call("GET", "/orders")
      expect(all.body.orders.map((order: { code: string }) => order.code)).toEqual([early, tiedA, tiedB])
      const some = await call("GET", "/orders?filters[statuses][]=payment_received&filters[statuses][]=order_canceled")
      expect(some.body).toMatchObject({ total: 2, orders: [{ code: early }, { code: tiedA }] })
      const day = await call("GET", "/orders?filters[start_date]=03/01/2026&filters[end_date]=03/01/2026")
      expect(day.body.total).toBe(2)
    })
  })

  describe("rate limiting", () => {
    it("answers 429 past a bucket's limit in a window (logged), and serves again in the next window", async () => {
      const windowMs = 400
      hub.setRateLimits({ ...GENEROUS, "GET /statuses": { limit: 2, windowMs } })
      await windowStart(windowMs)
      const statuses = []
      for (let i = 0; i < 3; i++) statuses.push((await call("GET", "/statuses")).status)
      const products = await call("GET", "/products")
      const refused = await call("GET", "/statuses")
      expect(statuses).toEqual([200, 200, 429])
      expect(products.status).toBe(200)
      expect(refused).toMatchObject({ status: 429, body: { error: "Too many requests" } })
      expect(refused.headers.get("retry-after")).toBeNull()

      await windowStart(windowMs)
      expect((await call("GET", "/statuses")).status).toBe(200)
      expect(hub.counters().byStatus).toEqual({ "200": 4, "429": 2 })
      expect(hub.counters().byBucket["GET /statuses"]).toBe(5)
    })

    it("sends Retry-After in whole seconds when enabled", async () => {
      const windowMs = 1500
      const strict = await anotherHub({ retryAfterHeader: true, rateLimits: { ...GENEROUS, "GET /orders": { limit: 1, windowMs } } })
      await windowStart(windowMs)
      expect((await call("GET", "/orders", {}, strict)).status).toBe(200)
      const refused = await call("GET", "/orders", {}, strict)
      expect(refused.status).toBe(429)
      expect(refused.headers.get("retry-after")).toBe("2")
    })

    it("counts by the client's buckets: the order listing and a single order apart", async () => {
      const code = await placeOrder()
      hub.setRateLimits({ ...GENEROUS, "GET /orders": { limit: 1, windowMs: 3_600_000 }, "GET /orders/{code}": { limit: 1, windowMs: 3_600_000 } })
      expect((await call("GET", "/orders")).status).toBe(200)
      expect((await call("GET", orderPath(code))).status).toBe(200)
      expect((await call("GET", "/orders")).status).toBe(429)
      expect(hub.requestLog().map((entry) => entry.bucket)).toEqual(["POST /orders", "GET /orders", "GET /orders/{code}", "GET /orders"])
    })
  })

  describe("products", () => {
    it("pages 250 products with the cursor in 3 requests; `next` on the hub's own origin, none on the last page", async () => {
      hub.reset()
      hub.seedProducts(250)
      const skus: string[] = []
      const nexts: Array<string | undefined> = []
      let path: string | undefined = "/products"
      while (path) {
        const reply = await call("GET", path)
        expect(reply.status).toBe(200)
        expect(reply.body.total).toBe(250)
        skus.push(...reply.body.products.map((product: { sku: string }) => product.sku))
        nexts.push(reply.body.next)
        if (reply.body.next) {
          const next = new URL(reply.body.next)
          expect(next.origin).toBe(hub.url)
          expect(next.searchParams.get("cursor")).toBe(Buffer.from(skus.at(-1)!).toString("base64url"))
          path = `${next.pathname}${next.search}`
        } else {
          path = undefined
        }
      }
      expect(nexts.map((next) => next !== undefined)).toEqual([true, true, false])
      expect(skus).toEqual(Array.from({ length: 250 }, (_, i) => `SKU-${String(i + 1).padStart(5, "0")}`))
      expect(hub.requestLog()).toHaveLength(3)
    })

    it("carries per_page and filters into `next`, and can point it at another origin", async () => {
      hub.upsertProducts(Array.from({ length: 5 }, (_, i) => ({ sku: `SKU-X${i}`, qty: i, status: "disabled" as const })))
      const first = await call("GET", "/products?per_page=2&filters[status]=disabled")
      expect(first.body.products.map((product: { sku: string }) => product.sku)).toEqual(["SKU-X0", "SKU-X1"])
      const next = new URL(first.body.next)
      expect(next.searchParams.get("per_page")).toBe("2")
      expect(next.searchParams.get("filters[status]")).toBe("disabled")
      const second = await call("GET", `${next.pathname}${next.search}`)
      expect(second.body.products.map((product: { sku: string }) => product.sku)).toEqual(["SKU-X2", "SKU-X3"])

      expect((await call("GET", `${next.pathname}${next.search}&page=2`)).status).toBe(400)
      expect((await call("GET", "/products?cursor=%%%")).status).toBe(400)
      expect((await call("GET", "/products?per_page=101")).status).toBe(400)
      expect((await call("GET", "/products?page=101")).status).toBe(400)

      hub.setNextOrigin("http://127.0.0.2:9")
      const foreign = await call("GET", "/products?per_page=2")
      expect(new URL(foreign.body.next).origin).toBe("http://127.0.0.2:9")
    })

    it("updates only the fields sent (204, no body), and answers 404 to an unknown SKU", async () => {
      const before = hub.getProduct("SKU-1")!
      const reply = await call("PUT", "/products/SKU-1", { body: { product: { qty: 7 } } })
      expect(reply.status).toBe(204)
      expect(reply.body).toBeUndefined()
      expect(hub.getProduct("SKU-1")).toEqual({ ...before, qty: 7 })
      expect((await call("GET", "/products/SKU-1")).body).toEqual({
        sku: "SKU-1",
        name: "Camiseta",
        status: "enabled",
        qty: 7,
        price: 50,
        promotional_price: null,
      })

      const unknown = await call("PUT", "/products/SKU-404", { body: { product: { qty: 1 } } })
      expect(unknown).toMatchObject({ status: 404, body: { error: "Product not found" } })
      expect((await call("GET", "/products/SKU-404")).status).toBe(404)

      const empty = await call("PUT", "/products/SKU-1", { body: { product: {} } })
      expect(empty.status).toBe(422)
      const negative = await call("PUT", "/products/SKU-1", { body: { product: { qty: -1 } } })
      expect(negative.status).toBe(422)
      expect(negative.body.error).toMatch(/^product\.qty/)
      expect(hub.getProduct("SKU-1")?.qty).toBe(7)
    })

    it("answers a product update with 200 and the product when configured", async () => {
      const verbose = await anotherHub({ productUpdateResponse: 200 })
      verbose.upsertProducts([{ sku: "SKU-1", qty: 1, price: 9 }])
      const reply = await call("PUT", "/products/SKU-1", { body: { product: { status: "disabled" } } }, verbose)
      expect(reply).toMatchObject({ status: 200, body: { sku: "SKU-1", qty: 1, price: 9, status: "disabled" } })
    })

    it("updates a variation by its SKU with PUT /variations/{sku}, wrapped in product or variation, in its own bucket", async () => {
      expect((await call("PUT", "/variations/SKU-2", { body: { product: { qty: 3 } } })).status).toBe(204)
      const prices = { variation: { price: 29.9, promotional_price: 24.9 } }
      expect((await call("PUT", "/variations/SKU-2", { body: prices })).status).toBe(204)
      expect((await call("GET", "/products/SKU-2")).body).toEqual({
        sku: "SKU-2",
        name: "Boné",
        status: "enabled",
        qty: 3,
        price: 29.9,
        promotional_price: 24.9,
      })
      const unknown = await call("PUT", "/variations/SKU-404", { body: { variation: { qty: 1 } } })
      expect(unknown).toMatchObject({ status: 404, body: { error: "Product not found" } })
      expect(hub.requestLog().map((entry) => entry.bucket)).toEqual([
        "PUT /variations",
        "PUT /variations",
        "GET /products",
        "PUT /variations",
      ])
    })

    it("refuses catalogue fields the hub would not take with 422 {error} naming the field, changing nothing", async () => {
      const before = hub.getProduct("SKU-1")
      const refusals: Array<[string, unknown, string]> = [
        ["/products/SKU-1", { product: { price: 10.005 } }, "product.price: price must have at most two decimals"],
        ["/products/SKU-1", { product: { qty: 2, promotional_price: 50 } }, "promotional_price (50) must be below price (50)"],
        ["/products/SKU-1", { product: { status: "active" } }, "product.status: Invalid option"],
        ["/products/SKU-1", { product: { sale_price: 20 } }, 'product: Unrecognized key: "sale_price"'],
        ["/variations/SKU-1", { variation: { price: 0 } }, "variation.price: price must be above zero"],
        ["/variations/SKU-1", { product: { qty: 1 }, variation: { qty: 1 } }, 'exactly one of "product" and "variation"'],
      ]
      for (const [path, body, message] of refusals) {
        const reply = await call("PUT", path, { body })
        expect(reply.status).toBe(422)
        expect(Object.keys(reply.body)).toEqual(["error"])
        expect(reply.body.error).toContain(message)
      }
      expect(hub.getProduct("SKU-1")).toEqual(before)
    })

    it("lists and serves the prices and status seeded through the control endpoint, promotional_price null to clear", async () => {
      const seeded = await fetch(`${hub.url}/_sandbox/products`, {
        method: "POST",
        body: JSON.stringify([{ sku: "SKU-1", qty: 10, price: 59.9, promotional_price: 64.9, status: "disabled" }]),
      })
      expect(seeded.status).toBe(200)
      const drifted = { sku: "SKU-1", name: "Camiseta", status: "disabled", qty: 10, price: 59.9, promotional_price: 64.9 }
      expect((await call("GET", "/products?filters[sku]=SKU-1")).body.products).toEqual([drifted])
      expect((await call("PUT", "/products/SKU-1", { body: { product: { qty: 8 } } })).status).toBe(204)
      expect((await call("PUT", "/products/SKU-1", { body: { product: { promotional_price: null } } })).status).toBe(204)
      expect((await call("GET", "/products/SKU-1")).body).toEqual({ ...drifted, qty: 8, promotional_price: null })
    })
  })

  describe("faults", () => {
    it("with errorRate 1 every answer is 5xx with an error body", async () => {
      hub.setFaults({ errorRate: 1 })
      const statuses = []
      for (let i = 0; i < 6; i++) {
        const reply = await call("GET", "/products/SKU-1")
        expect(typeof reply.body.error).toBe("string")
        statuses.push(reply.status)
      }
      expect(statuses.every((status) => status === 500 || status === 503)).toBe(true)
      // Faults come after authentication: a bad credential is still a 401.
      expect((await call("GET", "/products/SKU-1", { auth: {} })).status).toBe(401)
    })

    it("with dropRate 1 the connection drops without an answer, and the log says so", async () => {
      hub.setFaults({ dropRate: 1 })
      await expect(call("GET", "/statuses")).rejects.toThrow()
      expect(hub.requestLog().map((entry) => entry.status)).toEqual(["dropped"])
      hub.setFaults({})
      expect((await call("GET", "/statuses")).status).toBe(200)
    })

    it("adds latency, and replays the same faults for the same seed", async () => {
      hub.setFaults({ latencyMs: 150 })
      const started = Date.now()
      expect((await call("GET", "/statuses")).status).toBe(200)
      expect(Date.now() - started).toBeGreaterThanOrEqual(140)

      const run = async () => {
        hub.setFaults({ errorRate: 0.5, seed: 11 })
        const statuses = []
        for (let i = 0; i < 12; i++) statuses.push((await call("GET", "/statuses")).status)
        return statuses
      }
      const first = await run()
      expect(await run()).toEqual(first)
      expect(first).toContain(200)
      expect(first.some((status) => status >= 500)).toBe(true)
    })
  })

  describe("control endpoints and lifecycle", () => {
    it("are outside auth, rate limits and the log", async () => {
      hub.setRateLimits({ ...GENEROUS, default: { limit: 0, windowMs: 1000 } })
      const products = await fetch(`${hub.url}/_sandbox/products`, { method: "POST", body: JSON.stringify([{ sku: "SKU-9", qty: 3 }]) })
      expect(products.status).toBe(200)
      const raw = await fetch(`${hub.url}/_sandbox/orders/raw`, { method: "POST", body: JSON.stringify({ code: "RAW-1", items: "not a list" }) })
      expect(raw.status).toBe(201)
      const badFaults = await fetch(`${hub.url}/_sandbox/faults`, { method: "PUT", body: JSON.stringify({ errorRate: 2 }) })
      expect(badFaults.status).toBe(422)
      expect(((await badFaults.json()) as { error: string }).error).toMatch(/^errorRate/)

      expect((await call("GET", "/products/SKU-9")).body.qty).toBe(3)
      expect((await call("GET", orderPath("RAW-1"))).body).toEqual({ code: "RAW-1", items: "not a list" })
      const log = (await (await fetch(`${hub.url}/_sandbox/requests`)).json()) as { requests: Array<{ path: string }>; counters: unknown }
      expect(log.requests.map((entry) => entry.path)).toEqual(["/products/SKU-9", "/orders/RAW-1"])
      expect(log.counters).toEqual({ byBucket: { "GET /products": 1, "GET /orders/{code}": 1 }, byStatus: { "200": 2 }, insideRefusalWindow: 0, crossingRefusal: 0 })

      expect((await fetch(`${hub.url}/_sandbox/requests`, { method: "DELETE" })).status).toBe(204)
      expect(hub.requestLog()).toEqual([])
      expect((await fetch(`${hub.url}/_sandbox/reset`, { method: "POST" })).status).toBe(204)
      expect(hub.getProduct("SKU-9")).toBeUndefined()
    })

    it("keeps connections alive, and stop() closes them at once", async () => {
      const target = await startSandboxHub({ rateLimits: GENEROUS })
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      const get = () =>
        new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
          const request = http.get(`${target.url}/statuses`, { agent, headers: credentialHeaders(target) }, (response) => {
            response.resume()
            response.on("end", () => resolve({ status: response.statusCode!, reused: request.reusedSocket }))
          })
          request.on("error", reject)
        })
      try {
        expect(await get()).toEqual({ status: 200, reused: false })
        expect(await get()).toEqual({ status: 200, reused: true })
        const started = Date.now()
        await target.stop()
        expect(Date.now() - started).toBeLessThan(1000)
        await expect(get()).rejects.toThrow()
      } finally {
        agent.destroy()
      }
    })
  })
})
