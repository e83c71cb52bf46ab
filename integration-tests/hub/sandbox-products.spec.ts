import http from "node:http"
import { startSandboxHub, type SandboxHub } from "../../src/sandbox"
import { credentialHeaders, GENEROUS, orderPath, sandboxOverHttp } from "../helpers/sandbox-http"

/*
 * The sandbox hub over real loopback HTTP (fetch, no mocks): its catalogue, fault injection and
 * control endpoints (its orders, credentials and rate limits: sandbox.spec.ts).
 */

jest.setTimeout(20_000)

describe("sandbox hub over HTTP: products, faults, control", () => {
  const { hub: currentHub, anotherHub, call } = sandboxOverHttp()
  let hub: SandboxHub
  beforeEach(() => {
    hub = currentHub()
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
        ["/products/SKU-1", { product: { qty: 2, promotional_price: 51 } }, "product.promotional_price: 51 must not be above price (50)"],
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

    it("keeps the hub's price rules: a cut of half or more refused, and (the 2025 product model, by default) no zero or empty price, in the hub's words", async () => {
      const put = (product: object) => call("PUT", "/products/SKU-1", { body: { product } })
      expect(await put({ price: 25 })).toMatchObject({ status: 422, body: { error: "Não é permitida uma redução de preço maior ou igual a 50%" } })
      expect(await put({ promotional_price: 25 })).toMatchObject({ status: 422 })
      expect(await put({ promotional_price: null })).toMatchObject({ status: 422, body: { error: "O preço e o preço promocional não podem ser zero nem vazios" } })
      expect(await put({ promotional_price: 0 })).toMatchObject({ status: 422 })
      expect(hub.getProduct("SKU-1")).toMatchObject({ price: 50, promotional_price: null })
      // Under half, then under half of that: two steps reach what one could not.
      expect((await put({ price: 25.01 })).status).toBe(204)
      expect((await put({ price: 12.51 })).status).toBe(204)
      // The price itself as the sale price: no sale, on the 2025 model.
      expect((await put({ promotional_price: 12.51 })).status).toBe(204)
      // The older model takes null as no sale, and refuses a sale price not below the price.
      hub.setPriceRules({ maxCutPercent: null, productModel: "legacy" })
      expect(await put({ price: 12 })).toMatchObject({ status: 422, body: { error: expect.stringContaining("promotional_price must be lower than price") } })
      expect((await put({ price: 1, promotional_price: null })).status).toBe(204)
      expect(await put({ promotional_price: 1 })).toMatchObject({ status: 422, body: { error: expect.stringContaining("promotional_price must be lower than price") } })
      expect((await put({ promotional_price: 0.5 })).status).toBe(204)
    })

    it("lists and serves the prices and status seeded through the control endpoint, promotional_price null to clear (a hub on the legacy model)", async () => {
      hub.setPriceRules({ productModel: "legacy" })
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
