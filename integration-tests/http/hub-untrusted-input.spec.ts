import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { request } from "node:http"
import { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import { sampleNfeKey, sampleNfeXml, sampleTestOrder } from "../../src/sandbox"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { adminHeaders } from "../helpers/admin"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

/*
 * What comes from outside is checked where it enters (issue 50, Low): an order code in an admin
 * route's path, before it reaches a hub URL; an NF-e XML the parser will not build; an NF-e's
 * authorisation, issue date and key checked as the public NF-e rules and the hub take them; a
 * collection's lost answer; the hub's refusal text masked; an import run whose process died.
 */
const sandbox = sandboxHubForStore()

type RawAnswer = { status: number; data: any }

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let headers: Awaited<ReturnType<typeof adminHeaders>>

    beforeEach(async () => {
      container = getContainer()
      sandbox.hub.reset()
      sandbox.hub.upsertProducts([{ sku: "SKU-1", qty: 10, name: "Camiseta", price: 59.9 }])
      await seedStore(container, { products: [{ sku: "SKU-1", stocked: 10 }] })
      headers = await adminHeaders(container)
    })

    /** A request whose path goes as written: axios and fetch resolve `%2E%2E` as `..` before sending. */
    function raw(method: string, path: string, body?: object): Promise<RawAnswer> {
      const base = new URL(api.defaults.baseURL as string)
      return new Promise((resolve, reject) => {
        const sent = request({ host: base.hostname, port: base.port, method, path, headers: { ...headers.headers, "content-type": "application/json" } }, (answer) => {
          let text = ""
          answer.on("data", (chunk) => (text += chunk))
          answer.on("end", () => resolve({ status: answer.statusCode!, data: text ? JSON.parse(text) : undefined }))
        })
        sent.on("error", reject)
        sent.end(body ? JSON.stringify(body) : undefined)
      })
    }

    it("refuses an order code that is a path segment (`%2E%2E`, `%2E`) on every route that puts one in a hub URL, naming the field", async () => {
      const { code } = sandbox.hub.createOrder({ ...sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }), calculation_type: "b2wentregacorreios" })
      sandbox.hub.marketplaceApprove(code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      const sentBefore = sandbox.hub.requestLog().length
      for (const segment of ["%2E%2E", "%2E", "%2e%2e"]) {
        for (const [method, path, body] of [
          ["GET", `/admin/hub/orders/${segment}/label`],
          ["GET", `/admin/hub/orders/${segment}/label?format=json`],
          ["GET", `/admin/hub/orders/${segment}/moves`],
          ["POST", `/admin/hub/orders/${segment}/moves`, { kind: "cancel" }],
          ["POST", `/admin/hub/orders/${segment}/invoice-xml`, { xml: "<nfeProc/>", volume_qty: 1 }],
        ] as Array<[string, string, object?]>) {
          const answer = await raw(method, path, body)
          expect([method, path, answer.status]).toEqual([method, path, 400])
          expect([method, path, answer.data.message]).toEqual([method, path, expect.stringMatching(/^code: /)])
        }
      }
      // Nothing about an order reached the hub (the import's stock push may still go beside it).
      expect(sandbox.hub.requestLog().slice(sentBefore).filter((entry) => !entry.path.startsWith("/products"))).toEqual([])
      // A real code, spaces and all, still goes through.
      const label = await api.get(`/admin/hub/orders/${encodeURIComponent(code)}/label?format=json`, headers)
      expect(label.data).toMatchObject({ code })
    })

    it("answers 400, not 500, to an NF-e XML nested past the parser's depth or with a tag __proto__, and sends nothing", async () => {
      const { code } = sandbox.hub.createOrder({ ...sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }), calculation_type: "b2wentregadirect" })
      sandbox.hub.marketplaceApprove(code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      const sentBefore = sandbox.hub.requestLog().length
      const good = sampleNfeXml({ key: sampleNfeKey(91) })
      for (const xml of [good.replace("</infNFe>", `${"<x>".repeat(200)}${"</x>".repeat(200)}</infNFe>`), good.replace("<ide>", "<__proto__><a>1</a></__proto__><ide>")]) {
        const answer = await api.post(`/admin/hub/orders/${encodeURIComponent(code)}/invoice-xml`, { xml, volume_qty: 1 }, headers).catch((error: { response: unknown }) => error.response as { status: number; data: any })
        expect(answer.status).toBe(400)
        expect(answer.data).toMatchObject({ problem: "not_nfe", message: expect.stringMatching(/^xml: the XML is not an NF-e/) })
      }
      // Nothing about an order reached the hub (the import's stock push may still go beside it).
      expect(sandbox.hub.requestLog().slice(sentBefore).filter((entry) => !entry.path.startsWith("/products"))).toEqual([])
    })

    it("invoices with an NF-e authorised late (cStat 150); refuses a date-only issue date and a key with a wrong check digit before the hub", async () => {
      const direct = sandbox.hub.createOrder({ ...sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }), calculation_type: "b2wentregadirect" })
      const own = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      for (const { code } of [direct, own]) sandbox.hub.marketplaceApprove(code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      const post = (path: string, body: object) => api.post(path, body, headers).catch((error: { response: unknown }) => error.response as { status: number; data: any })
      const sentBefore = sandbox.hub.requestLog().length

      const dateOnly = await post(`/admin/hub/orders/${encodeURIComponent(direct.code)}/invoice-xml`, { xml: sampleNfeXml({ key: sampleNfeKey(92), issuedAt: "2026-11-20" }), volume_qty: 1 })
      expect(dateOnly.status).toBe(400)
      expect(dateOnly.data).toMatchObject({ problem: "issue_date_format", message: expect.stringContaining("ISO 8601 with its offset") })
      const key = sampleNfeKey(93)
      const wrongDigit = await post(`/admin/hub/orders/${encodeURIComponent(own.code)}/moves`, { kind: "invoice", invoice: { key: `${key.slice(0, 43)}${(Number(key[43]) + 1) % 10}` } })
      expect(wrongDigit.status).toBe(400)
      expect(wrongDigit.data.message).toContain(`invoice.key's last digit should be ${key[43]}`)
      // Nothing about an order reached the hub (the import's stock push may still go beside it).
      expect(sandbox.hub.requestLog().slice(sentBefore).filter((entry) => !entry.path.startsWith("/products"))).toEqual([])

      const late = await post(`/admin/hub/orders/${encodeURIComponent(direct.code)}/invoice-xml`, { xml: sampleNfeXml({ key: sampleNfeKey(94), status: "150" }), volume_qty: 1 })
      expect(late.status).toBe(200)
      expect(sandbox.hub.getOrder(direct.code)?.status).toMatchObject({ type: "INVOICED" })
      expect((await post(`/admin/hub/orders/${encodeURIComponent(own.code)}/moves`, { kind: "invoice", invoice: { key } })).status).toBe(200)
    })

    it("a collection request whose answer is lost, not found in the hub's lists read only in part, is outcome unknown (never failed), and sent once", async () => {
      const { code } = sandbox.hub.createOrder({ ...sampleTestOrder({ channel: "Loja Coleta", items: [{ id: "SKU-1", qty: 1 }] }), calculation_type: "b2wentregadirect" })
      sandbox.hub.marketplaceApprove(code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      const post = (path: string, body: object) => api.post(path, body, headers).catch((error: { response: unknown }) => error.response as { status: number; data: any })
      expect((await post(`/admin/hub/orders/${encodeURIComponent(code)}/invoice-xml`, { xml: sampleNfeXml({ key: sampleNfeKey(95) }), volume_qty: 1 })).status).toBe(200)
      expect((await post("/admin/hub/delivery/plps", { order_codes: [code] })).status).toBe(201)

      // The hub carries the request out and its answer is lost; its requested list is longer than the read-back reads (full pages of others).
      sandbox.hub.setFaults({ loseAnswerRate: 1 })
      const others = Array.from({ length: 20 }, (_, index) => ({ code: `Loja Outra-${index}`, shipping: "DIRECT" }))
      sandbox.hub.misbehave({ answer: { body: { orders: others }, bucket: "GET /shipments" } })
      const requested = await post("/admin/hub/delivery/collections", { order_codes: [code] })
      sandbox.hub.setFaults({})
      sandbox.hub.misbehave({ answer: null })
      expect(requested.status).toBe(502)
      expect(requested.data.outcome).toMatchObject({ state: "unknown" })
      expect(requested.data.message).toContain("do not show it: it may be done")
      expect(sandbox.hub.requestLog().filter((entry) => entry.method === "POST" && entry.path === "/shipments/b2w/confirm_collection")).toHaveLength(1)
      const { data } = await api.get(`/admin/hub/orders/${encodeURIComponent(code)}/moves`, headers)
      expect(data.delivery_actions[0]).toMatchObject({ action: "collection_requested", state: "unknown" })
    })

    it("stores and shows the hub's refusal of an NF-e upload masked: no CPF, e-mail, phone, CEP or quoted XML", async () => {
      const { code } = sandbox.hub.createOrder({ ...sampleTestOrder({ channel: "Loja Recusa", items: [{ id: "SKU-1", qty: 1 }] }), calculation_type: "b2wentregadirect" })
      sandbox.hub.marketplaceApprove(code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      const refusal = "Nota recusada para maria@example.com, tel (11) 98765-4321, CEP 01310-100, CPF 123.456.789-09: <dest><CPF>12345678909</CPF><xNome>Maria da Silva</xNome></dest>"
      sandbox.hub.misbehave({ answer: { status: 422, body: { error: refusal }, times: 1, bucket: "POST /orders" } })
      const answer = await api
        .post(`/admin/hub/orders/${encodeURIComponent(code)}/invoice-xml`, { xml: sampleNfeXml({ key: sampleNfeKey(96) }), volume_qty: 1 }, headers)
        .catch((error: { response: unknown }) => error.response as { status: number; data: any })
      expect(answer.status).toBe(422)
      const hubModule: HubModuleService = container.resolve(HUB_MODULE)
      const [record] = await hubModule.listHubOrders({ code })
      const [move] = await hubModule.listHubOrderMoves({ hub_order_id: record.id })
      const { data } = await api.get(`/admin/hub/orders/${encodeURIComponent(code)}/moves`, headers)
      for (const shown of [answer.data.message, move.error, data.moves[0].error]) {
        expect(shown).toContain("Nota recusada para m***@example.com, tel (***21, CEP ***00, CPF ***09: [XML omitted]")
        for (const personal of ["maria@", "98765", "01310", "123.456", "12345678909", "Maria da Silva", "<dest>"]) expect(shown).not.toContain(personal)
      }
    })

    it("an import run whose process died (its lease passed) shows as interrupted, never running for ever; a live one running", async () => {
      const hubModule: HubModuleService = container.resolve(HUB_MODULE)
      const hour = 3_600_000
      // As a killed process leaves its run: started, never finished, its lease no longer moved on.
      const dead = await hubModule.createHubImportRuns({ account: "default", started_at: new Date(Date.now() - 2 * hour), held_until: new Date(Date.now() - hour) })
      const live = await hubModule.createHubImportRuns({ account: "default", started_at: new Date(Date.now() - 1_000), held_until: new Date(Date.now() + hour) })
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      const { data } = await api.get("/admin/hub/import-runs?limit=100", headers)
      const stateOf = (id: string) => data.import_runs.find((run: { id: string }) => run.id === id)?.state
      expect(stateOf(dead.id)).toBe("interrupted")
      expect(stateOf(live.id)).toBe("running")
      const [finished] = data.import_runs.filter((run: { id: string }) => run.id !== dead.id && run.id !== live.id)
      expect(finished).toMatchObject({ state: "finished", finished_at: expect.any(String), held_until: expect.any(String) })
    })
  },
})
