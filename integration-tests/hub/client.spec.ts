import http from "node:http"
import { AddressInfo } from "node:net"
import { inspect } from "node:util"
import {
  HubClient,
  HubClientOptionsInput,
  HubDeepPagingError,
  HubRateLimitedError,
  HubRefusedError,
  HubRejectedError,
  HubUnavailableError,
  TestOrderInput,
  uniformRateLimits,
} from "../../src/hub-client"
import { sampleTestOrder, SandboxHub, startSandboxHub } from "../../src/sandbox"

jest.setTimeout(60_000)

// Every bucket far above what the tests send, unless a test lowers one on purpose.
const FAST = uniformRateLimits(1000)

function testOrder(skus: string[], channel = "Loja Exemplo"): TestOrderInput {
  return sampleTestOrder({ channel, items: skus.map((id) => ({ id, qty: 1 })) })
}

/** Captures everything the client logs, to prove no credential is ever in it. */
function capturingLogger() {
  const lines: string[] = []
  return { lines, logger: { warn: (line: string) => lines.push(line), info: (line: string) => lines.push(line) } }
}

describe("hub client against the sandbox hub over HTTP", () => {
  let hub: SandboxHub
  const clients: HubClient[] = []
  const log = capturingLogger()

  function clientFor(overrides: Partial<HubClientOptionsInput> = {}): HubClient {
    const client = new HubClient(
      { baseUrl: hub.url, ...hub.credentials, sandbox: true, rateLimits: FAST, retryBaseDelayMs: 10, ...overrides },
      log.logger
    )
    clients.push(client)
    return client
  }

  const requestsTo = (path: string) => hub.requestLog().filter((entry) => entry.path.split("?")[0] === path)

  beforeAll(async () => {
    hub = await startSandboxHub({ rateLimits: FAST })
  })

  beforeEach(() => {
    hub.reset()
    hub.setRateLimits(FAST)
    hub.setFaults({})
    hub.upsertProducts(
      Array.from({ length: 5 }, (_, i) => ({ sku: `SKU-${i + 1}`, qty: 10, name: `Produto ${i + 1}`, price: 100 }))
    )
  })

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()))
    await hub.stop()
    const secrets = Object.values(hub.credentials)
    for (const line of log.lines) {
      for (const secret of secrets) expect(line).not.toContain(secret)
    }
  })

  describe("every endpoint round-trips", () => {
    it("statuses, test orders and every order move", async () => {
      const client = clientFor()
      const statuses = await client.listStatuses()
      expect(statuses.find((status) => status.code === "book_product")?.type).toBe("NEW")

      const created = await client.createTestOrder(testOrder(["SKU-1", "SKU-2"], "Loja Exemplo"))
      expect(created.code).toMatch(/^Loja Exemplo-\d+$/)
      expect(created.status.type).toBe("NEW")

      // The code holds a space: it only reaches the right order when URL-encoded.
      const read = await client.getOrder(created.code)
      expect(read.items.map((item) => item.id)).toEqual(["SKU-1", "SKU-2"])
      expect(read.customer.vat_number).toBe("12345678909")

      const listed = await client.listOrders({ statuses: ["book_product"], startDate: new Date(Date.now() - 86_400_000) })
      expect(listed.orders.map((order) => order.code)).toContain(created.code)

      expect((await client.approveTestOrder(created.code)).status.type).toBe("APPROVED")
      expect((await client.invoiceOrder(created.code, { key: "3".repeat(44) })).status.type).toBe("INVOICED")
      const shipment = {
        items: [{ sku: "SKU-1", qty: 1 }, { sku: "SKU-2", qty: 1 }],
        track: { code: "BR123", carrier: "Correios", method: "PAC", url: "https://track.example/BR123" },
      }
      expect((await client.shipOrder(created.code, shipment)).status.type).toBe("SHIPPED")
      const exception = await client.reportShipmentException(created.code, {
        occurrence_date: new Date().toISOString(),
        observation: "Recipient absent",
      })
      expect(exception.status.type).toBe("SHIPMENT_EXCEPTION")
      expect(requestsTo(`/orders/${encodeURIComponent(created.code)}/shiptment_exception`)).toHaveLength(1)
      expect((await client.shipOrder(created.code, shipment)).status.type).toBe("SHIPPED")
      expect((await client.deliverOrder(created.code)).status.type).toBe("DELIVERED")

      const other = await client.createTestOrder(testOrder(["SKU-3"]))
      expect((await client.cancelOrder(other.code)).status.type).toBe("CANCELED")
      expect(hub.getOrder(other.code)?.status.code).toBe("order_canceled")
    })

    it("sends the shipment exception on the other spelling when configured so", async () => {
      const client = clientFor({ shipmentExceptionPath: "shipment_exception" })
      const order = await client.createTestOrder(testOrder(["SKU-1"]))
      await client.approveTestOrder(order.code)
      await client.invoiceOrder(order.code, { key: "1".repeat(44) })
      await client.shipOrder(order.code, { items: [{ sku: "SKU-1", qty: 1 }], track: { code: "T", carrier: "C", method: "M" } })
      await client.reportShipmentException(order.code, { occurrence_date: new Date().toISOString(), observation: "Lost" })
      expect(requestsTo(`/orders/${encodeURIComponent(order.code)}/shipment_exception`)).toHaveLength(1)
    })

    it("products: listing, one product, and a partial update that changes only what it sends", async () => {
      const client = clientFor()
      const page = await client.listProducts({ status: "enabled" })
      expect(page.products.map((product) => product.sku)).toEqual(["SKU-1", "SKU-2", "SKU-3", "SKU-4", "SKU-5"])
      expect(page.next ?? null).toBeNull()
      expect((await client.getProduct("SKU-2"))?.qty).toBe(10)

      await client.updateProduct("SKU-2", { qty: 3 })
      expect(hub.getProduct("SKU-2")).toMatchObject({ qty: 3, name: "Produto 2", price: 100 })
      expect(hub.requestLog().filter((entry) => entry.method === "PUT")).toHaveLength(1)
    })

    it("refuses test orders on a production account without sending anything", async () => {
      const client = clientFor({ sandbox: false })
      await expect(client.createTestOrder(testOrder(["SKU-1"]))).rejects.toBeInstanceOf(HubRefusedError)
      await expect(client.approveTestOrder("Loja Exemplo-1")).rejects.toBeInstanceOf(HubRefusedError)
      expect(hub.requestLog()).toHaveLength(0)
    })

    it("refuses an invalid request (44-digit invoice key) before sending it", async () => {
      const client = clientFor()
      await expect(client.invoiceOrder("Loja Exemplo-1", { key: "123" })).rejects.toThrow("44 digits")
      expect(hub.requestLog()).toHaveLength(0)
    })
  })

  describe("429: silence until the counting window ends", () => {
    const WINDOW_MS = 1000
    const windowEnd = (at: number) => (Math.floor(at / WINDOW_MS) + 1) * WINDOW_MS

    it("after a 429 no request of any caller reaches the hub until the window ends", async () => {
      hub.setRateLimits({ ...FAST, "GET /products": { limit: 2, windowMs: WINDOW_MS } })
      // The client believes it may send more than the hub allows, and gives up at once on a 429.
      const client = clientFor({ maxRetries: 0 })
      let rateLimited: HubRateLimitedError | undefined
      for (let i = 0; i < 10 && !rateLimited; i++) {
        await client.getProduct("SKU-1").catch((error) => {
          rateLimited = error
        })
      }
      expect(rateLimited).toBeInstanceOf(HubRateLimitedError)
      const refusedAt = hub.requestLog().find((entry) => entry.status === 429)!.at

      // Every caller, on every bucket, waits for the same pause.
      await Promise.all([
        client.getProduct("SKU-1"),
        client.listStatuses(),
        client.updateProduct("SKU-1", { qty: 4 }),
        client.listOrders({}, { page: 1 }),
      ])
      const after = hub.requestLog().filter((entry) => entry.at > refusedAt)
      expect(after).toHaveLength(4)
      for (const entry of after) expect(entry.at).toBeGreaterThanOrEqual(windowEnd(refusedAt))
      expect(hub.counters().byStatus["429"]).toBe(1)
      expect(client.figures().rateLimited).toBe(1)
      expect(client.figures().clientErrors).toBe(1)
    })

    it("a request refused with 429 goes again after the window, and succeeds", async () => {
      hub.setRateLimits({ ...FAST, "GET /orders/{code}": { limit: 1, windowMs: WINDOW_MS } })
      const client = clientFor()
      const order = hub.createOrder(testOrder(["SKU-1"]))
      // Three reads within moments: at most two windows, one read each, so one read meets a 429.
      for (let i = 0; i < 3; i++) {
        expect((await client.getOrder(order.code)).code).toBe(order.code)
      }
      const entries = requestsTo(`/orders/${encodeURIComponent(order.code)}`)
      const refused = entries.find((entry) => entry.status === 429)
      expect(refused).toBeDefined()
      const retried = entries[entries.indexOf(refused!) + 1]
      expect(retried.status).toBe(200)
      expect(retried.at).toBeGreaterThanOrEqual(windowEnd(refused!.at))
    })

    it("honours Retry-After when the hub sends it", async () => {
      await hub.stop()
      hub = await startSandboxHub({ rateLimits: { ...FAST, "GET /statuses": { limit: 1, windowMs: 2000 } }, retryAfterHeader: true })
      // A pause shorter than the hub's window: only Retry-After keeps the client quiet long enough.
      const client = clientFor({ rateLimitPauseMs: 50, maxRetries: 0 })
      await client.listStatuses()
      const refused = await client.listStatuses().catch((error) => error)
      expect(refused).toBeInstanceOf(HubRateLimitedError)
      const refusedAt = hub.requestLog()[1].at
      await client.listStatuses()
      const third = hub.requestLog()[2]
      expect(third.status).toBe(200)
      expect(third.at).toBeGreaterThanOrEqual(refusedAt + 900)
    })
  })

  describe("listings", () => {
    it("reads 25,000 orders by splitting the date range, with no HTTP 400", async () => {
      hub.seedOrders(25_000, 30)
      const client = clientFor()
      const codes = new Set<string>()
      for await (const order of client.allOrders({ statuses: ["book_product"], startDate: new Date(Date.now() - 31 * 86_400_000) })) {
        codes.add(order.code)
      }
      expect(codes.size).toBe(25_000)
      expect(hub.counters().byStatus["400"] ?? 0).toBe(0)
      const listings = requestsTo("/orders").length
      expect(listings).toBeGreaterThanOrEqual(250)
      expect(listings).toBeLessThan(300)
    })

    it("reports a day holding more than 10,000 matching orders instead of passing it off as complete", async () => {
      hub.seedOrders(10_050, 1)
      const client = clientFor()
      const codes: string[] = []
      const walk = async () => {
        for await (const order of client.allOrders({ startDate: new Date(Date.now() - 86_400_000), endDate: new Date() })) {
          codes.push(order.code)
        }
      }
      await expect(walk()).rejects.toBeInstanceOf(HubDeepPagingError)
      expect(codes).toHaveLength(10_000)
      expect(hub.counters().byStatus["400"] ?? 0).toBe(0)
    })

    it("reads 1,050 products in 11 requests by following `next`", async () => {
      hub.upsertProducts(Array.from({ length: 1045 }, (_, i) => ({ sku: `SKU-B${String(i).padStart(4, "0")}`, qty: i })))
      const client = clientFor()
      let count = 0
      for await (const product of client.allProducts()) {
        expect(typeof product.qty).toBe("number")
        count++
      }
      expect(count).toBe(1050)
      expect(requestsTo("/products")).toHaveLength(11)
    })

    it("refuses a `next` link to another host without sending it anything", async () => {
      const foreign = await startRecordingServer()
      try {
        hub.upsertProducts(Array.from({ length: 150 }, (_, i) => ({ sku: `SKU-C${i}`, qty: 1 })))
        hub.setNextOrigin(foreign.origin)
        const client = clientFor()
        const walk = async () => {
          for await (const _product of client.allProducts()) {
            // reading
          }
        }
        await expect(walk()).rejects.toBeInstanceOf(HubRefusedError)
        expect(foreign.requests).toHaveLength(0)
        expect(requestsTo("/products")).toHaveLength(1)
      } finally {
        hub.setNextOrigin(undefined)
        await foreign.close()
      }
    })
  })

  describe("4xx and 5xx", () => {
    it("an acknowledgement the hub answered 404 (already acknowledged) still reaches the hub once the order is queued again", async () => {
      const client = clientFor()
      const order = hub.createOrder(testOrder(["SKU-1"]))
      expect((await client.nextQueuedOrder())?.code).toBe(order.code)
      await client.acknowledgeQueuedOrder(order.code)
      // A second consumer's acknowledgement of the same entry: not queued, done all the same.
      await client.acknowledgeQueuedOrder(order.code)
      // The marketplace approves it: queued again, handed out, acknowledged.
      hub.marketplaceApprove(order.code)
      expect((await client.nextQueuedOrder())?.code).toBe(order.code)
      await client.acknowledgeQueuedOrder(order.code)
      expect(requestsTo(`/queues/orders/${encodeURIComponent(order.code)}`).map((entry) => entry.status)).toEqual([200, 404, 200])
      expect(hub.queueDepth()).toBe(0)
    })

    it("never repeats a request the hub rejected, and counts the 4xx", async () => {
      const client = clientFor()
      const first = await client.updateProduct("NO-SUCH-SKU", { qty: 1 }).catch((error) => error)
      expect(first).toBeInstanceOf(HubRejectedError)
      expect(first.status).toBe(404)
      const second = await client.updateProduct("NO-SUCH-SKU", { qty: 1 }).catch((error) => error)
      expect(second).toBeInstanceOf(HubRejectedError)
      expect(second.repeated).toBe(true)
      expect(requestsTo("/products/NO-SUCH-SKU")).toHaveLength(1)

      // A changed request is a new request.
      await client.updateProduct("NO-SUCH-SKU", { qty: 2 }).catch(() => undefined)
      expect(requestsTo("/products/NO-SUCH-SKU")).toHaveLength(2)

      // A move the order's status does not allow: 422, with the hub's reason, sent once.
      const order = hub.createOrder(testOrder(["SKU-1"]))
      const move = () => client.deliverOrder(order.code)
      const refused = await move().catch((error) => error)
      expect(refused).toBeInstanceOf(HubRejectedError)
      expect(refused.status).toBe(422)
      await move().catch(() => undefined)
      expect(requestsTo(`/orders/${encodeURIComponent(order.code)}/delivery`)).toHaveLength(1)

      const figures = client.figures()
      expect(figures.byEndpoint["PUT /products/{sku}"].answers["404"]).toBe(2)
      expect(figures.byEndpoint["PUT /products/{sku}"].refusedRepeats).toBe(1)
      expect(figures.byEndpoint["POST /orders/{code}/delivery"].answers["422"]).toBe(1)
      expect(figures.clientErrors).toBe(3)
    })

    it("sends a refused request again only after a write to the same product succeeded (its cause may be corrected)", async () => {
      const client = clientFor()
      hub.upsertProducts([{ sku: "PROMO-1", qty: 1, price: 50 }])
      const sale = () => client.updateProduct("PROMO-1", { promotional_price: 79.9 })
      expect(await sale().catch((error) => error.status)).toBe(422)
      expect(await sale().catch((error) => error.repeated)).toBe(true)
      expect(requestsTo("/products/PROMO-1")).toHaveLength(1)

      await client.updateProduct("PROMO-1", { price: 100 })
      await sale()
      expect(hub.getProduct("PROMO-1")).toMatchObject({ price: 100, promotional_price: 79.9 })
      expect(requestsTo("/products/PROMO-1")).toHaveLength(3)
    })

    it("retries a 5xx on a request safe to repeat, then reports it", async () => {
      hub.setFaults({ errorRate: 1 })
      const client = clientFor({ maxRetries: 2 })
      const error = await client.getProduct("SKU-1").catch((caught) => caught)
      expect(error).toBeInstanceOf(HubUnavailableError)
      expect(requestsTo("/products/SKU-1")).toHaveLength(3)
      expect(client.figures().byEndpoint["GET /products/{sku}"].retries).toBe(2)
    })

    it("gets through intermittent 5xx and dropped connections", async () => {
      hub.setFaults({ errorRate: 0.3, dropRate: 0.2, seed: 7 })
      const client = clientFor({ maxRetries: 6 })
      for (let i = 0; i < 20; i++) {
        expect((await client.getProduct("SKU-3"))?.sku).toBe("SKU-3")
      }
      expect(client.figures().serverErrors + client.figures().networkFaults).toBeGreaterThan(0)
    })

    it("never resends an order move whose outcome is unknown, and says so", async () => {
      const client = clientFor({ maxRetries: 3 })
      const order = hub.createOrder(testOrder(["SKU-1"]))
      hub.setFaults({ errorRate: 1 })
      const failed = await client.cancelOrder(order.code).catch((caught) => caught)
      expect(failed).toBeInstanceOf(HubUnavailableError)
      expect(failed.outcomeUnknown).toBe(true)
      hub.setFaults({ dropRate: 1 })
      const dropped = await client.cancelOrder(order.code).catch((caught) => caught)
      expect(dropped).toBeInstanceOf(HubUnavailableError)
      expect(dropped.outcomeUnknown).toBe(true)
      expect(requestsTo(`/orders/${encodeURIComponent(order.code)}/cancel`)).toHaveLength(2)
    })

    it("gives up on a hub that does not answer within the timeout", async () => {
      hub.setFaults({ latencyMs: 1500 })
      const client = clientFor({ requestTimeoutMs: 300, maxRetries: 1 })
      const error = await client.getProduct("SKU-1").catch((caught) => caught)
      expect(error).toBeInstanceOf(HubUnavailableError)
      expect(error.message).toContain("timeout")
    })

    it("a hub that is down: connection refused, reported after retries", async () => {
      const down = await startRecordingServer()
      await down.close()
      const client = new HubClient({ baseUrl: down.origin, ...hub.credentials, retryBaseDelayMs: 5, maxRetries: 2 })
      clients.push(client)
      const error = await client.listStatuses().catch((caught) => caught)
      expect(error).toBeInstanceOf(HubUnavailableError)
      expect(error.outcomeUnknown).toBe(false)
      expect(client.figures().networkFaults).toBe(3)
    })
  })

  describe("credentials", () => {
    it("never appear in an error, its serialised form, or a log line, even when the hub echoes them", async () => {
      const echo = await startRecordingServer((req, res) => {
        const status = req.url?.startsWith("/statuses") ? 403 : 503
        res.writeHead(status, { "content-type": "application/json" })
        res.end(JSON.stringify({ error: `bad key ${req.headers["x-api-key"]} for ${req.headers["x-user-email"]} / ${req.headers["x-accountmanager-key"]}` }))
      })
      try {
        const client = new HubClient({ baseUrl: echo.origin, ...hub.credentials, retryBaseDelayMs: 5, maxRetries: 1 }, log.logger)
        clients.push(client)
        const errors = [
          await client.listStatuses().catch((caught) => caught),
          await client.getProduct("SKU-1").catch((caught) => caught),
          await client.cancelOrder("X-1").catch((caught) => caught),
        ]
        expect(errors[0]).toBeInstanceOf(HubRejectedError)
        expect(errors[0].message).toContain("[redacted]")
        // The echo server did receive them: the check below is not vacuous.
        expect(echo.requests[0].headers["x-api-key"]).toBe(hub.credentials.apiKey)
        for (const error of errors) {
          const forms = [error.message, String(error), JSON.stringify(error), inspect(error), error.stack ?? ""]
          for (const form of forms) {
            for (const secret of Object.values(hub.credentials)) expect(form).not.toContain(secret)
          }
        }
        const figures = JSON.stringify(client.figures())
        for (const secret of Object.values(hub.credentials)) expect(figures).not.toContain(secret)
      } finally {
        await echo.close()
      }
    })
  })
})

/** A plain HTTP server on loopback that records what reaches it (a foreign host, an echoing hub). */
async function startRecordingServer(handler?: http.RequestListener) {
  const requests: http.IncomingMessage[] = []
  const server = http.createServer((req, res) => {
    requests.push(req)
    if (handler) return handler(req, res)
    res.writeHead(200, { "content-type": "application/json" })
    res.end("{}")
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
