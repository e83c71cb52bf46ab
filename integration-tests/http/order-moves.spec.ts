import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { sampleTestOrder } from "../../src/sandbox"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { cancelOrderWorkflow } from "@medusajs/medusa/core-flows"
import { eventually } from "../helpers/eventually"
import { subscribersRan } from "../helpers/events"
import { settleUnknownHubOrderMoves } from "../../src/sync/moves/unknown-moves"
import { adminHeaders } from "../helpers/admin"
import { expectBadPagesRefused, expectPages } from "../helpers/pages"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

const sandbox = sandboxHubForStore()

const INVOICE_KEY = "35261112345678000195550010000012341000012346"
const TRACK = { code: "BR123456789BR", carrier: "Correios", method: "PAC", url: "https://rastreamento.example/BR123456789BR" }

type ApiAnswer = { status: number; data: any }

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let hubModule: HubModuleService
    let headers: Awaited<ReturnType<typeof adminHeaders>>

    beforeEach(async () => {
      container = getContainer()
      hubModule = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      sandbox.hub.upsertProducts([
        { sku: "SKU-1", qty: 10, name: "Camiseta", price: 59.9 },
        { sku: "SKU-2", qty: 5, name: "Boné", price: 35 },
      ])
      await seedStore(container, {
        products: [
          { sku: "SKU-1", stocked: 10 },
          { sku: "SKU-2", stocked: 5 },
        ],
      })
      headers = await adminHeaders(container)
    })

    /** A hub order of a channel imported into the store, approved by the marketplace when asked. */
    async function importedHubOrderOn(channel: string, { approved }: { approved: boolean }) {
      const hubOrder = sandbox.hub.createOrder(sampleTestOrder({ channel, items: [{ id: "SKU-1", qty: 2 }, { id: "SKU-2", qty: 1 }] }))
      if (approved) sandbox.hub.marketplaceApprove(hubOrder.code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      const [record] = await hubModule.listHubOrders({ code: hubOrder.code })
      expect(record.order_id).toBeTruthy()
      return { code: hubOrder.code, orderId: record.order_id as string }
    }

    const movePath = (code: string) => `/admin/hub/orders/${encodeURIComponent(code)}/moves`
    const move = (code: string, body: object): Promise<ApiAnswer> =>
      api.post(movePath(code), body, headers).catch((error: { response: ApiAnswer }) => error.response)
    // Order requests only: the imports' reservations push stock (PUT /products) on their own time.
    const orderRequests = () => sandbox.hub.requestLog().filter((entry) => entry.path.startsWith("/orders"))
    const hubWrites = (code: string) =>
      sandbox.hub.requestLog().filter((entry) => entry.method === "POST" && entry.path.startsWith(`/orders/${encodeURIComponent(code)}/`))

    // The hub decides where the specification is silent: every move test runs against a hub of either
    // built-in rule set (src/sandbox/move-rules.ts), each profile on order codes of its own (the hub
    // client remembers a refused request for its code).
    describe.each(["strict", "lenient"] as const)("against a hub with the sandbox's %s move rules", (profile) => {
      beforeEach(() => sandbox.hub.setMoveRules(profile))
      afterAll(() => sandbox.hub.setMoveRules("strict"))
      const importedHubOrder = (options: { approved: boolean }) => importedHubOrderOn(`Loja ${profile}`, options)

      it("invoices, ships, reports a shipment exception and delivers: each reaches the hub once and is recorded", async () => {
        const { code } = await importedHubOrder({ approved: true })

        const invoiced = await move(code, { kind: "invoice", invoice: { key: INVOICE_KEY } })
        expect(invoiced.status).toBe(200)
        expect(invoiced.data.move).toMatchObject({ state: "done", hubStatusCode: "order_invoiced", alreadyOnHub: false })
        expect(sandbox.hub.getOrder(code)?.invoices).toEqual([expect.objectContaining({ key: INVOICE_KEY })])

        // No items given: the whole order ships.
        const shipped = await move(code, { kind: "ship", shipment: { track: TRACK } })
        expect(shipped.status).toBe(200)
        expect(sandbox.hub.getOrder(code)?.shipments).toEqual([
          expect.objectContaining({
            items: [
              { sku: "SKU-1", qty: 2 },
              { sku: "SKU-2", qty: 1 },
            ],
            tracks: [TRACK],
          }),
        ])

        const exception = await move(code, {
          kind: "shipment_exception",
          shipment_exception: { occurrence_date: "2026-11-20T10:00:00Z", observation: "Destinatário ausente" },
        })
        expect(exception.status).toBe(200)
        expect(sandbox.hub.getOrder(code)?.status.type).toBe("SHIPMENT_EXCEPTION")

        const delivered = await move(code, { kind: "deliver" })
        expect(delivered.status).toBe(200)
        expect(sandbox.hub.getOrder(code)?.status).toMatchObject({ code: "complete", type: "DELIVERED" })

        expect(hubWrites(code).map((entry) => entry.path.split("/").pop())).toEqual(["invoice", "shipments", "shiptment_exception", "delivery"])
        const [record] = await hubModule.listHubOrders({ code })
        expect(record).toMatchObject({ status_code: "complete", status_type: "DELIVERED" })
        const history = await api.get(movePath(code), headers)
        expect(history.data.moves.map((entry: { kind: string; state: string }) => `${entry.kind}:${entry.state}`)).toEqual([
          "deliver:done",
          "shipment_exception:done",
          "ship:done",
          "invoice:done",
        ])
      })

      it("lets the hub decide a move the plugin's table does not expect: sent once, refused in the hub's words, not resent unchanged", async () => {
        const { code } = await importedHubOrder({ approved: false })
        sandbox.hub.resetRequestLog()
        // Bodies of their own: the sandbox reuses order codes after each reset, and the client remembers
        // a refused request (the same request to the same code would be refused locally in a later test).
        const early = { kind: "deliver", delivery: { delivered_date: "2026-11-20T10:00:00-03:00" } }
        const delivered = await move(code, early)
        expect(delivered.status).toBe(422)
        expect(delivered.data.message).toContain("cannot move to DELIVERED from status book_product")
        expect(hubWrites(code)).toHaveLength(1)
        // The same request again is refused by the client, without a second 4xx (docs/hub-interface.md §7 rule 1).
        const again = await move(code, early)
        expect(again.status).toBe(422)
        expect(again.data.message).toContain("already refused")
        expect(hubWrites(code)).toHaveLength(1)
        expect(sandbox.hub.getOrder(code)?.status.type).toBe("NEW")
      })

      it("refuses, without a request, a move from a final status: nothing can follow a cancel", async () => {
        const { code } = await importedHubOrder({ approved: true })
        expect((await move(code, { kind: "cancel" })).status).toBe(200)
        sandbox.hub.resetRequestLog()
        const invoiced = await move(code, { kind: "invoice", invoice: { key: INVOICE_KEY } })
        expect(invoiced.status).toBe(422)
        expect(invoiced.data.message).toContain("is not possible any more")
        expect(hubWrites(code)).toHaveLength(0)
      })

      it("sends a shipment from APPROVED, which the plugin's table does not expect: the hub decides", async () => {
        const { code } = await importedHubOrder({ approved: true })
        const shipped = await move(code, { kind: "ship", shipment: { track: { ...TRACK, code: `BR-APPROVED-${profile}` } } })
        expect(hubWrites(code).map((entry) => entry.path.split("/").pop())).toEqual(["shipments"])
        if (profile === "lenient") {
          expect(shipped.status).toBe(200)
          expect(sandbox.hub.getOrder(code)?.status.type).toBe("SHIPPED")
        } else {
          // Refused by the hub, in its own words; the same request is not sent again.
          expect(shipped.status).toBe(422)
          expect(shipped.data.message).toContain("cannot move to SHIPPED from status payment_received (APPROVED); allowed only from INVOICED")
          const again = await move(code, { kind: "ship", shipment: { track: { ...TRACK, code: `BR-APPROVED-${profile}` } } })
          expect(again.status).toBe(422)
          expect(hubWrites(code)).toHaveLength(1)
          expect(sandbox.hub.getOrder(code)?.status.type).toBe("APPROVED")
        }
      })

      it("refuses a malformed request at the edge, and an order this store did not import", async () => {
        const { code } = await importedHubOrder({ approved: true })
        sandbox.hub.resetRequestLog()
        const shortKey = await move(code, { kind: "invoice", invoice: { key: INVOICE_KEY.slice(1) } })
        expect(shortKey.status).toBe(400)
        expect(shortKey.data.message).toContain("44 digits")
        const unknownKind = await move(code, { kind: "refund" })
        expect(unknownKind.status).toBe(400)
        expect(unknownKind.data.message).toContain("kind must be one of invoice, ship")
        const scriptUrl = await move(code, { kind: "ship", shipment: { track: { ...TRACK, url: "javascript:alert(document.cookie)" } } })
        expect(scriptUrl.status).toBe(400)
        expect(scriptUrl.data.message).toContain("track.url must be an http or https address")
        const badDate = await move(code, { kind: "shipment_exception", shipment_exception: { occurrence_date: "22/11/2026", observation: "x" } })
        expect(badDate.status).toBe(400)
        expect(badDate.data.message).toContain("occurrence_date must be a date and time")
        const longUrl = await move(code, { kind: "ship", shipment: { track: { ...TRACK, url: `https://x.example/${"a".repeat(200)}` } } })
        expect(longUrl.status).toBe(400)
        expect(orderRequests()).toHaveLength(0)

        const unknownOrder = await move("Loja Exemplo-404", { kind: "cancel" })
        expect(unknownOrder.status).toBe(404)
        expect(unknownOrder.data.message).toContain("has not been imported")
      })

      it("cancels on the hub, then cancels the Medusa order and releases its stock", async () => {
        const { code, orderId } = await importedHubOrder({ approved: false })
        const inventory = container.resolve(Modules.INVENTORY)
        const reserved = async () =>
          (await inventory.listReservationItems({ line_item_id: (await orderLineItemIds(orderId)) })).reduce(
            (sum, reservation) => sum + Number(reservation.quantity),
            0
          )
        expect(await reserved()).toBe(3)

        const canceledHandled = subscribersRan(container, "order.canceled")
        const canceled = await move(code, { kind: "cancel" })
        expect(canceled.status).toBe(200)
        expect(sandbox.hub.getOrder(code)?.status.type).toBe("CANCELED")
        const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "order", fields: ["status"], filters: { id: orderId } })
        expect(data[0].status).toBe("canceled")
        expect(await reserved()).toBe(0)

        // The next import sees the cancel as already applied, and Medusa's order.canceled sends nothing more.
        const summary = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
        expect(summary).toMatchObject({ updated: 0, error: null })
        await canceledHandled
        expect(hubWrites(code)).toHaveLength(1)
        expect((await api.get(movePath(code), headers)).data.moves).toHaveLength(1)
      })

      it("cancels on the hub an order the merchant canceled in Medusa's own admin", async () => {
        const { code, orderId } = await importedHubOrder({ approved: true })
        await cancelOrderWorkflow(container).run({ input: { order_id: orderId } })
        await eventually(() => expect(sandbox.hub.getOrder(code)?.status.type).toBe("CANCELED"))
        expect(hubWrites(code).map((entry) => entry.path.split("/").pop())).toEqual(["cancel"])
        await eventually(async () =>
          expect((await api.get(movePath(code), headers)).data.moves).toEqual([expect.objectContaining({ kind: "cancel", state: "done" })])
        )
      })

      it("records the hub's refusal of a Medusa cancel of an order the hub has shipped already", async () => {
        const { code, orderId } = await importedHubOrder({ approved: true })
        expect((await move(code, { kind: "invoice", invoice: { key: INVOICE_KEY } })).status).toBe(200)
        // Shipped outside this store (the hub's own panel), so Medusa holds no fulfillment that would refuse the cancel itself.
        await hubModule.account("default").orders.move(await hubModule.account("default").orders.get(code), { kind: "ship", shipment: { items: [{ sku: "SKU-1", qty: 2 }], track: TRACK } })
        await cancelOrderWorkflow(container).run({ input: { order_id: orderId } })
        await eventually(async () =>
          expect((await api.get(movePath(code), headers)).data.moves[0]).toMatchObject({
            kind: "cancel",
            state: "refused",
            error: expect.stringContaining("cannot move to CANCELED from status order_shipped"),
          })
        )
        expect(sandbox.hub.getOrder(code)?.status.type).toBe("SHIPPED")
        // The plugin's table did not expect it; the hub decided (docs/hub-interface.md §3 leaves it open).
        expect(hubWrites(code).map((entry) => entry.path.split("/").pop())).toEqual(["invoice", "shipments", "cancel"])
      })

      it("leaves a hub order shipped from the card to Medusa's own rule: its shipped fulfillment stops a cancel before the hub hears of it", async () => {
        const { code, orderId } = await importedHubOrder({ approved: true })
        expect((await move(code, { kind: "invoice", invoice: { key: INVOICE_KEY } })).status).toBe(200)
        const shipmentHandled = subscribersRan(container, "shipment.created")
        expect((await move(code, { kind: "ship", shipment: { track: TRACK } })).status).toBe(200)
        const { errors } = await cancelOrderWorkflow(container).run({ input: { order_id: orderId }, throwOnError: false })
        expect(errors?.[0]?.error?.message).toContain("All fulfillments must be canceled")
        // The refused cancel emitted nothing; the card's own shipment was handled by its subscriber.
        await shipmentHandled
        expect(hubWrites(code).map((entry) => entry.path.split("/").pop())).toEqual(["invoice", "shipments"])
      })

      it("sends a double click once: the second waits for the order's lock and is answered with the first's outcome", async () => {
        const { code } = await importedHubOrder({ approved: true })
        sandbox.hub.setFaults({ latencyMs: 400 })
        const answers = await Promise.all([1, 2].map(() => move(code, { kind: "invoice", invoice: { key: INVOICE_KEY } })))
        sandbox.hub.setFaults({})
        expect(answers.map((answer) => answer.status)).toEqual([200, 200])
        expect(answers.map((answer) => answer.data.move.alreadyOnHub).sort()).toEqual([false, true])
        expect(hubWrites(code)).toHaveLength(1)

        // Below the lock (processes that share no locking provider), the claim alone lets one through.
        const [record] = await hubModule.listHubOrders({ code })
        const claims = await Promise.all(
          [1, 2].map(() => hubModule.claimHubOrderMove({ account: "default", hubOrderId: record.id, code, kind: "ship", request: { kind: "ship" } }))
        )
        expect(claims.filter(Boolean)).toHaveLength(1)
      })

      it("never resends a move whose answer was lost: the next try reads the hub order and finds it done", async () => {
        const { code } = await importedHubOrder({ approved: true })
        sandbox.hub.setFaults({ loseAnswerRate: 1 })
        const lost = await move(code, { kind: "invoice", invoice: { key: INVOICE_KEY } })
        sandbox.hub.setFaults({})
        expect(lost.status).toBe(502)
        expect(lost.data.move.state).toBe("unknown")
        // The hub took it; this store could not know.
        expect(sandbox.hub.getOrder(code)?.status.type).toBe("INVOICED")

        const retried = await move(code, { kind: "invoice", invoice: { key: INVOICE_KEY } })
        expect(retried.status).toBe(200)
        expect(retried.data.move).toMatchObject({ state: "done", alreadyOnHub: true })
        expect(hubWrites(code)).toHaveLength(1)
        const history = await api.get(movePath(code), headers)
        expect(history.data.moves).toEqual([expect.objectContaining({ kind: "invoice", state: "done", attempts: 2 })])
      })

      it("settles moves of unknown outcome by reading the hub, without sending anything", async () => {
        const landed = await importedHubOrder({ approved: true })
        sandbox.hub.setFaults({ loseAnswerRate: 1 })
        expect((await move(landed.code, { kind: "invoice", invoice: { key: INVOICE_KEY } })).status).toBe(502)
        sandbox.hub.setFaults({})

        // A cancel claimed by a process that died before its request left: the hub never saw it.
        const notLanded = await importedHubOrder({ approved: true })
        const [record] = await hubModule.listHubOrders({ code: notLanded.code })
        const claim = await hubModule.claimHubOrderMove({ account: "default", hubOrderId: record.id, code: notLanded.code, kind: "cancel", request: { kind: "cancel" } })
        await hubModule.finishHubOrderMove(claim!.id, { state: "unknown", error: "the process died" }, null)
        sandbox.hub.resetRequestLog()

        expect(await settleUnknownHubOrderMoves(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toEqual({ landed: 1, notLanded: 1, unread: 0 })
        expect(orderRequests().filter((entry) => entry.method !== "GET")).toEqual([])
        const [invoice] = (await api.get(movePath(landed.code), headers)).data.moves
        expect(invoice).toMatchObject({ kind: "invoice", state: "done", hub_status_code: "order_invoiced" })
        const [cancel] = (await api.get(movePath(notLanded.code), headers)).data.moves
        expect(cancel).toMatchObject({ kind: "cancel", state: "failed", error: expect.stringContaining("Not taken by the hub") })
        expect(sandbox.hub.getOrder(notLanded.code)?.status.type).toBe("APPROVED")

        // Settled moves are not read again; the merchant's new try is sent.
        expect(await settleUnknownHubOrderMoves(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toEqual({ landed: 0, notLanded: 0, unread: 0 })
        expect((await move(notLanded.code, { kind: "cancel" })).status).toBe(200)
        expect(sandbox.hub.getOrder(notLanded.code)?.status.type).toBe("CANCELED")
      })
    })

    it("lists the moves that need the merchant across orders, until a later move of the kind, a final status or Medusa's recording settles them", async () => {
      const needing = async () => {
        const { count, moves, limit, offset } = (await api.get("/admin/hub/moves", headers)).data as { count: number; moves: Array<Record<string, unknown>>; limit: number; offset: number }
        // The first page, as the hub page asks by default.
        expect({ limit, offset }).toEqual({ limit: 20, offset: 0 })
        return { count, moves }
      }
      const { code, orderId } = await importedHubOrderOn("Loja atenção", { approved: true })
      // The sandbox's strict rules refuse a shipment before the invoice.
      expect((await move(code, { kind: "ship", shipment: { track: { ...TRACK, code: "BR-ATTENTION-1" } } })).status).toBe(422)
      expect(await needing()).toEqual({
        count: 1,
        moves: [expect.objectContaining({ code, order_id: orderId, kind: "ship", state: "refused", error: expect.stringContaining("cannot move to SHIPPED") })],
      })

      // The merchant invoices, then ships: the later shipment settles the refused one.
      expect((await move(code, { kind: "invoice", invoice: { key: INVOICE_KEY } })).status).toBe(200)
      const shipped = await move(code, { kind: "ship", shipment: { track: { ...TRACK, code: "BR-ATTENTION-2" } } })
      expect(shipped.status).toBe(200)
      expect(await needing()).toEqual({ count: 0, moves: [] })

      // A move the hub took that Medusa could not record needs the merchant until it is recorded.
      const [shipment] = await hubModule.listHubOrderMoves({ code, kind: "ship", state: "done" })
      await hubModule.updateHubOrderMoves({ id: shipment.id, medusa_error: "Done on the hub, not recorded in Medusa: no shipping option" })
      expect((await needing()).moves).toEqual([expect.objectContaining({ id: shipment.id, state: "done", medusa_error: expect.stringContaining("no shipping option") })])
      await hubModule.updateHubOrderMoves({ id: shipment.id, medusa_error: null })

      // Another order's refused move; once the marketplace cancels that order, nothing is asked of it any more.
      const other = await importedHubOrderOn("Loja atenção", { approved: false })
      expect((await move(other.code, { kind: "deliver", delivery: { delivered_date: "2026-11-21T10:00:00-03:00" } })).status).toBe(422)
      expect((await needing()).moves.map((entry) => entry.code)).toEqual([other.code])

      // Two at once, a page of one at a time: the second page holds the row the first did not.
      await hubModule.updateHubOrderMoves({ id: shipment.id, medusa_error: "Done on the hub, not recorded in Medusa: no shipping option" })
      expect((await expectPages(api, headers, "/admin/hub/moves", "moves", 1)).sort()).toEqual([shipment.id, (await needing()).moves.find((entry) => entry.code === other.code)!.id].sort())
      await hubModule.updateHubOrderMoves({ id: shipment.id, medusa_error: null })
      sandbox.hub.marketplaceCancel(other.code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(await needing()).toEqual({ count: 0, moves: [] })

      // The edge: a limit out of range is refused, naming the field.
      const outOfRange = await api.get("/admin/hub/moves?limit=0", headers).catch((error: { response: ApiAnswer }) => error.response)
      expect(outOfRange.status).toBe(400)
      expect(JSON.stringify(outOfRange.data)).toContain("limit")
      await expectBadPagesRefused(api, headers, "/admin/hub/moves")
    })

    async function orderLineItemIds(orderId: string): Promise<string[]> {
      const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "order", fields: ["items.id"], filters: { id: orderId } })
      return ((data[0].items ?? []) as Array<{ id: string }>).map((item) => item.id)
    }
  },
})
