import type { MedusaContainer } from "@medusajs/framework/types"
import { createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys, Modules, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import { sampleTestOrder } from "../../src/sandbox"
import { sampleNfeKey, sampleNfeXml } from "../../src/sandbox/sample-nfe"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { readSac } from "../../src/sync/sac"
import { adminHeaders } from "../helpers/admin"
import { subscribersRan } from "../helpers/events"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"
import { medusaIntegrationTestRunner } from "../helpers/test-runner"

jest.setTimeout(240_000)

/*
 * What the seller does about a SAC ticket, as Medusa's own (issue 61, docs/after-sale.md), end to end
 * against the sandbox over HTTP: the hub's instance sent once, Medusa's own cancellation and return
 * (requested, then received into stock and refunded) carried out for it, a refused instance shown in the
 * hub's words with nothing done in Medusa, and an instance whose answer was lost read back, never resent.
 */

const sandbox = sandboxHubForStore()
const INVOICE_KEY = "35261112345678000195550010000012341000012346"

type ApiAnswer = { status: number; data: any }

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let headers: Awaited<ReturnType<typeof adminHeaders>>
    let store: Awaited<ReturnType<typeof seedStore>>
    const hub = () => container.resolve<HubModuleService>(HUB_MODULE)

    beforeEach(async () => {
      container = getContainer()
      sandbox.hub.reset()
      sandbox.hub.upsertProducts([{ sku: "SKU-1", qty: 50, name: "Camiseta", price: 59.9 }])
      store = await seedStore(container, { products: [{ sku: "SKU-1", stocked: 50 }] })
      headers = await adminHeaders(container)
    })

    const post = (path: string, body: object): Promise<ApiAnswer> => api.post(path, body, headers).catch((error: { response: ApiAnswer }) => error.response)
    const act = (code: string, action: string, fields: object = {}) => post(`/admin/hub/after-sale/tickets/${code}/instances`, { action, ...fields })
    const instancesSent = (code: string) => sandbox.hub.requestLog().filter((entry) => entry.method === "POST" && entry.path === `/sac/${code}/instances`)
    const stock = async () => {
      const [level] = await container.resolve(Modules.INVENTORY).listInventoryLevels({ inventory_item_id: store.inventoryItemsBySku["SKU-1"] })
      return { stocked: Number(level.stocked_quantity), reserved: Number(level.reserved_quantity), location: level.location_id }
    }
    async function medusaOrder(orderId: string) {
      const fields = "+summary,+payment_status,+payment_collections.payments.refunds.*,+payment_collections.payments.refunds.refund_reason.*"
      return (await api.get(`/admin/orders/${orderId}?fields=${fields}`, headers)).data.order
    }
    const returnsOf = async (orderId: string) =>
      (await container.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "return", fields: ["id", "status", "location_id", "metadata", "items.item_id", "items.quantity", "items.received_quantity"], filters: { order_id: orderId } })).data as any[]

    /** A paid hub order of two SKU-1, imported, with a ticket asking about `quantity` of them (read into the store). */
    /** `invoicedAt`: the NF-e's issue date given with the invoice (now when none). */
    async function ticketOnOrder(action: "CANCEL" | "RETURN" | "EXCHANGE", options: { delivered: boolean; quantity?: number; invoicedAt?: string }) {
      const { code } = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 2 }] }))
      sandbox.hub.marketplaceApprove(code)
      await runOrderImport(container, hub().account("default"))
      const [record] = await hub().listHubOrders({ code })
      expect(record.order_id).toBeTruthy()
      if (options.delivered) {
        for (const move of [{ kind: "invoice", invoice: { key: INVOICE_KEY, ...(options.invoicedAt ? { issue_date: options.invoicedAt } : {}) } }, { kind: "ship", shipment: { track: { code: "BR-1", carrier: "Correios", method: "PAC", url: "https://rastreamento.example/BR-1" } } }, { kind: "deliver" }]) {
          expect((await post(`/admin/hub/orders/${code}/moves`, move)).data.move).toMatchObject({ state: "done", medusaError: null })
        }
      }
      const ticket = sandbox.hub.openSacTicket({ order_code: code, action, items: [{ sku: "SKU-1", quantity: options.quantity ?? 2 }], message: { content: "Preciso de ajuda com o pedido" } })
      await readSac(container, hub().account("default"))
      return { code, orderId: record.order_id as string, ticket: ticket.code }
    }

    it("a return: the hub's RETURN instance sent once, Medusa's own return requested with the ticket's line, then received into stock at the location and refunded as the hub refunds, for the refund reason the merchant chose", async () => {
      const { code, orderId, ticket } = await ticketOnOrder("RETURN", { delivered: true, quantity: 1 })
      const before = await stock()
      expect(before).toMatchObject({ stocked: 48, reserved: 0 })
      // One of Medusa's refund reasons, as the merchant keeps them (Settings -> Refund reasons).
      const { data: created } = await post("/admin/refund-reasons", { label: "Arrived damaged", code: "arrived_damaged" })
      const reason = created.refund_reason

      const requested = await act(ticket, "RETURN", { refund_reason_id: reason.id })
      expect(requested.status).toBe(200)
      expect(requested.data.instance).toMatchObject({ state: "sent", resent: true, error: null, returnId: expect.any(String) })
      const [onHub] = sandbox.hub.sacInstances(ticket)
      expect(onHub).toMatchObject({ action: { id: "RETURN" }, status: "PENDING", cause: { id: "ARP", reason: { id: "183" } }, items: [{ id: "1", sku_id: "SKU-1", quantity: 1 }], refunds: [{ id: "CREDIT_CARD", status: "PENDING", value: 59.9 }] })
      expect(instancesSent(ticket)[0].body).toMatchObject({ refunds: [{ id: "CREDIT_CARD", group: "ORIGINAL_PAYMENT" }] })
      const [requestedReturn] = await returnsOf(orderId)
      expect(requestedReturn).toMatchObject({ id: requested.data.instance.returnId, status: "requested", location_id: before.location, metadata: { hub_sac_ticket: ticket }, items: [{ quantity: 1 }] })
      expect((await stock()).stocked).toBe(48)

      // Asked again (a double click, another admin): nothing sent again, no second return.
      const again = await act(ticket, "RETURN")
      expect(again.data.instance).toMatchObject({ state: "sent", resent: false, returnId: requested.data.instance.returnId })
      expect(instancesSent(ticket)).toHaveLength(1)
      expect(await returnsOf(orderId)).toHaveLength(1)

      const shown = async () => (await api.get("/admin/hub/after-sale/tickets", headers)).data.tickets[0].instance
      expect(await shown()).toEqual({ action: "RETURN", state: "sent", error: null, hub_status: "PENDING", return_id: requestedReturn.id, received_at: null, at: expect.any(String), refund_reason: { id: reason.id, label: "Arrived damaged", code: "arrived_damaged" }, refund: null })

      // The goods arrive (the marketplace has moved the instance on): Medusa's own receipt puts them back at
      // the location, the buyer's refund is recorded, and the instance is read back as the hub has it now.
      sandbox.hub.advanceSacInstance(ticket, onHub.id, { status: "RECEIVED", refundStatus: "REFUNDED" })
      const received = await post(`/admin/hub/after-sale/tickets/${ticket}/return/receive`, {})
      expect(received.status).toBe(200)
      expect(received.data.received).toMatchObject({ refund: { amount: "59.9" } })
      expect(await stock()).toMatchObject({ stocked: 49, reserved: 0 })
      const [receivedReturn] = await returnsOf(orderId)
      expect(receivedReturn).toMatchObject({ status: "received", items: [{ quantity: 1, received_quantity: 1 }] })
      const order = await medusaOrder(orderId)
      const refunds = order.payment_collections.flatMap((collection: any) => collection.payments.flatMap((payment: any) => payment.refunds))
      expect(refunds).toEqual([expect.objectContaining({ amount: 59.9, note: expect.stringContaining(ticket), refund_reason: expect.objectContaining({ id: reason.id, code: "arrived_damaged" }) })])
      expect(order.payment_status).toBe("partially_refunded")
      expect(await shown()).toMatchObject({ state: "sent", hub_status: "RECEIVED", received_at: expect.any(String), refund: { id: refunds[0].id, amount: "59.9", currency_code: "brl", reason: "Arrived damaged", reason_code: "arrived_damaged" } })
      // The order card's line: the ticket and what was done about it.
      expect((await api.get(`/admin/hub/after-sale/orders/${code}/tickets`, headers)).data.tickets).toEqual([
        { code: ticket, status: "UNREAD", unread: true, waiting_since: expect.any(String), action: { id: "RETURN", name: "Devolução" }, instance: { action: "RETURN", state: "sent", hub_status: "RECEIVED", received_at: expect.any(String) } },
      ])

      // Received once: a second receipt is refused, nothing counted twice.
      const twice = await post(`/admin/hub/after-sale/tickets/${ticket}/return/receive`, {})
      expect(twice.status).toBe(400)
      expect(twice.data.message).toContain("received already")
      expect((await stock()).stocked).toBe(49)
    })

    it("a return once the sale's NF-e is past its 24 h: refused without the return NF-e before the hub is told, the sale's own key and an NF-e that returns nothing refused; its key, from its XML, sent under the account's field, the XML kept nowhere", async () => {
      const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000).toISOString()
      const { orderId, ticket } = await ticketOnOrder("RETURN", { delivered: true, quantity: 1, invoicedAt: twoDaysAgo })
      const [listed] = (await api.get("/admin/hub/after-sale/tickets", headers)).data.tickets
      expect(listed.order).toMatchObject({ id: orderId, fulfilled: true, return_invoice_needed: true })

      const none = await act(ticket, "RETURN")
      expect(none.status).toBe(400)
      expect(none.data.message).toMatch(/^return_invoice: the order's NF-e was issued at .*, more than 24 h ago, and can no longer be cancelled/)
      const sales = await act(ticket, "RETURN", { return_invoice: { key: INVOICE_KEY } })
      expect(sales.status).toBe(400)
      expect(sales.data.message).toContain("is the sale's own NF-e")
      const notReturn = await act(ticket, "RETURN", { return_invoice: { xml: sampleNfeXml({ key: sampleNfeKey(77), purpose: "1" }) } })
      expect(notReturn).toMatchObject({ status: 400, data: { problem: "not_return", message: expect.stringContaining("return_invoice.xml") } })
      expect((await act(ticket, "RETURN", { return_invoice: { key: "123", xml: "<x/>" } })).data.message).toContain("return_invoice takes the return NF-e's key or its XML, one of them")
      expect((await act(ticket, "CANCEL", { return_invoice: { key: sampleNfeKey(77) } })).data.message).toContain("return_invoice is for a RETURN or an EXCHANGE")
      expect(instancesSent(ticket)).toHaveLength(0)
      expect(await returnsOf(orderId)).toHaveLength(0)

      const returnKey = sampleNfeKey(78)
      const xml = sampleNfeXml({ key: returnKey, purpose: "4", issuedAt: "2026-12-01T09:00:00-03:00" })
      const requested = await act(ticket, "RETURN", { return_invoice: { xml } })
      expect(requested.status).toBe(200)
      expect(requested.data.instance).toMatchObject({ state: "sent", returnId: expect.any(String) })
      // Under the account's `sacReturnInvoiceField` (the record names no field; "invoice" by default), as an invoice's key and date.
      expect(instancesSent(ticket).map((entry) => entry.body)).toEqual([expect.objectContaining({ invoice: { key: returnKey, issue_date: "2026-12-01T09:00:00-03:00" } })])
      expect(instancesSent(ticket)[0].body).not.toHaveProperty("return_invoice")
      expect(sandbox.hub.sacInstances(ticket)).toEqual([expect.objectContaining({ status: "PENDING", invoice: { key: returnKey, issue_date: "2026-12-01T09:00:00-03:00" } })])
      expect(await returnsOf(orderId)).toEqual([expect.objectContaining({ id: requested.data.instance.returnId, status: "requested" })])
      // The XML holds the buyer's name and address: the instance keeps its key, not the file.
      const [kept] = await hub().listHubSacInstances({ ticket_code: ticket })
      expect(kept.request).toMatchObject({ return_invoice: { key: returnKey } })
      expect(JSON.stringify(kept)).not.toContain("nfeProc")
      expect(JSON.stringify(kept)).not.toContain("Maria")
    })

    it("an exchange: the hub's EXCHANGE instance sent once, Medusa's own exchange with the line taken back and the new one, its stock reserved; the goods taken back received into stock, nothing refunded", async () => {
      const { orderId, ticket } = await ticketOnOrder("EXCHANGE", { delivered: true, quantity: 1 })
      expect(await stock()).toMatchObject({ stocked: 48, reserved: 0 })

      const exchanged = await act(ticket, "EXCHANGE")
      expect(exchanged.status).toBe(200)
      expect(exchanged.data.instance).toMatchObject({ state: "sent", resent: true, exchangeId: expect.any(String) })
      expect(sandbox.hub.sacInstances(ticket)).toEqual([expect.objectContaining({ action: { id: "EXCHANGE", name: "Troca" }, status: "PENDING", refunds: [], items: [expect.objectContaining({ sku_id: "SKU-1", quantity: 1 })] })])
      expect(instancesSent(ticket)[0].body).not.toHaveProperty("refunds")
      const { data: exchanges } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
        entity: "order_exchange",
        fields: ["id", "return_id", "metadata", "additional_items.quantity", "additional_items.item.variant_sku", "canceled_at"],
        filters: { order_id: orderId },
      })
      expect(exchanges).toEqual([expect.objectContaining({ id: exchanged.data.instance.exchangeId, return_id: expect.any(String), metadata: { hub_sac_ticket: ticket }, canceled_at: null })])
      expect((exchanges[0] as any).additional_items).toEqual([expect.objectContaining({ quantity: 1 })])
      // The new line's stock is reserved; the line taken back is on its way.
      expect(await stock()).toMatchObject({ stocked: 48, reserved: 1 })
      expect(await returnsOf(orderId)).toEqual([expect.objectContaining({ id: (exchanges[0] as any).return_id, status: "requested", items: [expect.objectContaining({ quantity: 1 })] })])

      const received = await post(`/admin/hub/after-sale/tickets/${ticket}/return/receive`, {})
      expect(received.status).toBe(200)
      expect(received.data.received).toMatchObject({ refund: null })
      expect(await stock()).toMatchObject({ stocked: 49, reserved: 1 })
      expect((await api.get("/admin/hub/after-sale/tickets", headers)).data.tickets[0].instance).toMatchObject({ refund_reason: null, refund: null })
      const order = await medusaOrder(orderId)
      expect(order.payment_collections.flatMap((collection: any) => collection.payments.flatMap((payment: any) => payment.refunds))).toEqual([])
    })

    it("a cancellation: a return of what Medusa has not fulfilled is refused before the hub is told; the CANCEL instance cancels Medusa's order, releases its stock and refunds it, with no cancel move sent back", async () => {
      const { code, orderId, ticket } = await ticketOnOrder("CANCEL", { delivered: false })
      expect((await stock()).reserved).toBe(2)

      // Medusa takes back only what it fulfilled: the hub is not told of a return Medusa would then refuse.
      for (const action of ["RETURN", "EXCHANGE"]) {
        const early = await act(ticket, action)
        expect(early.status).toBe(400)
        expect(early.data.message).toMatch(/line SKU-1: Medusa has fulfilled 0 of it/)
      }
      expect(instancesSent(ticket)).toEqual([])
      expect(await returnsOf(orderId)).toEqual([])

      const canceledEvent = subscribersRan(container, OrderWorkflowEvents.CANCELED)
      const canceled = await act(ticket, "CANCEL")
      expect(canceled.status).toBe(200)
      expect(canceled.data.instance).toMatchObject({ state: "sent", resent: true })
      expect(sandbox.hub.sacInstances(ticket)).toEqual([expect.objectContaining({ action: expect.objectContaining({ id: "CANCEL" }), status: "CANCELLED" })])
      expect(sandbox.hub.getOrder(code)?.status).toMatchObject({ type: "CANCELED" })
      const order = await medusaOrder(orderId)
      expect(order.status).toBe("canceled")
      expect(order.payment_status).toBe("refunded")
      expect((await stock()).reserved).toBe(0)
      // Medusa's order.canceled of this cancel sends no cancel move to the hub, which canceled it already.
      await canceledEvent
      expect(sandbox.hub.requestLog().filter((entry) => entry.method === "POST" && entry.path.startsWith(`/orders/${code}/`))).toEqual([])
    })

    it("a return the hub refuses (Medusa fulfilled the order, the marketplace has not seen it shipped) is shown in its words and does nothing in Medusa", async () => {
      const { orderId, ticket } = await ticketOnOrder("RETURN", { delivered: false })
      const [line] = (await medusaOrder(orderId)).items
      await createOrderFulfillmentWorkflow(container).run({ input: { order_id: orderId, items: [{ id: line.id, quantity: 2 }], location_id: store.stockLocation.id } })

      const refused = await act(ticket, "RETURN")
      expect(refused.status).toBe(422)
      expect(refused.data.instance).toMatchObject({ state: "refused", error: expect.stringContaining("ainda não foi enviado") })
      // Said as Medusa's errors say it too: the admin's toast shows the hub's words, not the status's name.
      expect(refused.data.message).toBe(refused.data.instance.error)
      expect(instancesSent(ticket)).toHaveLength(1)
      expect(await returnsOf(orderId)).toEqual([])
      // The page shows it in the hub's words, and the ticket still takes an instance.
      expect((await api.get("/admin/hub/after-sale/tickets", headers)).data.tickets[0].instance).toMatchObject({ action: "RETURN", state: "failed", error: expect.stringContaining("ainda não foi enviado") })
    })

    it("an instance whose answer was lost is read back from the hub's instances, not sent again, and Medusa's part then done", async () => {
      const { orderId, ticket } = await ticketOnOrder("CANCEL", { delivered: false })
      sandbox.hub.resetRequestLog()
      sandbox.hub.setFaults({ loseAnswerRate: 1 })
      const lost = await act(ticket, "CANCEL")
      sandbox.hub.setFaults({})
      expect(lost.status).toBe(502)
      expect(lost.data.instance).toMatchObject({ state: "unknown", resent: false })
      expect(sandbox.hub.sacInstances(ticket)).toHaveLength(1)
      expect((await medusaOrder(orderId)).status).not.toBe("canceled")

      const again = await act(ticket, "CANCEL")
      expect(again.status).toBe(200)
      expect(again.data.instance).toMatchObject({ state: "sent", resent: false })
      expect(instancesSent(ticket)).toHaveLength(1)
      expect(sandbox.hub.requestLog().filter((entry) => entry.method === "GET" && entry.path === `/sac/${ticket}/instances`)).toHaveLength(1)
      expect((await medusaOrder(orderId)).status).toBe("canceled")
      expect((await stock()).reserved).toBe(0)
    })

    it("refuses a body it cannot read, naming the field, and an instance for a ticket whose order the store does not have; a return with no refund reason chosen is refunded with the plugin's return reason", async () => {
      const bad = await post(`/admin/hub/after-sale/tickets/1/instances`, { action: "REFUND" })
      expect(bad.status).toBe(400)
      expect(bad.data.message).toContain("action")
      const misplaced = await post(`/admin/hub/after-sale/tickets/1/instances`, { action: "RETURN", new_items: [{ variant_id: "variant_1", quantity: 1 }] })
      expect(misplaced.status).toBe(400)
      expect(misplaced.data.message).toContain("new_items")
      // A cancel is refunded by Medusa's cancellation, with the plugin's reason: no reason to choose.
      const cancelReason = await post(`/admin/hub/after-sale/tickets/1/instances`, { action: "CANCEL", refund_reason_id: "refr_1" })
      expect(cancelReason.status).toBe(400)
      expect(cancelReason.data.message).toContain("refund_reason_id")
      const { code } = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      const ticket = sandbox.hub.openSacTicket({ order_code: code, action: "CANCEL", message: { content: "Cancelar" } })
      await readSac(container, hub().account("default"))
      const missing = await act(ticket.code, "CANCEL")
      expect(missing.status).toBe(400)
      expect(missing.data.message).toContain("not in Medusa")
      expect(instancesSent(ticket.code)).toEqual([])
      // A refund reason Medusa does not have: refused naming the field, before anything is sent.
      const delivered = await ticketOnOrder("RETURN", { delivered: true, quantity: 1 })
      // A cancel of an order whose goods left: Medusa cancels only an order without fulfillments, so the hub is
      // not told of a cancel Medusa would then refuse; the merchant is pointed to the return.
      const cancelShipped = await act(delivered.ticket, "CANCEL")
      expect(cancelShipped.status).toBe(400)
      expect(cancelShipped.data.message).toMatch(/fulfil.*return/i)
      expect(instancesSent(delivered.ticket)).toEqual([])
      expect((await medusaOrder(delivered.orderId)).status).not.toBe("canceled")
      const unknownReason = await act(delivered.ticket, "RETURN", { refund_reason_id: "refr_none" })
      expect(unknownReason.status).toBe(400)
      expect(unknownReason.data.message).toContain("refund_reason_id")
      expect(instancesSent(delivered.ticket)).toEqual([])
      // None chosen: the buyer's refund is the plugin's own return reason's, not its canceled-order one.
      expect((await act(delivered.ticket, "RETURN")).status).toBe(200)
      expect((await post(`/admin/hub/after-sale/tickets/${delivered.ticket}/return/receive`, {})).status).toBe(200)
      const refunds = (await medusaOrder(delivered.orderId)).payment_collections.flatMap((collection: any) => collection.payments.flatMap((payment: any) => payment.refunds))
      expect(refunds).toEqual([expect.objectContaining({ refund_reason: expect.objectContaining({ code: "hub_sac_return", label: "Marketplace return" }) })])
      // The page names the plugin's own reason by its code, so the admin says it in the merchant's language.
      const shownTickets = (await api.get("/admin/hub/after-sale/tickets", headers)).data.tickets as Array<{ code: string; order: { fulfilled: boolean }; instance: { refund: unknown } }>
      expect(shownTickets.find((shown) => shown.code === delivered.ticket)).toMatchObject({ order: { fulfilled: true }, instance: { refund: { reason: "Marketplace return", reason_code: "hub_sac_return" } } })
    })
  },
})
