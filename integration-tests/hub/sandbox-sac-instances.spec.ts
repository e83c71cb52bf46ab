import { sampleNfeKey } from "../../src/sandbox/sample-nfe"
import { sandboxOverHttp, testOrder } from "../helpers/sandbox-http"

/*
 * The sandbox's instances (docs/sandbox.md, After-sale: SAC; src/sandbox/sac-instances.ts) over loopback
 * HTTP: the record's fields only, the ticket's lines, one instance a ticket, a cancel only before the goods
 * leave (which cancels the hub order), a return or exchange only after, and the marketplace moving one on.
 */

jest.setTimeout(60_000)

describe("the sandbox hub's SAC instances", () => {
  const { hub: currentHub, call } = sandboxOverHttp()
  const control = (method: string, path: string, body?: unknown) => call(method, `/_sandbox${path}`, { body, auth: {} })
  const line = { id: "1", sku_id: "SKU-1", product_id: "SKU-1", quantity: 1 }
  const instance = (action: string, extra: Record<string, unknown> = {}) => ({ action: { id: action }, cause: { id: "ARP", reason: { id: "183" } }, items: [line], ...extra })

  /** `invoicedAt`: the order invoiced first (through the hub's API), its NF-e issued then. */
  async function ticketOn(status: "approved" | "shipped", invoicedAt?: Date) {
    const hub = currentHub()
    const { code: order } = hub.createOrder(testOrder({ items: [{ id: "SKU-1", qty: 2 }] }))
    hub.marketplaceApprove(order)
    if (invoicedAt) {
      const invoiced = await call("POST", `/orders/${order}/invoice`, { body: { status: "order_invoiced", invoice: { key: sampleNfeKey(1), issue_date: invoicedAt.toISOString() } } })
      expect(invoiced.status).toBeLessThan(300)
    }
    if (status === "shipped") hub.marketplaceSetStatus(order, "order_shipped")
    const opened = await control("POST", "/sac", { order_code: order, items: [{ sku: "SKU-1", quantity: 1 }], message: { content: "Olá" } })
    expect(opened.status).toBe(201)
    return { order, code: opened.body.code as string }
  }

  it("takes the record's fields only, lines of the ticket at most its quantities, and one instance a ticket", async () => {
    const { code } = await ticketOn("shipped")
    const open = (body: unknown) => call("POST", `/sac/${code}/instances`, { body })
    expect(await open({ ...instance("RETURN"), surprise: 1 })).toMatchObject({ status: 422 })
    expect(await open(instance("REFUND"))).toMatchObject({ status: 422, body: { error: expect.stringContaining("action") } })
    expect(await open({ ...instance("RETURN"), items: [{ ...line, sku_id: "SKU-9" }] })).toMatchObject({ status: 422, body: { error: expect.stringContaining("items.0") } })
    expect(await open({ ...instance("RETURN"), items: [{ ...line, quantity: 2 }] })).toMatchObject({ status: 422, body: { error: expect.stringContaining("items.0.quantity") } })
    expect((await call("GET", `/sac/${code}/instances`)).body).toEqual([])

    const taken = await open(instance("RETURN", { refunds: [{ id: "CREDIT_CARD", group: "ORIGINAL_PAYMENT" }], additional_note: "Coleta agendada" }))
    expect(taken.status).toBe(201)
    expect(taken.body).toEqual({
      id: expect.any(String),
      action: { id: "RETURN", name: "Devolução" },
      cause: { id: "ARP", name: null, reason: { id: "183", name: null } },
      items: [line],
      refunds: [{ id: "CREDIT_CARD", name: "Cartão de crédito", status: "PENDING", value: expect.any(Number) }],
      additional_note: "Coleta agendada",
      invoice: null,
      status: "PENDING",
      start_task_date: expect.any(String),
    })
    expect((await call("GET", `/sac/${code}/instances`)).body).toEqual([taken.body])
    expect(await open(instance("EXCHANGE"))).toMatchObject({ status: 422, body: { error: expect.stringContaining("already has an instance") } })

    // The marketplace moves it on.
    expect((await control("PUT", `/sac/${code}/instances/${taken.body.id}`, { status: "RECEIVED", refundStatus: "REFUNDED" })).body).toMatchObject({ status: "RECEIVED", refunds: [{ status: "REFUNDED" }] })
  })

  it("cancels only before the goods leave, canceling the hub order; returns and exchanges only after they left", async () => {
    const before = await ticketOn("approved")
    expect(await call("POST", `/sac/${before.code}/instances`, { body: instance("RETURN") })).toMatchObject({ status: 422, body: { error: expect.stringContaining("ainda não foi enviado") } })
    const canceled = await call("POST", `/sac/${before.code}/instances`, { body: instance("CANCEL") })
    expect(canceled.body).toMatchObject({ status: "CANCELLED", refunds: [{ id: "CREDIT_CARD", status: "REFUNDED" }] })
    expect(currentHub().getOrder(before.order)?.status).toMatchObject({ type: "CANCELED" })

    const after = await ticketOn("shipped")
    expect(await call("POST", `/sac/${after.code}/instances`, { body: instance("CANCEL") })).toMatchObject({ status: 422, body: { error: expect.stringContaining("já foi enviado") } })
    expect((await call("POST", `/sac/${after.code}/instances`, { body: instance("EXCHANGE") })).body).toMatchObject({ status: "PENDING", refunds: [] })
    expect(currentHub().getOrder(after.order)?.status).toMatchObject({ type: "SHIPPED" })
  })

  it("asks a return or an exchange of an order whose NF-e was issued 24 h or more before for the return NF-e (invoice.key), and takes it", async () => {
    const dayAndAHourAgo = new Date(Date.now() - 25 * 3_600_000)
    const { code } = await ticketOn("shipped", dayAndAHourAgo)
    const open = (body: unknown) => call("POST", `/sac/${code}/instances`, { body })
    expect(await open(instance("RETURN"))).toMatchObject({ status: 422, body: { error: expect.stringContaining("pede a NF-e de devolução (invoice.key)") } })
    expect(await open(instance("EXCHANGE"))).toMatchObject({ status: 422, body: { error: expect.stringContaining("troca pede a NF-e de devolução") } })
    expect(await open(instance("RETURN", { invoice: { key: "123" } }))).toMatchObject({ status: 422, body: { error: expect.stringContaining("invoice.key") } })
    const key = sampleNfeKey(2)
    const taken = await open(instance("RETURN", { invoice: { key } }))
    expect(taken).toMatchObject({ status: 201, body: { status: "PENDING", invoice: { key } } })

    // Within the 24 h, none is asked.
    const recent = await ticketOn("shipped", new Date())
    expect(await call("POST", `/sac/${recent.code}/instances`, { body: instance("RETURN") })).toMatchObject({ status: 201 })
  })
})
