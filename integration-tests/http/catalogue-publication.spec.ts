import { createProductCategoriesWorkflow, deleteProductsWorkflow, updateInventoryLevelsWorkflow, updateProductsWorkflow } from "@medusajs/core-flows"
import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import type { HubProductInput } from "../../src/hub-client"
import { catalogueFlusher } from "../../src/sync/catalogue/catalogue-flusher"
import { loadProductsForHub } from "../../src/queries/hub-product-publication"
import { adminHeaders } from "../helpers/admin"
import { eventually } from "../helpers/eventually"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { createHubProduct, type NewProduct } from "../helpers/publication-products"
import { seedStore } from "../helpers/store"

jest.setTimeout(240_000)

// A short lease, so a publisher that dies with products claimed loses them within the test.
const sandbox = sandboxHubForStore({}, { HUB_PUBLISH_PRODUCTS: "true", HUB_CATALOGUE_LEASE_MS: "2000", HUB_CATALOGUE_RETRY_DELAY_MS: "200" })

medusaIntegrationTestRunner({
  testSuite: ({ getContainer, api }) => {
    let container: MedusaContainer
    let hub: HubModuleService
    let store: Awaited<ReturnType<typeof seedStore>>

    /** The `POST /products` requests the sandbox received, their bodies. */
    const creates = () => sandbox.hub.requestLog().filter((entry) => entry.method === "POST" && entry.path === "/products").map((entry) => (entry.body as { product: any }).product)
    const puts = (sku: string) => sandbox.hub.requestLog().filter((entry) => entry.method === "PUT" && entry.path === `/products/${sku}`).map((entry) => (entry.body as { product: any }).product)

    const createProduct = (product: NewProduct) => createHubProduct(container, { salesChannelId: store.salesChannel.id, stockLocationId: store.stockLocation.id }, product)

    async function publicationOf(productId: string) {
      const [row] = await hub.listHubProductPublications({ product_id: productId })
      return row
    }

    beforeEach(async () => {
      container = getContainer()
      hub = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      store = await seedStore(container, { products: [] })
      sandbox.hub.resetRequestLog()
    })

    it("a product with one variant is created by exactly one POST carrying every mapped field, in kg and cm", async () => {
      const { result: [parent] } = await createProductCategoriesWorkflow(container).run({ input: { product_categories: [{ name: "Roupas", handle: "roupas", is_active: true }] } })
      const { result: [child] } = await createProductCategoriesWorkflow(container).run({
        input: { product_categories: [{ name: "Camisetas", handle: "camisetas", parent_category_id: parent.id, is_active: true }] },
      })
      const productId = await createProduct({ title: "Camiseta Azul", category_ids: [child.id], variants: [{ sku: "CAM-AZUL", stocked: 7, ean: "7891000315507", price: 79.9 }] })
      await eventually(async () => expect((await publicationOf(productId))?.state).toBe("published"))
      expect(creates()).toEqual([
        {
          sku: "CAM-AZUL",
          name: "Camiseta Azul",
          description: "<p>Feito à mão.</p>",
          status: "enabled",
          qty: 7,
          // No sale: no promotional_price (issue 49: a hub of the older model refuses one equal to the price).
          price: 79.9,
          weight: 1.234,
          height: 10,
          width: 20.5,
          length: 30,
          brand: "Acme",
          ean: "7891000315507",
          nbm: "61091000",
          images: ["https://cdn.example.com/a.jpg", "https://cdn.example.com/b.jpg"],
          categories: [{ code: "camisetas", name: "Roupas > Camisetas" }],
          specifications: [
            { key: "material", value: "Algodão" },
            { key: "origin_country", value: "BR" },
          ],
        },
      ])
      expect(sandbox.hub.getProduct("CAM-AZUL")).toMatchObject({ name: "Camiseta Azul", qty: 7, weight: 1.234 })
      // The catalogue outbox took the create's fields as accepted: no PUT repeats them.
      await catalogueFlusher(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).flush()
      expect(puts("CAM-AZUL")).toEqual([])
    })

    it("a product with 2 options × 2 values is one POST with variation_attributes and 4 variations, each with its own quantity", async () => {
      const options = [
        { title: "Cor", values: ["Azul", "Verde"] },
        { title: "Tamanho", values: ["P", "G"] },
      ]
      const variants = [
        { sku: "TEE-AZ-P", stocked: 1, options: { Cor: "Azul", Tamanho: "P" } },
        { sku: "TEE-AZ-G", stocked: 2, options: { Cor: "Azul", Tamanho: "G" } },
        { sku: "TEE-VE-P", stocked: 3, options: { Cor: "Verde", Tamanho: "P" } },
        { sku: "TEE-VE-G", stocked: 4, options: { Cor: "Verde", Tamanho: "G" } },
      ]
      const productId = await createProduct({ title: "Camiseta", handle: "camiseta", options, variants })
      await eventually(async () => expect((await publicationOf(productId))?.state).toBe("published"))
      const [body] = creates()
      expect(creates()).toHaveLength(1)
      expect(body.sku).toBe("camiseta")
      expect([...body.variation_attributes].sort()).toEqual(["Cor", "Tamanho"])
      expect(body.qty).toBeUndefined()
      const bySku = (a: { sku: string }, b: { sku: string }) => a.sku.localeCompare(b.sku)
      expect(body.variations.sort(bySku).map((variation: any) => [variation.sku, variation.qty, [...variation.specifications].sort((a, b) => a.key.localeCompare(b.key))])).toEqual(
        [...variants].sort(bySku).map((variant) => [variant.sku, variant.stocked, [{ key: "Cor", value: variant.options.Cor }, { key: "Tamanho", value: variant.options.Tamanho }]])
      )
      expect(sandbox.hub.getVariation("TEE-VE-G")).toMatchObject({ qty: 4, parent_sku: "camiseta" })
    })

    it("a round reads the hub's stock locations and the products' channel links once, whatever its variants", async () => {
      const single = await createProduct({ title: "Caneca", variants: [{ sku: "CANECA-R", stocked: 3 }] })
      const configurable = await createProduct({
        title: "Meia",
        handle: "meia",
        options: [{ title: "Tamanho", values: ["P", "G"] }],
        variants: [
          { sku: "MEIA-P", stocked: 1, options: { Tamanho: "P" } },
          { sku: "MEIA-G", stocked: 2, options: { Tamanho: "G" } },
        ],
      })
      // The events of their creation handled first (published, the outbox drained): only this call reads below.
      await eventually(async () => {
        expect([(await publicationOf(single))?.state, (await publicationOf(configurable))?.state]).toEqual(["published", "published"])
        expect(await hub.account("default").records.catalogueBacklog()).toBe(0)
      })
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const graph = jest.spyOn(query, "graph")
      try {
        const products = await loadProductsForHub(container, [single, configurable], hub.account("default").options)
        const quantities = (id: string) => products.get(id)?.reading?.variants.map((variant) => [variant.sku, variant.qty]).sort()
        expect([quantities(single), quantities(configurable)]).toEqual([[["CANECA-R", 3]], [["MEIA-G", 2], ["MEIA-P", 1]]])
        const entities = graph.mock.calls.map(([config]) => (config as { entity: string }).entity)
        expect(entities.filter((entity) => entity === "sales_channel_locations")).toHaveLength(1)
        expect(entities.filter((entity) => entity === "product_sales_channel")).toHaveLength(1)
      } finally {
        graph.mockRestore()
      }
    })

    it("a title edit is one PUT carrying only the name", async () => {
      const productId = await createProduct({ title: "Caneca", variants: [{ sku: "CANECA", stocked: 3 }] })
      await eventually(async () => expect((await publicationOf(productId))?.state).toBe("published"))
      sandbox.hub.resetRequestLog()
      await updateProductsWorkflow(container).run({ input: { selector: { id: productId }, update: { title: "Caneca Grande" } } })
      await eventually(() => expect(sandbox.hub.getProduct("CANECA")?.name).toBe("Caneca Grande"))
      await catalogueFlusher(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).flush()
      expect(puts("CANECA")).toEqual([{ name: "Caneca Grande" }])
      expect(creates()).toEqual([])
    })

    it("a product missing its weight is listed not publishable naming weight, and is published once the weight is set", async () => {
      const productId = await createProduct({ title: "Sem peso", weight: 0, variants: [{ sku: "SEM-PESO", stocked: 2 }] })
      const headers = await adminHeaders(container)
      await eventually(async () => {
        const { data } = await api.get("/admin/hub/products?state=not_publishable", headers)
        expect(data.products).toEqual([expect.objectContaining({ product_id: productId, sku: "SEM-PESO", state: "not_publishable", title: "Sem peso" })])
        expect(data.products[0].problems).toEqual([{ field: "weight", message: expect.stringContaining("weight") }])
      })
      expect(creates()).toEqual([])
      // Its stock waits for the create, on the product's publication: not in the stock backlog, whose oldest change would age for good.
      await eventually(async () => expect((await container.resolve<HubModuleService>(HUB_MODULE).listHubCatalogueChanges({ sku: "SEM-PESO" }))[0]?.state).toBe("awaiting"))
      expect((await api.get("/admin/hub/stock", headers)).data.stock).toMatchObject({ backlog: 0, oldestPendingChangeAt: null })
      await updateProductsWorkflow(container).run({ input: { selector: { id: productId }, update: { weight: 500 } } })
      await eventually(async () => expect((await publicationOf(productId))?.state).toBe("published"))
      expect(creates()).toEqual([expect.objectContaining({ sku: "SEM-PESO", weight: 0.5 })])
      const { data } = await api.get("/admin/hub/products?state=not_publishable", headers)
      expect(data.products).toEqual([])
    })

    it("stock that waited for its product is sent once the product is linked to the SKU the merchant made on the hub meanwhile", async () => {
      const productId = await createProduct({ title: "Feito no painel", weight: 0, variants: [{ sku: "NO-PAINEL", stocked: 5 }] })
      await eventually(async () => expect((await hub.listHubCatalogueChanges({ sku: "NO-PAINEL" }))[0]?.state).toBe("awaiting"))
      // Read (the hub held nothing of it), never written.
      expect(sandbox.hub.requestLog().filter((entry) => entry.path.endsWith("/NO-PAINEL") && entry.method !== "GET")).toEqual([])
      // Made in the hub's panel while the store's product was not publishable; then the merchant sets the weight.
      sandbox.hub.upsertProducts([{ sku: "NO-PAINEL", qty: 0, name: "Feito no painel" }])
      await updateProductsWorkflow(container).run({ input: { selector: { id: productId }, update: { weight: 500 } } })
      await eventually(async () => expect(await publicationOf(productId)).toMatchObject({ state: "published", linked: true }))
      await eventually(() => expect(sandbox.hub.getProduct("NO-PAINEL")?.qty).toBe(5))
      expect(creates()).toEqual([])
    })

    it("a hub refusal is listed with the hub's words and not resent unchanged; a change in Medusa tries again", async () => {
      // The sandbox takes descriptions up to 4,000 characters; the plugin does not check their length.
      const productId = await createProduct({ title: "Longa", description: "x".repeat(4001), variants: [{ sku: "LONGA", stocked: 1 }] })
      await eventually(async () => expect((await publicationOf(productId))?.state).toBe("refused"))
      const headers = await adminHeaders(container)
      const { data } = await api.get("/admin/hub/products?state=refused", headers)
      expect(data.products).toEqual([expect.objectContaining({ product_id: productId, sku: "LONGA", hub_error: expect.stringContaining("description"), hub_error_status: 422 })])
      // The merchant is told in Medusa's feed, once.
      await eventually(async () => {
        const { data: feed } = await api.get("/admin/notifications?limit=100&fields=*", headers)
        expect(feed.notifications.filter((notice: any) => notice.data.title === "The hub refused to publish product LONGA")).toHaveLength(1)
      })
      expect(creates()).toHaveLength(1)
      // Another edit that maps to the same body (a field the hub does not take) sends nothing.
      const { version } = await publicationOf(productId)
      await updateProductsWorkflow(container).run({ input: { selector: { id: productId }, update: { subtitle: "não vai" } } })
      await eventually(async () => expect((await publicationOf(productId))?.version).toBeGreaterThan(version))
      await catalogueFlusher(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).flush()
      await eventually(async () => expect((await publicationOf(productId))?.due_at).toBeNull())
      expect(creates()).toHaveLength(1)
      // Only reads of LONGA since (before each look; how many looks a burst of events makes is the flusher's timing): no write.
      expect(sandbox.hub.requestLog().filter((entry) => entry.path === "/products/LONGA" && entry.method !== "GET")).toEqual([])
      await updateProductsWorkflow(container).run({ input: { selector: { id: productId }, update: { description: "Curta." } } })
      await eventually(async () => expect((await publicationOf(productId))?.state).toBe("published"))
      expect(creates().map((body) => body.description)).toEqual(["x".repeat(4001), "Curta."])
    })

    it("a SKU the hub already held is neither created nor overwritten: linked, and only later edits are sent", async () => {
      sandbox.hub.upsertProducts([{ sku: "DO-HUB", qty: 9, name: "Nome do lojista no hub", price: 10 }])
      const productId = await createProduct({ title: "Nome no Medusa", variants: [{ sku: "DO-HUB", stocked: 9 }] })
      await eventually(async () => expect(await publicationOf(productId)).toMatchObject({ state: "published", linked: true }))
      expect(creates()).toEqual([])
      expect(sandbox.hub.getProduct("DO-HUB")).toMatchObject({ name: "Nome do lojista no hub" })
      await updateProductsWorkflow(container).run({ input: { selector: { id: productId }, update: { description: "Nova descrição" } } })
      await eventually(() => expect(sandbox.hub.getProduct("DO-HUB")?.description).toBe("Nova descrição"))
      expect(puts("DO-HUB").filter((body) => !("qty" in body))).toEqual([{ description: "Nova descrição" }])
      expect(sandbox.hub.getProduct("DO-HUB")?.name).toBe("Nome do lojista no hub")
    })

    it("a configurable product the hub already held is linked, and the variations the hub lacks are added to it", async () => {
      await hub.account("default").products.create({
        sku: "meia-link",
        name: "Meia do lojista",
        description: "<p>No hub antes.</p>",
        price: 19.9,
        status: "enabled",
        variation_attributes: ["Tamanho"],
        variations: [{ sku: "MEIA-LINK-P", qty: 1, specifications: [{ key: "Tamanho", value: "P" }] }],
      } as HubProductInput)
      sandbox.hub.resetRequestLog()
      const productId = await createProduct({
        title: "Meia",
        handle: "meia-link",
        options: [{ title: "Tamanho", values: ["P", "G"] }],
        variants: [
          { sku: "MEIA-LINK-P", stocked: 1, options: { Tamanho: "P" } },
          { sku: "MEIA-LINK-G", stocked: 2, options: { Tamanho: "G" } },
        ],
      })
      await eventually(async () => expect(await publicationOf(productId)).toMatchObject({ state: "published", linked: true }))
      await eventually(() => expect(sandbox.hub.getVariation("MEIA-LINK-G")).toMatchObject({ parent_sku: "meia-link", qty: 2 }))
      expect(creates()).toEqual([])
      const added = sandbox.hub.requestLog().filter((entry) => entry.method === "POST" && entry.path === "/products/meia-link/variations")
      expect(added.map((entry) => (entry.body as { variation: { sku: string } }).variation.sku)).toEqual(["MEIA-LINK-G"])
      expect(sandbox.hub.getProduct("meia-link")).toMatchObject({ name: "Meia do lojista" })
    })

    it("a product deleted in Medusa is disabled on the hub with qty 0, never deleted; one unpublished is disabled and enabled again", async () => {
      const keptId = await createProduct({ title: "Vai e volta", variants: [{ sku: "VAI-VOLTA", stocked: 2 }] })
      const goneId = await createProduct({ title: "Apagado", variants: [{ sku: "APAGADO", stocked: 3 }] })
      await eventually(async () => {
        expect((await publicationOf(keptId))?.state).toBe("published")
        expect((await publicationOf(goneId))?.state).toBe("published")
      })
      sandbox.hub.resetRequestLog()
      await deleteProductsWorkflow(container).run({ input: { ids: [goneId] } })
      await updateProductsWorkflow(container).run({ input: { selector: { id: keptId }, update: { status: "draft" } } })
      await eventually(() => {
        expect(sandbox.hub.getProduct("APAGADO")).toMatchObject({ status: "disabled", qty: 0 })
        expect(sandbox.hub.getProduct("VAI-VOLTA")).toMatchObject({ status: "disabled" })
      })
      await eventually(async () => expect(await publicationOf(goneId)).toBeUndefined())
      expect(sandbox.hub.requestLog().filter((entry) => entry.method === "DELETE")).toEqual([])
      await updateProductsWorkflow(container).run({ input: { selector: { id: keptId }, update: { status: "published" } } })
      await eventually(() => expect(sandbox.hub.getProduct("VAI-VOLTA")).toMatchObject({ status: "enabled", qty: 2 }))
      expect(creates()).toEqual([])
    })

    it("a product the hub already held that lacks its weight is linked; its edits still go and the problem stays listed", async () => {
      sandbox.hub.upsertProducts([{ sku: "SEM-PESO-HUB", qty: 1, name: "No hub", price: 10 }])
      const productId = await createProduct({ title: "Sem peso", weight: 0, variants: [{ sku: "SEM-PESO-HUB", stocked: 1 }] })
      await eventually(async () => expect(await publicationOf(productId)).toMatchObject({ state: "published", linked: true }))
      await updateProductsWorkflow(container).run({ input: { selector: { id: productId }, update: { description: "Agora com descrição nova" } } })
      await eventually(() => expect(sandbox.hub.getProduct("SEM-PESO-HUB")?.description).toBe("Agora com descrição nova"))
      await eventually(async () => expect(await publicationOf(productId)).toMatchObject({ state: "not_publishable", problems: [expect.objectContaining({ field: "weight" })] }))
      expect(sandbox.hub.getProduct("SEM-PESO-HUB")).toMatchObject({ name: "No hub" })
      expect(sandbox.hub.getProduct("SEM-PESO-HUB")?.weight).toBeUndefined()
      expect(creates()).toEqual([])
    })

    it("stock the hub took before publication was turned on: a change made while its product's first push is in flight goes right after it, as one hub product", async () => {
      const options = hub.hubOptions as { publishProducts: boolean }
      sandbox.hub.upsertProducts([{ sku: "JA-SINCRONIZADO", qty: 0, name: "No hub", price: 10 }])
      options.publishProducts = false
      let productId: string
      try {
        productId = await createProduct({ title: "Já sincronizado", variants: [{ sku: "JA-SINCRONIZADO", stocked: 4 }] })
        await eventually(() => expect(sandbox.hub.getProduct("JA-SINCRONIZADO")?.qty).toBe(4))
        expect(await publicationOf(productId)).toBeUndefined()
      } finally {
        options.publishProducts = true
      }
      // Publication turned on: the product's first look waits on the hub's answer to its read.
      const read = sandbox.hub.holdRequests("GET", "/products/JA-SINCRONIZADO")
      try {
        await updateProductsWorkflow(container).run({ input: { selector: { id: productId }, update: { title: "Já sincronizado!" } } })
        await read.reached
        expect((await publicationOf(productId))?.accepted).toBeNull()
        const query = container.resolve(ContainerRegistrationKeys.QUERY)
        const { data: [variant] } = await query.graph({ entity: "product_variant", fields: ["inventory_items.inventory_item_id"], filters: { sku: "JA-SINCRONIZADO" } })
        await updateInventoryLevelsWorkflow(container).run({
          input: { updates: [{ inventory_item_id: variant.inventory_items[0].inventory_item_id, location_id: store.stockLocation.id, stocked_quantity: 2 }] },
        })
        // Recorded, and held with its product: the SKU is never claimed apart from it.
        await eventually(async () => expect((await hub.listHubCatalogueChanges({ sku: "JA-SINCRONIZADO" }))[0]).toMatchObject({ state: "pending", available_quantity: 2 }))
        expect(sandbox.hub.getProduct("JA-SINCRONIZADO")?.qty).toBe(4)
      } finally {
        read.release()
      }
      await eventually(async () => expect(await publicationOf(productId)).toMatchObject({ state: "published", linked: true }))
      await eventually(() => expect(sandbox.hub.getProduct("JA-SINCRONIZADO")?.qty).toBe(2))
      expect(creates()).toEqual([])
    })

    it("an excluded product is never sent", async () => {
      const productId = await createProduct({ title: "Fora", status: "draft", variants: [{ sku: "FORA", stocked: 4 }] })
      const headers = await adminHeaders(container)
      const { data } = await api.post(`/admin/hub/products/${productId}/exclusion`, { excluded: true }, headers)
      expect(data.product).toMatchObject({ product_id: productId, excluded: true })
      await updateProductsWorkflow(container).run({ input: { selector: { id: productId }, update: { status: "published" } } })
      await catalogueFlusher(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).flush()
      await eventually(async () => expect(await publicationOf(productId)).toMatchObject({ state: "excluded", due_at: null }))
      await catalogueFlusher(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).sweep()
      await catalogueFlusher(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).flush()
      expect(creates()).toEqual([])
      expect(sandbox.hub.requestLog().filter((entry) => entry.path.startsWith("/products/FORA") && entry.method !== "PUT")).toEqual([])
      const bad = await api.post(`/admin/hub/products/${productId}/exclusion`, { excluded: "yes" }, headers).catch((error: any) => error.response)
      expect(bad.status).toBe(400)
      expect(bad.data.message).toContain("excluded")
    })

    it("a publisher that dies with products claimed, one of them already created on the hub, loses and duplicates nothing", async () => {
      // A catalogue published while nothing listened (its status set straight in PostgreSQL): the
      // first publication's sweep marks it.
      const ids: string[] = []
      for (let index = 1; index <= 6; index++) ids.push(await createProduct({ title: `Lote ${index}`, status: "draft", variants: [{ sku: `LOTE-${index}`, stocked: index }] }))
      await eventually(async () => expect(await hub.listHubProductPublications({ product_id: ids })).toEqual([]))
      const db = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await db.raw(`update product set status = 'published' where id = any(?)`, [ids])
      expect(await hub.account("default").records.publications.mark(ids, { onlyNew: true })).toBe(6)
      // The dying publisher: it claims what is due and creates the first on the hub, then is gone.
      const { publications: dead } = await hub.account("default").records.catalogueClaims.claim(100)
      expect(dead.map((claim) => claim.productId).sort()).toEqual([...ids].sort())
      const first = dead.find((claim) => claim.productId === ids[0])
      if (first) await hub.account("default").products.create({ sku: "LOTE-1", name: "Lote 1", description: "<p>Feito à mão.</p>", price: 79.9, qty: 1, status: "enabled", weight: 1.234, height: 10, width: 20.5, length: 30, images: ["https://cdn.example.com/a.jpg"] })
      // Its lease lapses; the live publisher reads the hub before creating anything.
      await eventually(async () => {
        await catalogueFlusher(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).flush()
        for (const id of ids) expect((await publicationOf(id))?.state).toBe("published")
      }, 30_000)
      const skus = creates().map((body) => body.sku).sort()
      expect(skus).toEqual(["LOTE-1", "LOTE-2", "LOTE-3", "LOTE-4", "LOTE-5", "LOTE-6"])
      for (let index = 1; index <= 6; index++) expect(sandbox.hub.getProduct(`LOTE-${index}`)).toBeDefined()
    })
  },
})
