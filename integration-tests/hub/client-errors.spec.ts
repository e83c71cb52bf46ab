import { inspect } from "node:util"
import { HubClient, HubInvalidRequestError, HubRefusedError, HubUnavailableError } from "../../src/hub-client"
import type { SandboxHub } from "../../src/sandbox"
import { clientAgainstSandbox, clientTestOrder as testOrder, startRecordingServer } from "../helpers/hub-client-sandbox"

/*
 * The hub client against the sandbox hub over loopback HTTP: what it does with 4xx, 5xx, dropped
 * connections and a hub that is down, and that no credential ever leaves it in an error or a log.
 */

jest.setTimeout(60_000)

describe("hub client against the sandbox hub over HTTP: errors and credentials", () => {
  const { hub: currentHub, clientFor, track, log } = clientAgainstSandbox()
  let hub: SandboxHub
  beforeEach(() => {
    hub = currentHub()
  })

  const requestsTo = (path: string) => hub.requestLog().filter((entry) => entry.path.split("?")[0] === path)

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

    it("never repeats a request the hub refused, and counts the 4xx", async () => {
      const client = clientFor()
      const first = await client.updateProduct("NO-SUCH-SKU", { qty: 1 }).catch((error) => error)
      expect(first).toBeInstanceOf(HubRefusedError)
      expect(first.status).toBe(404)
      const second = await client.updateProduct("NO-SUCH-SKU", { qty: 1 }).catch((error) => error)
      expect(second).toBeInstanceOf(HubRefusedError)
      expect(second.repeated).toBe(true)
      expect(requestsTo("/products/NO-SUCH-SKU")).toHaveLength(1)

      // A changed request is a new request.
      await client.updateProduct("NO-SUCH-SKU", { qty: 2 }).catch(() => undefined)
      expect(requestsTo("/products/NO-SUCH-SKU")).toHaveLength(2)

      // A move the order's status does not allow: 422, with the hub's reason, sent once.
      const order = hub.createOrder(testOrder(["SKU-1"]))
      const move = () => client.deliverOrder(order.code)
      const refused = await move().catch((error) => error)
      expect(refused).toBeInstanceOf(HubRefusedError)
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
      track(client)
      const error = await client.listStatuses().catch((caught) => caught)
      expect(error).toBeInstanceOf(HubUnavailableError)
      expect(error.outcomeUnknown).toBe(false)
      expect(client.figures().networkFaults).toBe(3)
    })
  })

  describe("SKUs that cannot stand in a path", () => {
    // `/products/.` is `/products/`, `/products/..` the hub's root: a request for one of them reaches
    // another resource, or a product other than the one meant.
    it.each(["", ".", "..", " SKU-1", "SKU-1 ", "\tSKU-1\n"])("%j: every product and variation path refuses it before anything is sent", async (sku) => {
      const client = clientFor()
      const calls = [
        () => client.getProduct(sku),
        () => client.updateProduct(sku, { qty: 1 }),
        () => client.updateProduct(sku, { qty: 1 }, "variations"),
        () => client.addVariation(sku, { sku: "SKU-1-V", qty: 1 }),
      ]
      for (const call of calls) {
        const error = await call().catch((caught) => caught)
        expect(error).toBeInstanceOf(HubInvalidRequestError)
        expect(error.message).toContain(`sku: ${JSON.stringify(sku)} cannot name a hub product in a URL`)
      }
      expect(hub.requestLog()).toHaveLength(0)
      expect(client.figures().byEndpoint).toEqual({})
    })

    it("a product or variation created with the SKU `.` or `..` is refused too: no later path could name it", async () => {
      const client = clientFor()
      const created = await client.createProduct({ sku: "..", name: "Ponto", description: "Ponto ponto", price: 10 }).catch((caught) => caught)
      expect(created).toBeInstanceOf(HubInvalidRequestError)
      expect(created.message).toContain("sku: ")
      expect(created.message).toContain("cannot name a hub product in a URL")
      const added = await client.addVariation("SKU-1", { sku: ".", qty: 1 }).catch((caught) => caught)
      expect(added).toBeInstanceOf(HubInvalidRequestError)
      expect(hub.requestLog()).toHaveLength(0)
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
        track(client)
        const errors = [
          await client.listStatuses().catch((caught) => caught),
          await client.getProduct("SKU-1").catch((caught) => caught),
          await client.cancelOrder("X-1").catch((caught) => caught),
        ]
        expect(errors[0]).toBeInstanceOf(HubRefusedError)
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
