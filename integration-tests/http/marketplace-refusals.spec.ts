import { updateProductsWorkflow, updateProductVariantsWorkflow } from "@medusajs/core-flows"
import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { adminHeaders } from "../helpers/admin"
import { eventually } from "../helpers/eventually"
import { createHubProduct } from "../helpers/publication-products"
import { addSalesChannelWithLocation, hubAccountsForStore } from "../helpers/hub-accounts"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

/*
 * What the marketplace refuses after the hub said yes (issue 42, docs/catalogue.md, Refused by the
 * marketplace): the hub's sync errors read, shown on the product card and the order card in the hub's
 * words, told once in the admin feed, and cleared with one PATCH once the product fixed in Medusa was
 * taken again. The sandbox plays the review (`eanRequired`: a product without an EAN is refused after 201).
 */
const accountHubs = hubAccountsForStore([{ id: "brand-b", salesChannelId: "sc_01HUBREFUSALSB" }])
const sandbox = sandboxHubForStore({}, { HUB_PUBLISH_PRODUCTS: "true", HUB_CATALOGUE_RETRY_DELAY_MS: "200" })

type ApiAnswer = { status: number; data: any }

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let headers: Awaited<ReturnType<typeof adminHeaders>>
    let store: Awaited<ReturnType<typeof seedStore>>

    beforeEach(async () => {
      container = getContainer()
      sandbox.hub.reset()
      accountHubs.get("brand-b")!.reset()
      sandbox.hub.setReview({ eanRequired: true })
      store = await seedStore(container, { products: [] })
      await addSalesChannelWithLocation(container, { salesChannelId: "sc_01HUBREFUSALSB", name: "Marca B" })
      headers = await adminHeaders(container)
      sandbox.hub.resetRequestLog()
    })

    const readNow = (account = "default"): Promise<ApiAnswer> => api.post(`/admin/hub/sync-errors/read?account=${account}`, {}, headers).catch((error: { response: ApiAnswer }) => error.response)
    const cardOf = async (productId: string) => (await api.get(`/admin/hub/products/${productId}`, headers)).data.publications.find((entry: { account: string }) => entry.account === "default")
    const patches = () => sandbox.hub.requestLog().filter((entry) => entry.method === "PATCH")
    const feedTitles = async () => (await container.resolve(Modules.NOTIFICATION).listNotifications({ channel: "feed" })).map((notice) => String((notice.data as { title?: string }).title))

    it("a product the hub took (201) and the marketplace refused: on the card in the hub's words, told once; fixed in Medusa, sent once and cleared with one PATCH", async () => {
      const productId = await createHubProduct(container, { salesChannelId: store.salesChannel.id, stockLocationId: store.stockLocation.id }, { title: "Caneca sem código", variants: [{ sku: "CANECA-SEM-EAN", stocked: 3 }] })
      await eventually(async () => expect((await cardOf(productId)).product?.state).toBe("published"))

      const read = await readNow()
      expect(read.status).toBe(200)
      expect(read.data.read).toMatchObject({ products: 1, orders: 0, added: 1, complete: true, error: null })
      const card = await cardOf(productId)
      expect(card.marketplace_refusals).toEqual([
        expect.objectContaining({ entity_id: "CANECA-SEM-EAN", error_code: "ean_null", name: "Produto sem EAN", solution: expect.stringContaining("Informe o EAN"), occurrences: 1 }),
      ])
      // Read again: the same error, told once.
      await readNow()
      await eventually(async () => expect((await feedTitles()).filter((title) => title.includes("CANECA-SEM-EAN"))).toHaveLength(1))
      expect(patches()).toEqual([])

      // The merchant gives the variant its EAN: the product goes once (a PUT with the EAN), then one PATCH clears the error.
      const variantId = (await container.resolve(Modules.PRODUCT).listProductVariants({ sku: "CANECA-SEM-EAN" }))[0].id
      sandbox.hub.resetRequestLog()
      await updateProductVariantsWorkflow(container).run({ input: { selector: { id: variantId }, update: { ean: "7891000315507" } } })
      await eventually(() => expect(patches()).toHaveLength(1))
      const puts = sandbox.hub.requestLog().filter((entry) => entry.method === "PUT" && entry.path === "/products/CANECA-SEM-EAN")
      expect(puts).toHaveLength(1)
      expect((puts[0].body as { product: { ean?: string } }).product.ean).toBe("7891000315507")
      expect(patches()[0]).toMatchObject({ path: "/sync_errors/products", status: 200, body: { errors: [{ entity_id: "CANECA-SEM-EAN", error_category_code: "link_b2w_products", error_code: "ean_null" }] } })
      expect((await cardOf(productId)).marketplace_refusals).toEqual([])
      // The marketplace looked again and found it right: the next read lists nothing, and nothing more is sent.
      expect((await readNow()).data.read).toMatchObject({ products: 0, complete: true })
      expect((await cardOf(productId)).marketplace_refusals).toEqual([])
      expect(patches()).toHaveLength(1)
    })

    it("an error the hub lists again after it was cleared comes back on the card", async () => {
      const productId = await createHubProduct(container, { salesChannelId: store.salesChannel.id, stockLocationId: store.stockLocation.id }, { title: "Caneca teimosa", variants: [{ sku: "CANECA-TEIMOSA", stocked: 2, ean: "7891000315507" }] })
      await eventually(async () => expect((await cardOf(productId)).product?.state).toBe("published"))
      sandbox.hub.reportSyncError({ entity: "products", entity_id: "CANECA-TEIMOSA", error_code: "empty_name", error_category_code: "link_b2w_products", message: "Nome inválido para a categoria" })
      await readNow()
      expect((await cardOf(productId)).marketplace_refusals).toEqual([expect.objectContaining({ error_code: "empty_name", message: "Nome inválido para a categoria" })])
      // A title edit goes (the hub takes it) and clears it; the marketplace reports it again.
      await updateProductsWorkflow(container).run({ input: { selector: { id: productId }, update: { title: "Caneca teimosa azul" } } })
      await eventually(() => expect(sandbox.hub.getProduct("CANECA-TEIMOSA")?.name).toBe("Caneca teimosa azul"))
      await eventually(() => expect(patches()).toHaveLength(1))
      expect((await cardOf(productId)).marketplace_refusals).toEqual([])
      sandbox.hub.reportSyncError({ entity: "products", entity_id: "CANECA-TEIMOSA", error_code: "empty_name", error_category_code: "link_b2w_products", message: "Nome inválido para a categoria" })
      await readNow()
      expect((await cardOf(productId)).marketplace_refusals).toEqual([expect.objectContaining({ error_code: "empty_name" })])
    })

    it("an order's sync error on its card; the hub page lists refusals; a hub that fails the read keeps them", async () => {
      sandbox.hub.reportSyncError({ entity: "orders", entity_id: "Loja-77", error_code: "invoice_rejected", error_category_code: "link_b2w_orders", message: "Chave de NF-e inválida" })
      expect((await readNow()).data.read).toMatchObject({ orders: 1, added: 1 })
      const moves = await api.get("/admin/hub/orders/Loja-77/moves?account=default", headers)
      expect(moves.data.marketplace_refusals).toEqual([expect.objectContaining({ entity_id: "Loja-77", error_code: "invoice_rejected", name: "Nota fiscal recusada", solution: expect.stringContaining("NF-e") })])
      const listed = await api.get("/admin/hub/sync-errors?account=default&entity=orders", headers)
      expect(listed.data).toMatchObject({ count: 1, marketplace_refusals: [expect.objectContaining({ entity_id: "Loja-77" })] })

      // The hub failing mid-read: nothing is taken for gone.
      sandbox.hub.setFaults({ errorRate: 1 })
      const failed = await readNow()
      sandbox.hub.setFaults({})
      expect(failed.data.read).toMatchObject({ complete: false, error: expect.any(String) })
      expect((await api.get("/admin/hub/sync-errors?account=default&entity=orders", headers)).data.count).toBe(1)
      expect((await api.get("/admin/hub/sync-errors?account=default&entity=parcels", headers).catch((error: { response: ApiAnswer }) => error.response)).status).toBe(400)
    })

    it("two accounts apart: each reads its own hub's refusals, lists and cards show each account's alone", async () => {
      const hubB = accountHubs.get("brand-b")!
      hubB.reportSyncError({ entity: "orders", entity_id: "Marca-B-1", error_code: "invoice_rejected", error_category_code: "link_b2w_orders", message: "Chave de NF-e inválida" })
      expect((await readNow("default")).data.read).toMatchObject({ orders: 0, complete: true })
      expect((await readNow("brand-b")).data.read).toMatchObject({ account: "brand-b", orders: 1, added: 1 })
      expect((await api.get("/admin/hub/sync-errors?account=default&entity=orders", headers)).data.count).toBe(0)
      expect((await api.get("/admin/hub/sync-errors?account=brand-b&entity=orders", headers)).data.marketplace_refusals).toEqual([expect.objectContaining({ entity_id: "Marca-B-1" })])
      expect((await api.get("/admin/hub/orders/Marca-B-1/moves?account=default", headers)).data.marketplace_refusals).toEqual([])
      // Brand B's hub was asked nothing by the default account's read, and the reverse.
      expect(sandbox.hub.requestLog().some((entry) => entry.path.startsWith("/sync_errors") && entry.status === 200)).toBe(true)
      expect(hubB.requestLog().filter((entry) => entry.path.startsWith("/sync_errors/orders"))).toHaveLength(1)
    })
  },
})
