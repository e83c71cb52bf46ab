import { createProductCategoriesWorkflow, updateProductsWorkflow, updateProductVariantsWorkflow } from "@medusajs/core-flows"
import type { SandboxHub } from "../../src/sandbox"
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
 *
 * And what keeps it from being refused (docs/catalogue.md, Mapping): a Medusa category mapped to a hub
 * category read from the hub's category service, the category's required attributes checked before
 * anything is sent, and a saved mapping re-sending only the products whose hub body it changes, one PUT
 * each. The sandbox's Camisetas (1001) requires Gênero and, per variation, Tamanho.
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

    const readNow = (account = "default"): Promise<ApiAnswer> => api.post(`/admin/hub/marketplace-refusals/read?account=${account}`, {}, headers).catch((error: { response: ApiAnswer }) => error.response)
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
      const listed = await api.get("/admin/hub/marketplace-refusals?account=default&entity=orders", headers)
      expect(listed.data).toMatchObject({ count: 1, marketplace_refusals: [expect.objectContaining({ entity_id: "Loja-77" })] })
      // The routes' names before 0.4 answer the same.
      expect((await api.get("/admin/hub/sync-errors?account=default&entity=orders", headers)).data).toEqual(listed.data)
      expect((await api.post("/admin/hub/sync-errors/read?account=default", {}, headers)).data.read).toMatchObject({ orders: 1, added: 0 })

      // The hub failing mid-read: nothing is taken for gone.
      sandbox.hub.setFaults({ errorRate: 1 })
      const failed = await readNow()
      sandbox.hub.setFaults({})
      expect(failed.data.read).toMatchObject({ complete: false, error: expect.any(String) })
      expect((await api.get("/admin/hub/marketplace-refusals?account=default&entity=orders", headers)).data.count).toBe(1)
      expect((await api.get("/admin/hub/marketplace-refusals?account=default&entity=parcels", headers).catch((error: { response: ApiAnswer }) => error.response)).status).toBe(400)
    })

    it("two accounts apart: each reads its own hub's refusals, lists and cards show each account's alone", async () => {
      const hubB = accountHubs.get("brand-b")!
      hubB.reportSyncError({ entity: "orders", entity_id: "Marca-B-1", error_code: "invoice_rejected", error_category_code: "link_b2w_orders", message: "Chave de NF-e inválida" })
      expect((await readNow("default")).data.read).toMatchObject({ orders: 0, complete: true })
      expect((await readNow("brand-b")).data.read).toMatchObject({ account: "brand-b", orders: 1, added: 1 })
      expect((await api.get("/admin/hub/marketplace-refusals?account=default&entity=orders", headers)).data.count).toBe(0)
      expect((await api.get("/admin/hub/marketplace-refusals?account=brand-b&entity=orders", headers)).data.marketplace_refusals).toEqual([expect.objectContaining({ entity_id: "Marca-B-1" })])
      expect((await api.get("/admin/hub/orders/Marca-B-1/moves?account=default", headers)).data.marketplace_refusals).toEqual([])
      // Brand B's hub was asked nothing by the default account's read, and the reverse.
      expect(sandbox.hub.requestLog().some((entry) => entry.path.startsWith("/sync_errors") && entry.status === 200)).toBe(true)
      expect(hubB.requestLog().filter((entry) => entry.path.startsWith("/sync_errors/orders"))).toHaveLength(1)
    })

    const answer = (request: Promise<ApiAnswer>) => request.catch((error: { response: ApiAnswer }) => error.response)
    /** The requests a hub received that wrote a product (its own or a variation), `METHOD path` each. */
    const writes = (on: SandboxHub) => on.requestLog().filter((entry) => entry.method === "POST" || entry.method === "PUT").map((entry) => `${entry.method} ${entry.path}`)

    /** Roupas > Camisetas in Medusa; a T-shirt in Camisetas (two sizes) and a mug in no category. */
    async function catalogue() {
      const { result: [clothes] } = await createProductCategoriesWorkflow(container).run({ input: { product_categories: [{ name: "Roupas", is_active: true }] } })
      const { result: [shirts] } = await createProductCategoriesWorkflow(container).run({ input: { product_categories: [{ name: "Camisetas", parent_category_id: clothes.id, is_active: true }] } })
      return { clothes, shirts }
    }
    const where = () => ({ salesChannelId: store.salesChannel.id, stockLocationId: store.stockLocation.id })
    const shirtProduct = (categoryId: string) =>
      createHubProduct(container, where(), {
        title: "Camiseta básica",
        handle: "camiseta-basica",
        metadata: { genero: "Unissex" },
        category_ids: [categoryId],
        options: [{ title: "Tamanho", values: ["P", "M"] }],
        variants: [
          { sku: "TEE-P", stocked: 3, options: { Tamanho: "P" } },
          { sku: "TEE-M", stocked: 4, options: { Tamanho: "M" } },
        ],
      })

    it("a hub category's required attribute unmapped: not publishable, 0 POSTs; mapped: published with it; a mapping change sends only the products it changes, one PUT each", async () => {
      const { clothes, shirts } = await catalogue()
      // The hub's category list, page by page (10 at most), with each category's attributes.
      const first = await api.get("/admin/hub/mapping/hub-categories?account=default&limit=10&offset=0", headers)
      const camisetas = first.data.categories.find((category: { id: string }) => category.id === "1001")
      expect(camisetas).toMatchObject({ name: "Camisetas", ean_required: false, attributes: expect.arrayContaining([expect.objectContaining({ name: "Gênero", required: true, variant: false })]) })
      expect(first.data.count).toBeGreaterThan(10)
      expect((await answer(api.get("/admin/hub/mapping/hub-categories?account=default&limit=50", headers))).status).toBe(400)

      // Before any mapping is saved: what the options say.
      expect((await api.get("/admin/hub/mapping?account=default", headers)).data).toMatchObject({ saved: false, category_service: true, mapping: { brand: { kind: "metadata", key: "brand" }, categories: [] } })
      const unmapped = { categories: [{ category_id: clothes.id, hub_category: camisetas }], brand: { kind: "metadata", key: "brand" } }
      expect((await api.post("/admin/hub/mapping?account=default", unmapped, headers)).data).toMatchObject({ saved: true, products: 0 })

      const shirtId = await shirtProduct(shirts.id)
      const mugId = await createHubProduct(container, where(), { title: "Caneca", handle: "caneca", variants: [{ sku: "CANECA", stocked: 2 }] })
      await eventually(async () => expect((await cardOf(mugId)).product?.state).toBe("published"))
      await eventually(async () => expect((await cardOf(shirtId)).product?.state).toBe("not_publishable"))
      expect((await cardOf(shirtId)).product.problems).toEqual(expect.arrayContaining([expect.objectContaining({ field: "attributes.Gênero", message: expect.stringContaining("requires Gênero") })]))
      expect(writes(sandbox.hub).filter((write) => write.includes("camiseta") || write.includes("TEE"))).toEqual([])

      // The sample shows it before saving: the mapped attributes' values, and no problem left.
      const mapped = {
        ...unmapped,
        attributes: [
          { hub_category_id: "1001", name_id: "gen", source: { kind: "metadata", key: "genero" } },
          { hub_category_id: "1001", name_id: "tam", source: { kind: "option", title: "Tamanho" } },
        ],
      }
      const sample = await api.post(`/admin/hub/mapping/sample?account=default&product_id=${shirtId}`, mapped, headers)
      expect(sample.data).toMatchObject({ product: { id: shirtId }, hub_category: { id: "1001", name: "Camisetas" }, problems: [] })
      expect(sample.data.fields.specifications).toContainEqual({ key: "Gênero", value: "Unissex" })
      expect((await api.post(`/admin/hub/mapping/sample?account=default&product_id=${shirtId}`, unmapped, headers)).data.problems).not.toEqual([])
      // A bad body names the field.
      const bad = await answer(api.post("/admin/hub/mapping?account=default", { ...mapped, brand: { kind: "metadata" } }, headers))
      expect(bad.status).toBe(400)
      expect(bad.data.message).toContain("brand.key")

      sandbox.hub.resetRequestLog()
      expect((await api.post("/admin/hub/mapping?account=default", mapped, headers)).data).toMatchObject({ saved: true, products: 2 })
      await eventually(async () => expect((await cardOf(shirtId)).product?.state).toBe("published"))
      const created = sandbox.hub.getProduct("camiseta-basica")!
      expect(created.categories?.[0]).toEqual({ code: "1001", name: "Camisetas" })
      expect(created.specifications).toContainEqual({ key: "Gênero", value: "Unissex" })
      expect(writes(sandbox.hub).filter((write) => write.startsWith("POST"))).toEqual(["POST /products"])
      // The mug's body did not change: nothing was sent for it.
      expect(writes(sandbox.hub).filter((write) => write.includes("CANECA"))).toEqual([])

      // A new source for the brand changes both products: one PUT each, with the brand alone.
      sandbox.hub.resetRequestLog()
      expect((await api.post("/admin/hub/mapping?account=default", { ...mapped, brand: { kind: "fixed", value: "Marca Própria" } }, headers)).data.products).toBe(2)
      await eventually(() => expect(writes(sandbox.hub).sort()).toEqual(["PUT /products/CANECA", "PUT /products/camiseta-basica"]))
      for (const sku of ["CANECA", "camiseta-basica"]) expect(sandbox.hub.getProduct(sku)?.brand).toBe("Marca Própria")
      const bodies = sandbox.hub.requestLog().filter((entry) => entry.method === "PUT").map((entry) => (entry.body as { product: object }).product)
      expect(bodies).toEqual([{ brand: "Marca Própria" }, { brand: "Marca Própria" }])

      // Mapping an optional attribute changes the T-shirt alone.
      sandbox.hub.resetRequestLog()
      const withPrint = { ...mapped, brand: { kind: "fixed", value: "Marca Própria" }, attributes: [...mapped.attributes, { hub_category_id: "1001", name_id: "est", source: { kind: "fixed", value: "Lisa" } }] }
      await api.post("/admin/hub/mapping?account=default", withPrint, headers)
      await eventually(() => expect(writes(sandbox.hub)).toEqual(["PUT /products/camiseta-basica"]))
      expect(sandbox.hub.getProduct("camiseta-basica")?.specifications).toContainEqual({ key: "Estampa", value: "Lisa" })
      // Settled: nothing more goes.
      await eventually(async () => expect((await cardOf(shirtId)).product?.state).toBe("published"))
      expect(writes(sandbox.hub)).toEqual(["PUT /products/camiseta-basica"])
    })
  },
})
