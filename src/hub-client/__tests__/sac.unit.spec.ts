import { hubOutcome } from "../errors"
import { HubSac } from "../sac"
import type { HubCall } from "../hub-call"
import type { HubTransport } from "../transport"

/*
 * The SAC answers read liberally (src/hub-client/sac-schemas.ts): null, "" and a missing key absent, each entry
 * read alone, the listing under any envelope, the author's name and e-mail never read.
 */

/** A transport answering each path with a body, parsed by the call's own schema, as the real one does. */
function answering(bodies: Record<string, unknown[]>) {
  const calls: HubCall<unknown>[] = []
  const transport = {
    send: async (call: HubCall<unknown>) => {
      calls.push(call)
      const key = `${call.path}${call.query?.toString() ? `?${call.query}` : ""}`
      const body = bodies[key]?.shift()
      return call.response ? call.response.parse(body) : undefined
    },
  }
  return { sac: new HubSac(transport as unknown as HubTransport), calls }
}

describe("HubSac, read liberally", () => {
  it("reads a page under any envelope: null, \"\" and missing are absent, a ticket without a code set aside alone", async () => {
    const { sac } = answering({
      "/sac": [
        {
          tickets: [
            { code: 101, order_code: "Loja-1", status: "UNREAD", mediation: "false", warehouse: 98, action: "RETURN", cause: { id: "ARP", name: "", reason: { id: 183, name: "Comprei errado" } }, created_at: "" },
            { code: "", order_code: "Loja-2" },
            { code: "102", order_code: null, status: null, action: { id: "CANCEL", name: null }, mediation: "talvez" },
          ],
          next_page: "",
        },
      ],
    })
    const page = await sac.page()
    expect(page.nextPage).toBeNull()
    expect(page.setAside).toEqual([expect.stringContaining("code")])
    expect(page.tickets).toEqual([
      { code: "101", orderCode: "Loja-1", status: "UNREAD", platform: null, mediation: false, warehouse: "98", action: { id: "RETURN" }, cause: { id: "ARP", name: null, reason: { id: "183", name: "Comprei errado" } }, createdAt: null, updatedAt: null },
      { code: "102", orderCode: null, status: null, platform: null, mediation: null, warehouse: null, action: { id: "CANCEL" }, cause: null, createdAt: null, updatedAt: null },
    ])
  })

  it("reads a bare list, and a body of another shape as no tickets", async () => {
    const { sac } = answering({ "/sac": [[{ code: "7" }], { message: "nada" }] })
    expect((await sac.page()).tickets.map((ticket) => ticket.code)).toEqual(["7"])
    expect(await sac.page()).toEqual({ tickets: [], setAside: [], nextPage: null })
  })

  it("reads chats without the author's name or e-mail, either spelling of replied, a message without text set aside alone", async () => {
    const { sac } = answering({
      "/sac/101/chats": [
        {
          chats: [
            {
              type: "CUSTOMER_SELLER",
              seller_status: "UNREAD",
              messages: [
                { created_at: "2030-01-01T10:00:00Z", replied_at: "2030-01-01T11:00:00Z", content: "Oi", part: { role: "CUSTOMER", name: "Ana Souza", email: "ana@example.com" } },
                { created_at: "2030-01-01T12:00:00Z", content: null, part: { role: "CUSTOMER" } },
                { created_at: null, replyed_at: "", content: "Sem data", part: null },
              ],
            },
            null,
          ],
        },
      ],
    })
    const { chats, setAside } = await sac.chats("101")
    expect(setAside).toHaveLength(1)
    expect(chats).toHaveLength(1)
    expect(chats[0]).toMatchObject({ parts: "CUSTOMER_SELLER", sellerStatus: "UNREAD", status: null, setAside: [expect.any(String)] })
    expect(chats[0].messages).toEqual([
      { createdAt: "2030-01-01T10:00:00Z", repliedAt: "2030-01-01T11:00:00Z", content: "Oi", role: "CUSTOMER" },
      { createdAt: null, repliedAt: null, content: "Sem data", role: null },
    ])
    expect(JSON.stringify(chats)).not.toMatch(/Ana Souza|ana@example/)
  })

  it("walks pages by next_page and stops, incomplete, on a cursor given twice", async () => {
    const { sac, calls } = answering({
      "/sac": [{ sac: [{ code: "1" }], next_page: "abc" }],
      "/sac?next_page=abc": [{ sac: [{ code: "2" }], next_page: "def" }],
      "/sac?next_page=def": [{ sac: [{ code: "3" }], next_page: "abc" }],
    })
    const codes: string[] = []
    const walk = async () => {
      for await (const page of sac.all()) codes.push(...page.tickets.map((ticket) => ticket.code))
    }
    const failure = await walk().catch((error) => error)
    expect(codes).toEqual(["1", "2", "3"])
    expect(hubOutcome(failure)).toMatchObject({ kind: "incomplete" })
    expect(calls).toHaveLength(3)
  })

  it("refuses an empty answer before sending it", async () => {
    const { sac, calls } = answering({})
    expect(hubOutcome(await sac.answer("1", "CUSTOMER_SELLER", "   ").catch((error) => error))).toMatchObject({ kind: "refused", sent: false })
    expect(calls).toHaveLength(0)
  })
})
