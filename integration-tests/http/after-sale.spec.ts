import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { noticeSacUnanswered } from "../../src/notifications/sac-unanswered"
import { eventually } from "../helpers/eventually"
import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import { sampleTestOrder, type SandboxHub } from "../../src/sandbox"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { readSac } from "../../src/sync/sac"
import { adminHeaders } from "../helpers/admin"
import { hubAccountsForStore } from "../helpers/hub-accounts"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"
import { medusaIntegrationTestRunner } from "../helpers/test-runner"

jest.setTimeout(180_000)

/*
 * The marketplace's customer service in Medusa (issue 61, docs/after-sale.md), end to end against the
 * sandbox over HTTP: each account's tickets read by the cursor with their chats, kept per account
 * without the buyer's name or e-mail, a ticket for an order the store never imported kept with the
 * hub's code, and a ticket unchanged on the hub not read again.
 */

const accountHubs = hubAccountsForStore([{ id: "brand-b", salesChannelId: "sc_01HUBAFTERSALEB" }])
const sandbox = sandboxHubForStore()

const BUYER = { name: "Ana Compradora Souza", email: "ana.compradora@example.com" }

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let headers: Awaited<ReturnType<typeof adminHeaders>>
    const hub = () => container.resolve<HubModuleService>(HUB_MODULE)
    const brandB = () => accountHubs.get("brand-b")!

    beforeEach(async () => {
      container = getContainer()
      sandbox.hub.reset()
      brandB().reset()
      sandbox.hub.upsertProducts([{ sku: "SKU-1", qty: 50, name: "Camiseta", price: 59.9 }])
      brandB().upsertProducts([{ sku: "SKU-1", qty: 50, name: "Camiseta", price: 59.9 }])
      await seedStore(container, { products: [{ sku: "SKU-1", stocked: 50 }] })
      headers = await adminHeaders(container)
    })

    const shown = async (query = "") => (await api.get(`/admin/hub/after-sale/tickets${query}`, headers)).data

    const placeOrder = (target: SandboxHub) => target.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 2 }] })).code
    const ticketsOf = async (account: string) => (await hub().listHubSacTickets({ account }, { order: { code: "ASC" } })) as Array<Record<string, any>>

    it("reads a ticket with its chats in order, keeps no buyer's name or e-mail, and reads an unchanged ticket's chats once", async () => {
      const order = placeOrder(sandbox.hub)
      await runOrderImport(container, hub().account("default"))
      const ticket = sandbox.hub.openSacTicket({ order_code: order, action: "RETURN", items: [{ sku: "SKU-1", quantity: 1 }], message: { content: "Quero devolver uma camiseta", buyer: BUYER, at: "2030-06-03T10:00:00.000Z" } })
      sandbox.hub.writeSacMessage(ticket.code, { content: "Alguém pode me responder?", buyer: BUYER, at: "2030-06-03T12:00:00.000Z" })
      sandbox.hub.resetRequestLog()

      const read = await readSac(container, hub().account("default"))
      expect(read).toMatchObject({ tickets: 1, chatsRead: 1, complete: true, error: null })
      const [kept] = await ticketsOf("default")
      expect(kept).toMatchObject({
        code: ticket.code,
        order_code: order,
        status: "UNREAD",
        unread: true,
        action: { id: "RETURN", name: "Devolução" },
        cause: { id: "ARP", name: "Arrependimento", reason: { id: "183", name: "Comprei errado" } },
        items: [{ sku: "SKU-1", quantity: 1 }],
        chats: [
          {
            parts: "CUSTOMER_SELLER",
            sellerStatus: "UNREAD",
            messages: [
              { at: "2030-06-03T10:00:00.000Z", role: "CUSTOMER", content: "Quero devolver uma camiseta", repliedAt: null },
              { at: "2030-06-03T12:00:00.000Z", role: "CUSTOMER", content: "Alguém pode me responder?", repliedAt: null },
            ],
          },
        ],
      })
      expect(new Date(kept.waiting_since).toISOString()).toBe("2030-06-03T10:00:00.000Z")
      const row = JSON.stringify(kept)
      expect(row).not.toContain(BUYER.email)
      expect(row).not.toContain(BUYER.name)
      expect(sandbox.hub.requestLog().map((entry) => `${entry.method} ${entry.path.split("?")[0]}`).sort()).toEqual(["GET /sac", `GET /sac/${ticket.code}/chats`, `GET /sac/${ticket.code}/items`, `GET /sac/${ticket.code}/refunds`].sort())

      // Nothing changed on the hub: the next read lists it and reads no chat.
      sandbox.hub.resetRequestLog()
      expect(await readSac(container, hub().account("default"))).toMatchObject({ tickets: 1, chatsRead: 0 })
      expect(sandbox.hub.requestLog().map((entry) => entry.path)).toEqual(["/sac"])
    })

    it("shows the tickets unread first and the longest waiting first, each with its Medusa order and its chats, how long each has waited", async () => {
      const order = placeOrder(sandbox.hub)
      await runOrderImport(container, hub().account("default"))
      const [record] = await hub().listHubOrders({ code: order })
      const answered = sandbox.hub.openSacTicket({ order_code: order, message: { content: "Chegou quebrado", at: "2026-11-01T09:00:00.000Z" } })
      const recent = sandbox.hub.openSacTicket({ order_code: order, action: "EXCHANGE", message: { content: "Quero trocar o tamanho", at: "2026-11-03T09:00:00.000Z" } })
      const oldest = sandbox.hub.openSacTicket({ order_code: order, action: "CANCEL", message: { content: "Quero cancelar", at: "2026-11-02T09:00:00.000Z" } })
      sandbox.hub.writeSacMessage(oldest.code, { chat: "B2W_SELLER", role: "B2W", content: "Favor responder o cliente", at: "2026-11-02T10:00:00.000Z" })
      expect((await fetch(`${sandbox.hub.url}/sac/${answered.code}/chats/CUSTOMER_SELLER`, { method: "POST", headers: { "content-type": "application/json", "x-user-email": sandbox.hub.credentials.userEmail, "x-api-key": sandbox.hub.credentials.apiKey, "x-accountmanager-key": sandbox.hub.credentials.accountManagerKey }, body: JSON.stringify({ message: { content: "Vamos trocar" } }) })).status).toBe(201)

      await api.post("/admin/hub/after-sale/read", {}, headers)
      const page = await shown()
      expect(page.count).toBe(3)
      expect(page.tickets.map((ticket: { code: string }) => ticket.code)).toEqual([oldest.code, recent.code, answered.code])
      const [first] = page.tickets
      expect(first).toMatchObject({
        order_code: order,
        order: { id: record.order_id, display_id: expect.any(Number), fulfilled: false },
        order_missing: null,
        unread: true,
        action: { id: "CANCEL", name: "Cancelamento" },
        waiting_since: "2026-11-02T09:00:00.000Z",
        items: [{ sku: "SKU-1", quantity: 2 }],
      })
      expect(first.chats).toEqual([
        { parts: "CUSTOMER_SELLER", status: "ACTIVE", seller_status: "UNREAD", answers: true, waiting_since: "2026-11-02T09:00:00.000Z", messages: [{ at: "2026-11-02T09:00:00.000Z", role: "CUSTOMER", content: "Quero cancelar", replied_at: null }], last_answer: null },
        { parts: "B2W_SELLER", status: "ACTIVE", seller_status: "UNREAD", answers: true, waiting_since: "2026-11-02T10:00:00.000Z", messages: [{ at: "2026-11-02T10:00:00.000Z", role: "B2W", content: "Favor responder o cliente", replied_at: null }], last_answer: null },
      ])
      expect(page.tickets[2]).toMatchObject({ unread: false, waiting_since: null, chats: [{ waiting_since: null, messages: [{ role: "CUSTOMER", replied_at: expect.any(String) }, { role: "SELLER", content: "Vamos trocar" }] }] })

      expect((await shown("?limit=1&offset=1")).tickets.map((ticket: { code: string }) => ticket.code)).toEqual([recent.code])
      const refused = await api.get("/admin/hub/after-sale/tickets?limit=0", headers).catch((error: { response: { status: number; data: { message: string } } }) => error.response)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toContain("limit")
    })

    const answer = (code: string, parts: string, content: string) =>
      api.post(`/admin/hub/after-sale/tickets/${code}/chats/${parts}/answers`, { content }, headers).catch((error: { response: { status: number; data: any } }) => error.response)
    const answersSent = (code: string) => sandbox.hub.requestLog().filter((entry) => entry.method === "POST" && entry.path === `/sac/${code}/chats/CUSTOMER_SELLER`)

    it("sends the merchant's answer once through a lost answer: read back from the hub's chat, never resent, shown as sent", async () => {
      const order = placeOrder(sandbox.hub)
      await runOrderImport(container, hub().account("default"))
      const ticket = sandbox.hub.openSacTicket({ order_code: order, message: { content: "Quando chega?", at: "2026-11-30T09:00:00.000Z" } })
      await readSac(container, hub().account("default"))
      sandbox.hub.resetRequestLog()

      // The hub takes the answer and its answer is lost on the way back.
      sandbox.hub.setFaults({ loseAnswerRate: 1 })
      const lost = await answer(ticket.code, "CUSTOMER_SELLER", "Chega amanhã")
      expect(lost.status).toBe(502)
      expect(lost.data.answer).toMatchObject({ state: "unknown", resent: false })
      sandbox.hub.setFaults({})
      expect((await shown()).tickets[0].chats[0].last_answer).toMatchObject({ state: "unknown", content: "Chega amanhã" })

      // The merchant sends it again: looked for in the hub's chat first, found, not sent again.
      const again = await answer(ticket.code, "CUSTOMER_SELLER", "Chega amanhã")
      expect(again.status).toBe(200)
      expect(again.data.answer).toEqual({ state: "sent", resent: false, error: null })
      expect(answersSent(ticket.code)).toHaveLength(1)
      expect(sandbox.hub.sacTicket(ticket.code)!.chats[0].messages.filter((message) => message.part.role === "SELLER").map((message) => message.content)).toEqual(["Chega amanhã"])
      const [shownTicket] = (await shown()).tickets
      expect(shownTicket).toMatchObject({ unread: false, waiting_since: null })
      expect(shownTicket.chats[0]).toMatchObject({ waiting_since: null, last_answer: { state: "sent" } })
      expect(shownTicket.chats[0].messages.map((message: { role: string; content: string }) => [message.role, message.content])).toEqual([["CUSTOMER", "Quando chega?"], ["SELLER", "Chega amanhã"]])

      // A double click: the same answer a moment later is the one sent.
      expect((await answer(ticket.code, "CUSTOMER_SELLER", "Chega amanhã")).data.answer).toEqual({ state: "sent", resent: false, error: null })
      expect(answersSent(ticket.code)).toHaveLength(1)
      // Another answer goes; one the hub refuses (an archived ticket) is shown in its words; a bad body is a 400 naming the field.
      expect((await answer(ticket.code, "CUSTOMER_SELLER", "Mais alguma dúvida?")).data.answer).toEqual({ state: "sent", resent: true, error: null })
      sandbox.hub.archiveSacTicket(ticket.code)
      const refused = await answer(ticket.code, "CUSTOMER_SELLER", "Ainda aqui")
      expect(refused.status).toBe(422)
      expect(refused.data.answer).toMatchObject({ state: "refused", error: expect.stringContaining("archived") })
      expect(refused.data.message).toBe(refused.data.answer.error)
      const bad = await answer(ticket.code, "CUSTOMER_SELLER", "   ")
      expect(bad.status).toBe(400)
      expect(bad.data.message).toContain("content")
      expect(answersSent(ticket.code)).toHaveLength(3)
    })

    it("tells the feed of a new message once, and of one unanswered past sacUnansweredHours once", async () => {
      const order = placeOrder(sandbox.hub)
      const waitingSince = "2026-11-30T09:00:00.000Z"
      const ticket = sandbox.hub.openSacTicket({ order_code: order, message: { content: "Oi?", at: waitingSince } })
      const feed = async () => (await container.resolve(Modules.NOTIFICATION).listNotifications({ channel: "feed" })).map((notice) => String((notice.data as { title?: string }).title))
      const aboutTicket = async (words: string) => (await feed()).filter((title) => title.includes(ticket.code) && title.includes(words))

      await readSac(container, hub().account("default"))
      await eventually(async () => expect(await aboutTicket("new message")).toHaveLength(1))
      sandbox.hub.writeSacMessage(ticket.code, { content: "Alô?", at: "2026-11-30T10:00:00.000Z" })
      await readSac(container, hub().account("default"))
      await eventually(async () => expect(await aboutTicket("new message")).toHaveLength(2))
      await readSac(container, hub().account("default"))

      const at = (hours: number) => ({ now: Date.parse(waitingSince) + hours * 3_600_000 })
      expect(await noticeSacUnanswered(container, hub().account("default"), at(11.9))).toBe(0)
      expect(await noticeSacUnanswered(container, hub().account("default"), at(12.1))).toBe(1)
      expect(await noticeSacUnanswered(container, hub().account("default"), at(13))).toBe(1)
      expect(await aboutTicket("still unanswered")).toHaveLength(1)
      expect(await aboutTicket("new message")).toHaveLength(2)
      // The buyer's words and name are in no notice.
      expect((await feed()).join(" ")).not.toMatch(/Alô|Oi\?|Maria/)
    })

    it("walks every page by the cursor, one request a page, and keeps a ticket whose order the store never imported", async () => {
      const order = placeOrder(sandbox.hub)
      const codes = Array.from({ length: 23 }, (_, index) => sandbox.hub.openSacTicket({ order_code: order, message: { content: `Mensagem ${index}` } }).code)
      sandbox.hub.resetRequestLog()

      expect(await readSac(container, hub().account("default"))).toMatchObject({ tickets: 23, chatsRead: 23, complete: true })
      expect(sandbox.hub.requestLog().filter((entry) => entry.path.split("?")[0] === "/sac")).toHaveLength(2)
      const kept = await ticketsOf("default")
      expect(kept.map((ticket) => ticket.code).sort()).toEqual([...codes].sort())
      // The store never imported the order: every ticket kept with the hub's order code.
      expect(await hub().listHubOrders({ code: order })).toEqual([])
      expect(kept.every((ticket) => ticket.order_code === order)).toBe(true)
      const page = await shown("?limit=100")
      expect(page.count).toBe(23)
      expect(page.tickets[0]).toMatchObject({ order_code: order, order: null, order_missing: { reason: "not_imported", detail: null } })
    })

    it("keeps two accounts' tickets apart, even under one hub code", async () => {
      const ours = sandbox.hub.openSacTicket({ order_code: placeOrder(sandbox.hub), message: { content: "Da conta principal" } })
      const theirs = brandB().openSacTicket({ order_code: placeOrder(brandB()), message: { content: "Da marca B" } })
      expect(theirs.code).toBe(ours.code)

      await readSac(container, hub().account("default"))
      await readSac(container, hub().account("brand-b"))
      const [a] = await ticketsOf("default")
      const [b] = await ticketsOf("brand-b")
      expect(a.chats[0].messages[0].content).toBe("Da conta principal")
      expect(b.chats[0].messages[0].content).toBe("Da marca B")
      expect([a.account, b.account]).toEqual(["default", "brand-b"])
      expect((await shown()).tickets.map((ticket: { chats: Array<{ messages: Array<{ content: string }> }> }) => ticket.chats[0].messages[0].content)).toEqual(["Da conta principal"])
      expect((await shown("?account=brand-b")).tickets.map((ticket: { chats: Array<{ messages: Array<{ content: string }> }> }) => ticket.chats[0].messages[0].content)).toEqual(["Da marca B"])
    })
  },
})
