import {
  HubDeepPagingError,
  HubRateLimitedError,
  HubNotSentError,
} from "../../src/hub-client"
import type { SandboxHub } from "../../src/sandbox"
import { clientAgainstSandbox, clientTestOrder as testOrder, FAST, startRecordingServer } from "../helpers/hub-client-sandbox"

/*
 * The hub client against the sandbox hub over loopback HTTP: every endpoint, the silence after a 429,
 * and the listings' paging (its errors and credentials: client-errors.spec.ts).
 */

jest.setTimeout(60_000)

describe("hub client against the sandbox hub over HTTP", () => {
  const { hub: currentHub, clientFor, restartHub } = clientAgainstSandbox()
  let hub: SandboxHub
  beforeEach(() => {
    hub = currentHub()
  })

  const requestsTo = (path: string) => hub.requestLog().filter((entry) => entry.path.split("?")[0] === path)

  describe("every endpoint round-trips", () => {
    it("statuses, test orders and every order move", async () => {
      const client = clientFor()
      const { statuses } = await client.listStatuses()
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
      expect((await client.invoiceOrder(created.code, { key: `${"3".repeat(43)}6` })).status.type).toBe("INVOICED")
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
      await client.invoiceOrder(order.code, { key: `${"1".repeat(43)}2` })
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
      await expect(client.createTestOrder(testOrder(["SKU-1"]))).rejects.toBeInstanceOf(HubNotSentError)
      await expect(client.approveTestOrder("Loja Exemplo-1")).rejects.toBeInstanceOf(HubNotSentError)
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
      hub = await restartHub({ rateLimits: { ...FAST, "GET /statuses": { limit: 1, windowMs: 2000 } }, retryAfterHeader: true })
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
        await expect(walk()).rejects.toBeInstanceOf(HubNotSentError)
        expect(foreign.requests).toHaveLength(0)
        expect(requestsTo("/products")).toHaveLength(1)
      } finally {
        hub.setNextOrigin(undefined)
        await foreign.close()
      }
    })
  })
})
