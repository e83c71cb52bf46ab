import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { sampleNfeKey, sampleNfeXml, sampleTestOrder } from "../../src/sandbox"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { adminHeaders } from "../helpers/admin"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

/*
 * Invoicing with the NF-e XML (issue 40): an order of the marketplace's Direct delivery is invoiced
 * from the card with the XML itself and its number of parcels, sent to the hub as the form it takes;
 * a bad XML is a 400 naming the problem, and nothing reaches the hub; the XML is kept nowhere.
 */
const sandbox = sandboxHubForStore()

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
      sandbox.hub.upsertProducts([{ sku: "SKU-1", qty: 10, name: "Camiseta", price: 59.9 }])
      await seedStore(container, { products: [{ sku: "SKU-1", stocked: 10 }] })
      headers = await adminHeaders(container)
    })

    async function directOrder() {
      const hubOrder = sandbox.hub.createOrder({ ...sampleTestOrder({ items: [{ id: "SKU-1", qty: 2 }], shipping_method: "Expressa" }), calculation_type: "b2wentregadirect" })
      sandbox.hub.marketplaceApprove(hubOrder.code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      return hubOrder.code
    }
    const upload = (code: string, body: object): Promise<ApiAnswer> =>
      api.post(`/admin/hub/orders/${encodeURIComponent(code)}/invoice-xml`, body, headers).catch((error: { response: ApiAnswer }) => error.response)
    const invoiceRequests = (code: string) => sandbox.hub.requestLog().filter((entry) => entry.method === "POST" && entry.path === `/orders/${encodeURIComponent(code)}/invoice`)

    it("invoices a Direct order with its NF-e XML and parcels: the hub gets the form, the order keeps the key, nothing keeps the XML", async () => {
      const code = await directOrder()
      const key = sampleNfeKey(4321)
      const answer = await upload(code, { xml: sampleNfeXml({ key }), volume_qty: 2 })
      expect(answer.status).toBe(200)
      expect(answer.data.move).toMatchObject({ state: "done" })
      const hubOrder = sandbox.hub.getOrder(code)!
      expect(hubOrder.status).toMatchObject({ type: "INVOICED" })
      expect(hubOrder.invoices).toEqual([expect.objectContaining({ key, number: "4321", volume_qty: 2, xml: true, issue_date: "2026-11-20T10:00:00-03:00" })])
      expect(invoiceRequests(code)).toHaveLength(1)

      const [record] = await hubModule.listHubOrders({ code })
      const [move] = await hubModule.listHubOrderMoves({ hub_order_id: record.id })
      expect(move).toMatchObject({ kind: "invoice", state: "done" })
      expect(JSON.stringify(move)).not.toContain("nfeProc")
      expect(JSON.stringify(move)).not.toContain("Maria")
      expect(move.request).toMatchObject({ invoice: { key }, nfe: { volume_qty: 2 } })
      const { data } = await api.get(`/admin/orders/${record.order_id}?fields=+metadata`, headers)
      expect(data.order.metadata.hub_invoice).toEqual({ key, issue_date: "2026-11-20T10:00:00-03:00" })
      expect(hubModule.nfeUploads.read((move.request as { nfe: { upload: string } }).nfe.upload)).toBeUndefined()
    })

    it("refuses an NF-e key that invoices another order, naming that order, however it is sent; and two at once invoice one order", async () => {
      const [first, second, third] = [await directOrder(), await directOrder(), await directOrder()]
      const key = sampleNfeKey(555)
      expect((await upload(first, { xml: sampleNfeXml({ key }), volume_qty: 1 })).status).toBe(200)

      const reused = await upload(second, { xml: sampleNfeXml({ key }), volume_qty: 1 })
      expect(reused.status).toBe(400)
      expect(reused.data.message).toContain(`invoices the hub order ${first} already`)
      // Named for the card to say in the admin's language.
      expect(reused.data).toMatchObject({ problem: "key_in_use", order: first })
      // The key alone, from the card's invoice form, is refused the same way.
      const typed = await api
        .post(`/admin/hub/orders/${encodeURIComponent(second)}/moves`, { kind: "invoice", invoice: { key } }, headers)
        .catch((error: { response: ApiAnswer }) => error.response)
      expect(typed.status).toBe(400)
      expect(typed.data).toMatchObject({ problem: "key_in_use", order: first, message: expect.stringContaining(first) })
      expect(invoiceRequests(second)).toEqual([])
      expect(sandbox.hub.getOrder(second)?.status).toMatchObject({ type: "APPROVED" })

      // One new key sent for two orders at once: one invoice goes.
      const other = sampleNfeKey(556)
      const both = await Promise.all([second, third].map((code) => upload(code, { xml: sampleNfeXml({ key: other }), volume_qty: 1 })))
      expect(both.map((answer) => answer.status).sort()).toEqual([200, 400])
      expect(invoiceRequests(second).length + invoiceRequests(third).length).toBe(1)
      // The order that has it can still be sent it again (a new try finds it on the hub).
      expect((await upload(first, { xml: sampleNfeXml({ key }), volume_qty: 1 })).status).toBe(200)
    })

    it("refuses an NF-e of another buyer, and one of other lines until the merchant confirms them", async () => {
      const code = await directOrder()
      const anotherBuyer = await upload(code, { xml: sampleNfeXml({ key: sampleNfeKey(601), buyer: { CPF: "98765432100" } }), volume_qty: 1 })
      expect(anotherBuyer.status).toBe(400)
      expect(anotherBuyer.data).toMatchObject({ problem: "buyer_differs", message: expect.stringContaining("not this order's buyer") })
      expect(JSON.stringify(anotherBuyer.data)).not.toContain("98765432100")
      const company = await upload(code, { xml: sampleNfeXml({ key: sampleNfeKey(602), buyer: { CNPJ: "12345678000195" } }), volume_qty: 1 })
      expect(company.data.problem).toBe("buyer_differs")

      const otherLines = { xml: sampleNfeXml({ key: sampleNfeKey(603), items: [{ sku: "SKU-1", qty: 3 }] }), volume_qty: 1 }
      const unconfirmed = await upload(code, otherLines)
      expect(unconfirmed.status).toBe(400)
      expect(unconfirmed.data).toMatchObject({ problem: "lines_differ", message: expect.stringContaining("SKU-1 × 3") })
      expect(invoiceRequests(code)).toEqual([])

      expect((await upload(code, { ...otherLines, lines_confirmed: true })).status).toBe(200)
      expect(invoiceRequests(code)).toHaveLength(1)
    })

    it("invoices with an NF-e whose buyer and lines are the order's", async () => {
      const code = await directOrder()
      const answer = await upload(code, { xml: sampleNfeXml({ key: sampleNfeKey(604), items: [{ sku: "SKU-1", qty: 2 }] }), volume_qty: 1 })
      expect(answer.status).toBe(200)
    })

    it("refuses a bad XML with a 400 naming the problem, and sends nothing to the hub", async () => {
      const code = await directOrder()
      const key = sampleNfeKey(77)
      // Each with its problem's code, which the card says in the admin's language.
      const cases: Array<[string, object, string, string | undefined]> = [
        ["the keys differ", { xml: sampleNfeXml({ key, idKey: sampleNfeKey(78) }), volume_qty: 1 }, "differ", "keys_differ"],
        ["a wrong check digit", { xml: sampleNfeXml({ key: `${key.slice(0, 43)}${(Number(key[43]) + 1) % 10}` }), volume_qty: 1 }, "check digit", "check_digit"],
        ["not authorised", { xml: sampleNfeXml({ key, status: "302" }), volume_qty: 1 }, "not authorised", "not_authorised"],
        ["not XML", { xml: "%PDF-1.7 a label renamed .xml", volume_qty: 1 }, "not XML", "not_xml"],
        ["too large", { xml: sampleNfeXml({ key }).replace("</nfeProc>", `<!--${"x".repeat(1_000_001)}--></nfeProc>`), volume_qty: 1 }, "invoiceXmlMaxBytes", "too_large"],
        ["an external entity", { xml: `<?xml version="1.0"?><!DOCTYPE nfeProc [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><nfeProc>&xxe;</nfeProc>`, volume_qty: 1 }, "DOCTYPE", "declares_entities"],
        ["no parcels", { xml: sampleNfeXml({ key }), volume_qty: 0 }, "volume_qty", undefined],
      ]
      for (const [what, body, named, problem] of cases) {
        const answer = await upload(code, body)
        expect([what, answer.status]).toEqual([what, 400])
        expect([what, answer.data.message]).toEqual([what, expect.stringContaining(named)])
        expect([what, answer.data.problem]).toEqual([what, problem])
      }
      expect(invoiceRequests(code)).toEqual([])
      expect(sandbox.hub.getOrder(code)?.status).toMatchObject({ type: "APPROVED" })
      // The moves route takes no XML upload of its own: an invoice with its XML goes to invoice-xml.
      const wrongRoute = await api
        .post(`/admin/hub/orders/${encodeURIComponent(code)}/moves`, { kind: "invoice", invoice: { key }, nfe: { volume_qty: 1, upload: "x" } }, headers)
        .catch((error: { response: ApiAnswer }) => error.response)
      expect(wrongRoute.status).toBe(400)
      expect(invoiceRequests(code)).toEqual([])
    })
  },
})
