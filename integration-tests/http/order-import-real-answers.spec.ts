import fs from "node:fs"
import path from "node:path"
import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { consumeOrderQueue } from "../../src/sync/orders/order-queue"
import { reconcileCatalogue } from "../../src/sync/catalogue/catalogue-reconciliation"
import { adminHeaders } from "../helpers/admin"
import { hubOrderReads } from "../helpers/hub-order-import"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(300_000)

const sandbox = sandboxHubForStore()

/** Orders as real hubs send them (integration-tests/fixtures/hub-answers: each names its source). */
const CORPUS_DIR = path.join(__dirname, "../fixtures/hub-answers/orders")
type CorpusOrder = { code: string; total_ordered: number; items: Array<{ id: string; qty: number }> } & Record<string, unknown>
const corpus: CorpusOrder[] = fs
  .readdirSync(CORPUS_DIR)
  .filter((file) => file.endsWith(".json"))
  .sort()
  .map((file) => JSON.parse(fs.readFileSync(path.join(CORPUS_DIR, file), "utf8")))

/** A corpus body placed now (the listing reads recent days), otherwise as the hub sent it. */
const placedNow = (body: CorpusOrder): CorpusOrder => ({ ...body, placed_at: new Date().toISOString(), updated_at: new Date().toISOString() })

/** Units each SKU of the corpus asks for, all orders together. */
function unitsBySku(orders: CorpusOrder[]): Record<string, number> {
  const units: Record<string, number> = {}
  for (const order of orders) for (const item of order.items) units[item.id] = (units[item.id] ?? 0) + item.qty
  return units
}

const SKUS = ["CAMISETA-AZUL-M", "CANECA-300", "GARRAFA-750"]

/*
 * Real order bodies (nulls, phones with a dash, CEPs with theirs, a company buyer, no shipping address
 * yet, promotions, a custom status code) through the listing and the queue into reserved Medusa orders
 * at total_ordered; the buyer's data with the buyer alone; a products page with one malformed product
 * reconciled; a status catalogue with types outside the seven.
 */
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let hubModule: HubModuleService
    let store: Awaited<ReturnType<typeof seedStore>>
    let headers: Awaited<ReturnType<typeof adminHeaders>>

    beforeEach(async () => {
      container = getContainer()
      hubModule = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      sandbox.hub.upsertProducts(SKUS.map((sku) => ({ sku, qty: 50, name: sku, price: 100 })))
      // The account's custom status of order 09 (GET /statuses maps it to NEW).
      sandbox.hub.addStatus({ code: "AEF", label: "Aguardando envio do formulário", type: "NEW" })
      store = await seedStore(container, { products: SKUS.map((sku) => ({ sku, stocked: 50 })) })
      headers = await adminHeaders(container)
    })

    const { hubOrderRecord, stockLevel } = hubOrderReads(
      () => container,
      () => store
    )

    async function medusaOrderOf(code: string) {
      const record = await hubOrderRecord(code)
      expect({ code, state: record?.import_state, reason: record?.set_aside_reason ?? null }).toEqual({ code, state: "imported", reason: null })
      const { data } = await api.get(`/admin/orders/${record.order_id}?fields=+total,+customer.has_account,+customer.id,+metadata,+items.metadata,+shipping_address.*,+billing_address.*`, headers)
      return { record, order: data.order }
    }

    async function expectAllImported() {
      for (const body of corpus) {
        const { order } = await medusaOrderOf(body.code)
        expect({ code: body.code, total: order.total }).toEqual({ code: body.code, total: body.total_ordered })
      }
      const units = unitsBySku(corpus)
      for (const sku of SKUS) expect({ sku, reserved: (await stockLevel(sku)).reserved_quantity }).toEqual({ sku, reserved: units[sku] })
    }

    it("imports nine real bodies from the listing, each reserved, at total_ordered, with what the merchant needs kept", async () => {
      for (const body of corpus) sandbox.hub.insertRawOrder(placedNow(body))
      const summary = await runOrderImport(container, hubModule.account("default"))
      expect(summary).toMatchObject({ imported: corpus.length, set_aside: 0, error: null })
      await expectAllImported()

      const promoted = await medusaOrderOf("Lojas Exemplo-1517940500554-01")
      expect(promoted.record).toMatchObject({ remote_code: "1517940500554-01", expedition_limit_date: new Date("2025-03-18T23:59:59-03:00") })
      expect(promoted.order.metadata).toMatchObject({ hub_remote_code: "1517940500554-01", hub_expedition_limit_date: "2025-03-19T02:59:59.000Z" })
      expect(promoted.order.items[0].metadata).toMatchObject({ hub_promotions: [expect.objectContaining({ seller_value: 15, sponsor_value: 25 })], hub_remote_store_id: "98" })
      const company = await medusaOrderOf("Loja Exemplo-201036063223003")
      expect(company.order.billing_address.metadata).toMatchObject({ state_registration: "110.042.490.114" })
      const phones = await medusaOrderOf("Loja Exemplo-201036063223002")
      expect(phones.order.shipping_address).toMatchObject({ postal_code: "49010390", phone: "79998765432" })
      const unaddressed = await medusaOrderOf("Loja Exemplo-201036063223005")
      expect(unaddressed.order.shipping_address ?? null).toBeNull()

      // The catalogue's types outside the seven are kept as the hub says them, and stopped nothing.
      const statuses = await hubModule.listHubStatusEntries({ account: "default" }, { take: null })
      const known = ["NEW", "APPROVED", "CANCELED", "INVOICED", "SHIPPED", "DELIVERED", "SHIPMENT_EXCEPTION"]
      expect(statuses.filter((status) => !known.includes(status.type)).length).toBeGreaterThan(0)
      expect(statuses.find((status) => status.code === "AEF")?.type).toBe("NEW")
    })

    it("imports the same bodies from the order queue, each acknowledged once", async () => {
      for (const body of corpus) sandbox.hub.insertRawOrder(placedNow(body))
      const queued = await consumeOrderQueue(container, hubModule.account("default"))
      expect(queued).toMatchObject({ error: null, set_aside: 0 })
      await expectAllImported()
      const acknowledged = sandbox.hub.requestLog().filter((entry) => entry.method === "DELETE").map((entry) => decodeURIComponent(entry.path))
      expect(acknowledged.sort()).toEqual(corpus.map((body) => `/queues/orders/${body.code}`).sort())
    })

    it("reserves a NEW order that has no shipping address yet, and sets the hub's address on it once the hub has one", async () => {
      const body = placedNow(corpus.find((order) => order.code === "Loja Exemplo-201036063223005")!)
      sandbox.hub.insertRawOrder(body)
      expect(await runOrderImport(container, hubModule.account("default"))).toMatchObject({ imported: 1, set_aside: 0 })
      expect((await stockLevel("CAMISETA-AZUL-M")).reserved_quantity).toBe(1)
      expect((await medusaOrderOf(body.code)).order.shipping_address ?? null).toBeNull()
      // Paid: the hub now carries the address, as a CEP with its dash and a phone as written.
      const address = { full_name: "Mariana Teixeira", street: "Rua Harmonia", number: "88", complement: null, neighborhood: "Vila Madalena", city: "São Paulo", region: "SP", country: "BR", postcode: "05435-000", phone: "(11) 97777-1234", reference: null }
      sandbox.hub.insertRawOrder({ ...body, status: { code: "payment_received", label: "Aprovado", type: "APPROVED" }, shipping_address: address, updated_at: new Date().toISOString() })
      expect(await runOrderImport(container, hubModule.account("default"))).toMatchObject({ updated: 1 })
      const { order } = await medusaOrderOf(body.code)
      expect(order.shipping_address).toMatchObject({ address_1: "Rua Harmonia, 88", city: "São Paulo", postal_code: "05435000", phone: "11977771234", country_code: "br" })
      expect((await stockLevel("CAMISETA-AZUL-M")).reserved_quantity).toBe(1)
    })

    it("never attaches a marketplace buyer's order to a storefront account registered under the buyer's e-mail", async () => {
      const customers = container.resolve(Modules.CUSTOMER)
      // Whoever registers first under a marketplace buyer's e-mail (Medusa does not verify it at sign-up).
      const [registered] = await customers.createCustomers([{ email: "beatriz.lima@example.com", first_name: "Someone", last_name: "Else", has_account: true }])
      sandbox.hub.insertRawOrder(placedNow(corpus[0]))
      expect(await runOrderImport(container, hubModule.account("default"))).toMatchObject({ imported: 1 })
      const { order } = await medusaOrderOf(corpus[0].code)
      expect(order.customer).toMatchObject({ has_account: false })
      expect(order.customer.id).not.toBe(registered.id)
      const theirs = await container.resolve(Modules.ORDER).listOrders({ customer_id: registered.id })
      expect(theirs).toEqual([])
      // The buyer's next order finds the same guest, still not the account.
      const second = { ...corpus[0], code: "Loja Exemplo-201036063223099" }
      sandbox.hub.insertRawOrder(placedNow(second))
      await runOrderImport(container, hubModule.account("default"))
      expect((await medusaOrderOf(second.code)).order.customer.id).toBe(order.customer.id)
    })

    it("reconciles a products page holding one malformed product: the others compared and corrected, the walk ended whole", async () => {
      // The hub lists CANECA-300 at 7 (Medusa has 50), a product without its quantity, one named null with status "".
      sandbox.hub.misbehave({
        answer: {
          bucket: "GET /products",
          times: 1,
          body: {
            products: [
              { sku: "CANECA-300", name: null, status: "", qty: 7, price: 100 },
              { sku: "GARRAFA-750", name: "Garrafa", status: null, qty: null },
              { sku: "CAMISETA-AZUL-M", name: "Camiseta", status: "enabled", qty: 50, price: 100 },
            ],
            total: 3,
            next: null,
          },
        },
      })
      const result = await reconcileCatalogue(container, hubModule.account("default"))
      expect(result).toMatchObject({ error: null, seen: 2, differing: 1, setAside: [expect.stringMatching(/^"GARRAFA-750": qty: /)] })
    })
  },
})
