import { DEFAULT_RATE_LIMITS } from "../../src/hub-client/endpoints"
import { SAC_PAGE_SIZE } from "../../src/sandbox/sac"
import { sandboxOverHttp, testOrder } from "../helpers/sandbox-http"

/*
 * The sandbox's SAC (docs/hub-public-facts.md, After-sale; src/sandbox/sac.ts) over loopback HTTP: a
 * ticket opened for an order through the control routes, the buyer writing, the listing by its cursor
 * and its quirks, a ticket's chats, lines and refunds, the seller's answer (the sandbox's own body,
 * strict), and the SAC limits.
 */

jest.setTimeout(60_000)

describe("the sandbox hub's SAC", () => {
  const { hub: currentHub, call } = sandboxOverHttp()
  const control = (method: string, path: string, body?: unknown) => call(method, `/_sandbox${path}`, { body, auth: {} })

  const openTicket = async (body: Record<string, unknown>) => {
    const reply = await control("POST", "/sac", body)
    expect(reply.status).toBe(201)
    return reply.body.code as string
  }
  const placeOrder = () => currentHub().createOrder(testOrder({ items: [{ id: "SKU-1", qty: 2 }, { id: "SKU-2", qty: 1 }] })).code

  it("opens a ticket for an order with the buyer's message: listed, its chats, lines and refunds served", async () => {
    const order = placeOrder()
    const code = await openTicket({
      order_code: order,
      action: "RETURN",
      items: [{ sku: "SKU-1", quantity: 1 }],
      message: { content: "Quero devolver uma camiseta", buyer: { name: "Ana Souza", email: "ana@example.com" } },
      refunds: [{ id: "CREDIT_CARD", name: "Cartão de crédito", status: "PENDING", value: 50 }],
    })

    const listing = await call("GET", "/sac")
    expect(listing.status).toBe(200)
    expect(listing.body).toEqual({
      sac: [expect.objectContaining({ code, order_code: order, status: "UNREAD", mediation: false, warehouse: "98", action: { id: "RETURN", name: "Devolução" }, created_at: expect.any(String) })],
      next_page: null,
    })

    const chats = await call("GET", `/sac/${code}/chats`)
    expect(chats.body).toEqual([
      {
        parts: "CUSTOMER_SELLER",
        status: "ACTIVE",
        seller_status: "UNREAD",
        last_message: expect.any(String),
        messages: [{ created_at: expect.any(String), replyed_at: null, content: "Quero devolver uma camiseta", part: { role: "CUSTOMER", name: "Ana Souza", email: "ana@example.com", code: expect.any(String) } }],
      },
    ])
    expect((await call("GET", `/sac/${code}/items`)).body).toEqual([{ id: "1", sku_id: "SKU-1", product_id: "SKU-1", name: expect.any(String), quantity: 1 }])
    expect((await call("GET", `/sac/${code}/refunds`)).body).toEqual([{ id: "CREDIT_CARD", name: "Cartão de crédito", status: "PENDING", value: 50 }])
    expect((await call("GET", "/sac/999999/chats")).status).toBe(404)
  })

  it("lists only tickets that have messages; a message written later brings a ticket in", async () => {
    const order = placeOrder()
    const silent = await openTicket({ order_code: order })
    const spoken = await openTicket({ order_code: order, message: { content: "Olá" } })
    expect((await call("GET", "/sac")).body.sac.map((ticket: { code: string }) => ticket.code)).toEqual([spoken])
    // The control route lists every ticket, the silent one too, with its order (tests: which orders a buyer asked about).
    expect((await control("GET", "/sac")).body.sac.map((ticket: { code: string; order_code: string }) => [ticket.code, ticket.order_code])).toEqual([[silent, order], [spoken, order]])

    const written = await control("POST", `/sac/${silent}/messages`, { content: "Ainda não chegou", chat: "CUSTOMER_SELLER" })
    expect(written.status).toBe(201)
    expect((await call("GET", "/sac")).body.sac.map((ticket: { code: string }) => ticket.code)).toEqual([silent, spoken])
  })

  it("pages forward by next_page; status and platform filter the first page only", async () => {
    const order = placeOrder()
    const codes: string[] = []
    for (let index = 0; index < SAC_PAGE_SIZE + 5; index++) codes.push(await openTicket({ order_code: order, platform: index % 2 ? "SHOPTIME" : "B2W", message: { content: `Mensagem ${index}` } }))
    // Every fourth answered by the seller: READ.
    for (const code of codes.filter((_, index) => index % 4 === 0)) {
      expect((await call("POST", `/sac/${code}/chats/CUSTOMER_SELLER`, { body: { message: { content: "Respondido" } } })).status).toBe(201)
    }

    const all: string[] = []
    let page = await call("GET", "/sac")
    all.push(...page.body.sac.map((ticket: { code: string }) => ticket.code))
    expect(page.body.sac).toHaveLength(SAC_PAGE_SIZE)
    page = await call("GET", `/sac?next_page=${page.body.next_page}`)
    all.push(...page.body.sac.map((ticket: { code: string }) => ticket.code))
    expect(page.body.next_page).toBeNull()
    expect(all).toEqual(codes)

    const unread = await call("GET", "/sac?status=UNREAD&platform=B2W")
    const firstPage = unread.body.sac as Array<{ code: string; status: string; platform: string }>
    expect(firstPage.length).toBeGreaterThan(0)
    expect(firstPage.every((ticket) => ticket.status === "UNREAD" && ticket.platform === "B2W")).toBe(true)
    expect(unread.body.next_page).toBeNull()

    // A cursor with filters: the filters are ignored, the listing goes on after the cursor.
    const after = await call("GET", `/sac?status=UNREAD&next_page=${(await call("GET", "/sac")).body.next_page}`)
    expect(after.body.sac.map((ticket: { code: string }) => ticket.code)).toEqual(codes.slice(SAC_PAGE_SIZE))
    expect(after.body.sac.some((ticket: { status: string }) => ticket.status === "READ")).toBe(true)

    expect((await call("GET", "/sac?next_page=bm90LWEtY3Vyc29y")).status).toBe(400)
    expect((await call("GET", "/sac?page=2")).status).toBe(400)
  })

  it("takes the seller's answer in the sandbox's body only, in a chat the seller is a part of", async () => {
    const code = await openTicket({ order_code: placeOrder(), message: { content: "Onde está meu pedido?" } })
    const answer = (body: unknown, parts = "CUSTOMER_SELLER", contentType?: string | null) => call("POST", `/sac/${code}/chats/${parts}`, { body, contentType })

    expect(await answer({ content: "Olá" })).toMatchObject({ status: 422, body: { error: expect.stringContaining("message") } })
    expect(await answer({ message: { content: "" } })).toMatchObject({ status: 422, body: { error: expect.stringContaining("message.content") } })
    expect(await answer({ message: { content: "Olá", extra: 1 } })).toMatchObject({ status: 422 })
    expect((await answer({ message: { content: "Olá" } }, "CUSTOMER_SELLER", "text/plain")).status).toBe(415)
    expect((await answer({ message: { content: "Olá" } }, "B2W_SELLER")).status).toBe(404)
    expect(currentHub().sacTicket(code)!.chats[0].messages).toHaveLength(1)

    const answered = await answer({ message: { content: "Já foi enviado, chega amanhã" } })
    expect(answered.status).toBe(201)
    expect(answered.body).toMatchObject({ parts: "CUSTOMER_SELLER", seller_status: "READ" })
    expect(answered.body.messages.map((message: { part: { role: string }; replyed_at: string | null }) => [message.part.role, message.replyed_at !== null])).toEqual([
      ["CUSTOMER", true],
      ["SELLER", false],
    ])
    expect((await call("GET", "/sac")).body.sac[0].status).toBe("READ")

    // The marketplace writes to the seller in its own chat; the buyer cannot, nor can the seller answer in CUSTOMER_B2W.
    expect((await control("POST", `/sac/${code}/messages`, { chat: "B2W_SELLER", role: "B2W", content: "Favor responder o cliente" })).status).toBe(201)
    expect((await control("POST", `/sac/${code}/messages`, { chat: "B2W_SELLER", content: "Eu também" })).status).toBe(422)
    expect((await control("POST", `/sac/${code}/messages`, { chat: "CUSTOMER_B2W", content: "Para a loja" })).status).toBe(201)
    expect((await answer({ message: { content: "Oi" } }, "CUSTOMER_B2W")).status).toBe(422)
    expect((await call("GET", "/sac")).body.sac[0].status).toBe("UNREAD")

    // Archived: listed so, no answer taken.
    expect((await control("PUT", `/sac/${code}/archive`)).body.status).toBe("ARCHIVED")
    expect((await answer({ message: { content: "Tarde demais" } }, "B2W_SELLER")).status).toBe(422)
  })

  it("refuses a ticket for an order the hub does not hold, or lines the order did not sell", async () => {
    expect((await control("POST", "/sac", { order_code: "Nada-1" })).status).toBe(404)
    const order = placeOrder()
    expect(await control("POST", "/sac", { order_code: order, items: [{ sku: "SKU-9", quantity: 1 }] })).toMatchObject({ status: 422, body: { error: expect.stringContaining("ticket.items.0.sku") } })
    expect(await control("POST", "/sac", { order_code: order, items: [{ sku: "SKU-1", quantity: 3 }] })).toMatchObject({ status: 422, body: { error: expect.stringContaining("ticket.items.0.quantity") } })
    expect(await control("POST", "/sac", { order_code: order, surprise: true })).toMatchObject({ status: 422 })
  })

  it("counts SAC requests 9 per window per method, each method in its own bucket", async () => {
    expect(["GET", "POST", "PUT", "PATCH"].map((method) => DEFAULT_RATE_LIMITS[`${method} /sac`])).toEqual(Array(4).fill({ limit: 9, windowMs: 1000 }))
    const hub = currentHub()
    const code = await openTicket({ order_code: placeOrder(), message: { content: "Olá" } })
    // The published limit over a window long enough that no test run crosses it.
    hub.setRateLimits({ "GET /sac": { ...DEFAULT_RATE_LIMITS["GET /sac"], windowMs: 3_600_000 }, "POST /sac": { ...DEFAULT_RATE_LIMITS["POST /sac"], windowMs: 3_600_000 }, default: { limit: 1000, windowMs: 1000 } })
    const paths = ["/sac", `/sac/${code}/chats`, `/sac/${code}/items`]
    const statuses: number[] = []
    for (let index = 0; index < 10; index++) statuses.push((await call("GET", paths[index % 3])).status)
    expect(statuses).toEqual([...Array(9).fill(200), 429])
    expect((await call("POST", `/sac/${code}/chats/CUSTOMER_SELLER`, { body: { message: { content: "Olá" } } })).status).toBe(201)
    expect(hub.requestLog().map((entry) => entry.bucket).filter((bucket) => bucket.endsWith("/sac"))).toEqual([...Array(10).fill("GET /sac"), "POST /sac"])
  })
})
