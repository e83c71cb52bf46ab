import type { SandboxHub } from "../../src/sandbox"
import { waitUntil } from "../helpers/eventually"
import { credentialHeaders, GENEROUS, orderPath, sandboxOverHttp, testOrder, type Reply } from "../helpers/sandbox-http"

/*
 * The sandbox hub over real loopback HTTP (fetch, no mocks): every refusal the hub makes, the
 * order state machine end to end, cursor paging and rate limiting (its catalogue, faults and
 * control endpoints: sandbox-products.spec.ts).
 */

jest.setTimeout(20_000)

/** Resolves just after the next counting window of `windowMs` begins (the sandbox's windows are fixed on the clock), so a burst lands in one window. */
const windowStart = (windowMs: number) => {
  const current = Math.floor(Date.now() / windowMs)
  return waitUntil("the next counting window", () => Math.floor(Date.now() / windowMs) > current, { timeoutMs: windowMs * 3, intervalMs: 2 })
}

describe("sandbox hub over HTTP", () => {
  const { hub: currentHub, anotherHub, call, placeOrder } = sandboxOverHttp()
  let hub: SandboxHub
  beforeEach(() => {
    hub = currentHub()
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
    it("lists the standard statuses, the 2025 codes (types outside the seven among them), the account's custom ones; tidy, the seven and custom ones", async () => {
      const control = await fetch(`${hub.url}/_sandbox/statuses`, {
        method: "POST",
        body: JSON.stringify({ code: "aguardando_pix", label: "Aguardando PIX", type: "NEW" }),
      })
      expect(control.status).toBe(201)
      const reply = await call("GET", "/statuses")
      expect(reply.status).toBe(200)
      expect(reply.body).toHaveLength(7 + 7 + 1 + 1)
      expect(reply.body).toContainEqual({ code: "book_product", label: "NEW - Pagamento Pendente (Sandbox)", type: "NEW" })
      expect(reply.body).toContainEqual({ code: "aguardando_pix", label: "Aguardando PIX", type: "NEW" })
      expect(reply.body).toContainEqual({ code: "aprovado", label: "Aprovado pela loja", type: "APPROVED" })
      expect(reply.body).toContainEqual({ code: "has_incident", label: "Pedido com incidente", type: "INCIDENT" })
      expect(reply.body).toContainEqual({ code: "returned", label: "Devolvido", type: "RETURNED" })
      expect(hub.statuses()).toEqual(reply.body)

      const tidy = await anotherHub({ answers: "tidy" })
      tidy.addStatus({ code: "aguardando_pix", label: "Aguardando PIX", type: "NEW" })
      const tidyStatuses = (await call("GET", "/statuses", {}, tidy)).body as Array<{ code: string; type: string }>
      expect(tidyStatuses).toHaveLength(8)
      expect(new Set(tidyStatuses.map((status) => status.type))).toEqual(new Set(["NEW", "APPROVED", "CANCELED", "INVOICED", "SHIPPED", "DELIVERED", "SHIPMENT_EXCEPTION"]))
    })

    it("creates a test order (201, unwrapped, full representation as real hubs write it) readable by its URL-encoded code", async () => {
      const created = await call("POST", "/orders", { body: { order: testOrder() } })
      expect(created.status).toBe(201)
      expect(created.body).toMatchObject({
        code: "Loja Exemplo-1",
        status: { code: "book_product", type: "NEW" },
        total_ordered: 115.5,
        discount: null,
        import_info: { remote_code: "02-1" },
        expedition_limit_date: expect.any(String),
        items: [{ id: "SKU-1", product_id: "SKU-1", name: "Camiseta", qty: 2, original_price: 50, shipping_cost: null, promotions: [] }],
        customer: { vat_number: "12345678909", phones: ["11 99999-8888"] },
        shipping_address: { postcode: "01310-100", complement: null, reference: null },
        // The sandbox reports one card payment of the total, as marketplaces do; no status until approved.
        payments: [{ method: "credit_card", value: 115.5, parcels: 1, status: null, transaction_date: null }],
        invoices: [],
        shipments: [],
      })
      expect(created.body.items[0]).not.toHaveProperty("special_price")
      expect(Date.parse(created.body.placed_at)).toBeGreaterThan(Date.now() - 60_000)

      const read = await call("GET", orderPath("Loja Exemplo-1"))
      expect(read).toMatchObject({ status: 200, body: created.body })
      expect((await call("GET", orderPath("Loja Exemplo-2"))).status).toBe(404)
    })

    it("answers the tidy shapes when started so or switched (PUT /_sandbox/answers), and back on reset", async () => {
      const tidy = await anotherHub({ answers: "tidy" })
      tidy.upsertProducts([{ sku: "SKU-1", qty: 10, name: "Camiseta", price: 50 }])
      const placed = await call("POST", "/orders", { body: { order: testOrder() } }, tidy)
      expect(placed.body).toMatchObject({ discount: 0, customer: { phones: ["11999998888"] }, items: [{ special_price: 50 }], payments: [{ status: "pending" }] })
      expect(placed.body).not.toHaveProperty("import_info")

      const switched = await fetch(`${hub.url}/_sandbox/answers`, { method: "PUT", body: JSON.stringify({ answers: "tidy" }) })
      expect(switched.status).toBe(200)
      const code = await placeOrder()
      expect(hub.getOrder(code)).toMatchObject({ discount: 0, shipping_address: { postcode: "01310100" } })
      const wrong = await fetch(`${hub.url}/_sandbox/answers`, { method: "PUT", body: JSON.stringify({ answers: "neat" }) })
      expect(wrong.status).toBe(422)
      expect((await wrong.json()).error).toMatch(/^answers/)
      hub.reset()
      hub.upsertProducts([{ sku: "SKU-1", qty: 10, name: "Camiseta", price: 50 }])
      expect(hub.getOrder(await placeOrder())?.discount).toBeNull()
    })

    it("takes a NEW order without its shipping address, answered null until approval brings the billing address", async () => {
      const { shipping_address: _none, ...withoutAddress } = testOrder()
      const created = await call("POST", "/orders", { body: { order: withoutAddress } })
      expect(created.status).toBe(201)
      expect(created.body.shipping_address).toBeNull()
      const approved = await call("POST", orderPath(created.body.code, "approval"), { body: { status: "payment_received" } })
      expect(approved.body.shipping_address).toEqual(approved.body.billing_address)
    })

    it("refuses, whatever it answers, a body in the answers' looser formats, naming the field (docs/hub-interface.md §2.2)", async () => {
      const order = testOrder()
      const formattedPhone = await call("POST", "/orders", { body: { order: { ...order, customer: { ...order.customer, phones: ["(11) 99999-8888"] } } } })
      expect(formattedPhone.status).toBe(422)
      expect(formattedPhone.body.error).toMatch(/^order\.customer\.phones\.0: phone must hold digits only/)
      const dashedCep = await call("POST", "/orders", { body: { order: { ...order, shipping_address: { ...order.shipping_address, postcode: "01310-100" } } } })
      expect(dashedCep.status).toBe(422)
      expect(dashedCep.body.error).toMatch(/^order\.shipping_address\.postcode/)
      const nullDetail = await call("POST", "/orders", { body: { order: { ...order, billing_address: { ...order.billing_address, detail: null } } } })
      expect(nullDetail.status).toBe(422)
      expect(nullDetail.body.error).toMatch(/^order\.billing_address\.detail/)
      expect(hub.orderCodes()).toEqual([])
    })

    it("lets the marketplace put an order in a 2025 code of a type outside the seven (POST /_sandbox/orders/<code>/status), from which no merchant move goes", async () => {
      const code = await placeOrder()
      const moved = await fetch(`${hub.url}/_sandbox${orderPath(code, "status")}`, { method: "POST", body: JSON.stringify({ status: "has_incident" }) })
      expect(moved.status).toBe(200)
      expect((await call("GET", orderPath(code))).body.status).toEqual({ code: "has_incident", label: "Pedido com incidente", type: "INCIDENT" })
      const refused = await call("POST", orderPath(code, "cancel"), { body: { status: "order_canceled" } })
      expect(refused.status).toBe(422)
      expect(refused.body.error).toContain("from status has_incident (INCIDENT)")
      const unknown = await fetch(`${hub.url}/_sandbox${orderPath(code, "status")}`, { method: "POST", body: JSON.stringify({ status: "nope" }) })
      expect(unknown.status).toBe(422)
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
    const invoice = { key: "35250312345678000190550010000012341000012340" }
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

})
