import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createInventoryLevelsWorkflow } from "@medusajs/medusa/core-flows"
import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import { sampleNfeKey, sampleNfeXml, sampleTestOrder, type SandboxHub } from "../../src/sandbox"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { adminHeaders } from "../helpers/admin"
import { addSalesChannelWithLocation, hubAccountsForStore } from "../helpers/hub-accounts"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

/*
 * The marketplace's own delivery run from Medusa's admin (issue 40), against sandbox hubs over HTTP:
 * labels streamed, orders grouped into PLPs, printed, ungrouped and grouped again, Direct collections
 * requested; each action in the order's history; a lost answer read back, never resent; a second
 * account (whose hub takes the marketplace's number in `order_remote_codes`, and so does its option)
 * kept apart.
 */
const BRAND_B_CHANNEL = "sc_01HUBDELIVERYB"
const accountHubs = hubAccountsForStore([{ id: "brand-b", salesChannelId: BRAND_B_CHANNEL, options: { plpOrderCodes: "marketplace_number" } }])
const sandbox = sandboxHubForStore()

type ApiAnswer = { status: number; data: any; headers: Record<string, string> }

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let hubModule: HubModuleService
    let headers: Awaited<ReturnType<typeof adminHeaders>>
    let hubB: SandboxHub

    beforeEach(async () => {
      container = getContainer()
      hubModule = container.resolve(HUB_MODULE)
      hubB = accountHubs.get("brand-b")!
      for (const hub of [sandbox.hub, hubB]) {
        hub.reset()
        hub.upsertProducts([{ sku: "SKU-1", qty: 50, name: "Camiseta", price: 59.9 }])
      }
      const store = await seedStore(container, { products: [{ sku: "SKU-1", stocked: 50 }] })
      const location = await addSalesChannelWithLocation(container, { salesChannelId: BRAND_B_CHANNEL, name: "Marca B" })
      await container.resolve(ContainerRegistrationKeys.LINK).create({
        [Modules.PRODUCT]: { product_id: store.variantsBySku["SKU-1"].product_id },
        [Modules.SALES_CHANNEL]: { sales_channel_id: BRAND_B_CHANNEL },
      })
      await createInventoryLevelsWorkflow(container).run({ input: { inventory_levels: [{ inventory_item_id: store.inventoryItemsBySku["SKU-1"], location_id: location, stocked_quantity: 50 }] } })
      headers = await adminHeaders(container)
    })

    const call = (method: "get" | "post" | "delete", path: string, body?: object): Promise<ApiAnswer> =>
      (method === "post" ? api.post(path, body, headers) : api[method](path, headers)).catch((error: { response: ApiAnswer }) => error.response)
    const q = (account = "default") => `account=${account}`

    async function approvedOrder(calculation_type: string, hub = sandbox.hub, account = "default", channel = "Loja Exemplo") {
      const { code } = hub.createOrder({ ...sampleTestOrder({ channel, items: [{ id: "SKU-1", qty: 1 }] }), calculation_type })
      hub.marketplaceApprove(code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account(account))
      return code
    }
    const invoiceByKey = async (code: string, number: number, account = "default") => {
      const answer = await call("post", `/admin/hub/orders/${encodeURIComponent(code)}/moves?${q(account)}`, { kind: "invoice", invoice: { key: sampleNfeKey(number) } })
      expect(answer.status).toBe(200)
    }
    const history = async (code: string, account = "default") =>
      (await call("get", `/admin/hub/orders/${encodeURIComponent(code)}/moves?${q(account)}`)).data.delivery_actions.map((row: any) => `${row.action}:${row.state}:${row.plp_id}`).reverse()
    const groupRequests = (hub: SandboxHub) => hub.requestLog().filter((entry) => entry.method === "POST" && entry.path === "/shipments/b2w/")

    it("a Correios order: label printed, grouped into a PLP, printed, ungrouped and grouped again, each in its history", async () => {
      const code = await approvedOrder("b2wentregacorreios")
      const label = await call("get", `/admin/hub/orders/${encodeURIComponent(code)}/label?${q()}`)
      expect(label.status).toBe(200)
      expect(label.headers["content-type"]).toBe("application/pdf")
      expect(String(label.data).startsWith("%PDF-")).toBe(true)
      expect((await call("get", `/admin/hub/orders/${encodeURIComponent(code)}/label?${q()}&format=json`)).data).toMatchObject({ code, carrier: "CORREIOS" })

      await invoiceByKey(code, 501)
      const toGroup = await call("get", `/admin/hub/delivery/to-group?${q()}`)
      const [record] = await hubModule.listHubOrders({ account: "default", code })
      expect(toGroup.data).toEqual({ orders: [{ code, shipping: "CORREIOS", order_id: record.order_id, status_type: "INVOICED" }], page: 1, next_page: null })

      const grouped = await call("post", `/admin/hub/delivery/plps?${q()}`, { order_codes: [code] })
      expect(grouped.status).toBe(201)
      const plpId = grouped.data.outcome.plp_id
      expect(plpId).toMatch(/^\d+$/)
      expect((await call("get", `/admin/hub/delivery/plps?${q()}`)).data.plps).toEqual([{ id: plpId, type: "CORREIOS", order_codes: [code] }])
      const plpPdf = await call("get", `/admin/hub/delivery/plps/${plpId}?${q()}`)
      expect(plpPdf.headers["content-type"]).toBe("application/pdf")
      expect(String(plpPdf.data)).toContain(`PLP ${plpId}`)
      expect((await call("get", `/admin/hub/delivery/plps/${plpId}?${q()}&format=json`)).data.docsExternos).toEqual([expect.objectContaining({ docExterno: code, numNotaFiscal: "501" })])

      expect((await call("delete", `/admin/hub/delivery/plps/${plpId}?${q()}`)).status).toBe(200)
      const again = await call("post", `/admin/hub/delivery/plps?${q()}`, { order_codes: [code] })
      expect(again.status).toBe(201)
      expect(await history(code)).toEqual([`grouped:done:${plpId}`, `ungrouped:done:${plpId}`, `grouped:done:${again.data.outcome.plp_id}`])

      // Grouped already: the hub refuses, in its words, and the refusal is in the history too.
      const refused = await call("post", `/admin/hub/delivery/plps?${q()}`, { order_codes: [code] })
      expect(refused.status).toBe(422)
      expect(refused.data.message).toContain("não disponíveis")
      expect((await history(code)).at(-1)).toBe("grouped:refused:null")
    })

    it("a Direct order: no label until invoiced with its XML; grouped; its collection requested", async () => {
      // Codes of their own per test: the hub client remembers what the hub refused across tests.
      const code = await approvedOrder("b2wentregadirect", sandbox.hub, "default", "Loja Direct")
      const none = await call("get", `/admin/hub/orders/${encodeURIComponent(code)}/label?${q()}`)
      expect(none.status).toBe(404)
      expect(none.data.message).toContain("Direct one once its NF-e XML invoice is processed")

      const xml = await call("post", `/admin/hub/orders/${encodeURIComponent(code)}/invoice-xml?${q()}`, { xml: sampleNfeXml({ key: sampleNfeKey(502) }), volume_qty: 2 })
      expect(xml.status).toBe(200)
      expect((await call("get", `/admin/hub/orders/${encodeURIComponent(code)}/label?${q()}&format=json`)).data.volumes).toHaveLength(2)

      const { data } = await call("post", `/admin/hub/delivery/plps?${q()}`, { order_codes: [code] })
      expect((await call("get", `/admin/hub/delivery/collectables?${q()}`)).data.orders).toEqual([expect.objectContaining({ code })])
      const requested = await call("post", `/admin/hub/delivery/collections?${q()}`, { order_codes: [code] })
      expect(requested.status).toBe(201)
      expect((await call("get", `/admin/hub/delivery/collectables?${q()}&requested=true`)).data.orders).toEqual([expect.objectContaining({ code })])
      expect((await call("get", `/admin/hub/delivery/collectables?${q()}`)).data.orders).toEqual([])
      expect(await history(code)).toEqual([`grouped:done:${data.outcome.plp_id}`, "collection_requested:done:null"])
    })

    it("a group whose answer is lost is read back from the hub's PLPs: done, sent once", async () => {
      const code = await approvedOrder("b2wentregacorreios", sandbox.hub, "default", "Loja Perdida")
      await invoiceByKey(code, 503)
      sandbox.hub.setFaults({ loseAnswerRate: 1 })
      const grouped = await call("post", `/admin/hub/delivery/plps?${q()}`, { order_codes: [code] })
      sandbox.hub.setFaults({})
      expect(grouped.status).toBe(201)
      expect(grouped.data.outcome).toMatchObject({ state: "done", plp_id: expect.stringMatching(/^\d+$/) })
      expect(groupRequests(sandbox.hub)).toHaveLength(1)
      expect(await history(code)).toEqual([`grouped:done:${grouped.data.outcome.plp_id}`])
    })

    it("bad requests are 400s naming the field; nothing reaches the hub", async () => {
      // The store's own jobs may read the hub meanwhile (orders, statuses): only delivery requests count.
      const deliveryRequests = () => sandbox.hub.requestLog().filter((entry) => entry.path.startsWith("/shipments") || entry.path.includes("/shipment_labels")).length
      const before = deliveryRequests()
      expect((await call("post", `/admin/hub/delivery/plps?${q()}`, { order_codes: [] })).data.message).toContain("order_codes")
      expect((await call("get", `/admin/hub/delivery/collectables?${q()}&requested=maybe`)).data.message).toContain("requested")
      expect((await call("get", `/admin/hub/orders/X-1/label?${q()}&format=png`)).data.message).toContain("format")
      expect((await call("get", `/admin/hub/delivery/to-group?account=nope`)).status).toBe(400)
      expect(deliveryRequests()).toBe(before)
    })

    it("two accounts kept apart: brand B's actions reach its hub alone, with the marketplace's number its option names", async () => {
      hubB.setPlpOrderCodes("marketplace_number")
      const code = await approvedOrder("b2wentregacorreios", hubB, "brand-b", "Americanas")
      await invoiceByKey(code, 504, "brand-b")
      expect((await call("get", `/admin/hub/delivery/to-group?${q()}`)).data.orders).toEqual([])
      expect((await call("get", `/admin/hub/delivery/to-group?${q("brand-b")}`)).data.orders).toEqual([expect.objectContaining({ code })])

      const grouped = await call("post", `/admin/hub/delivery/plps?${q("brand-b")}`, { order_codes: [code] })
      expect(grouped.status).toBe(201)
      expect(groupRequests(hubB).map((entry) => entry.body)).toEqual([{ order_remote_codes: [code.slice("Americanas-".length)] }])
      expect(groupRequests(sandbox.hub)).toHaveLength(0)
      expect(await history(code, "brand-b")).toEqual([`grouped:done:${grouped.data.outcome.plp_id}`])
      expect(await history(code)).toEqual([])
    })
  },
})
