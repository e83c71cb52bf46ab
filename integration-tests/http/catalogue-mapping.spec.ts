import { createProductCategoriesWorkflow } from "@medusajs/core-flows"
import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { SandboxHub } from "../../src/sandbox"
import { adminHeaders } from "../helpers/admin"
import { eventually } from "../helpers/eventually"
import { createHubProduct } from "../helpers/publication-products"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

/*
 * The mapping of hub fields in the admin (issue 42, docs/catalogue.md, Mapping): a Medusa category mapped
 * to a hub category read from the hub's category service, the category's required attributes checked
 * before anything is sent, and a saved mapping re-sending only the products whose hub body it changes,
 * one PUT each. The sandbox's Camisetas (1001) requires Gênero and, per variation, Tamanho.
 */
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
      store = await seedStore(container, { products: [] })
      headers = await adminHeaders(container)
    })

    const answer = (request: Promise<ApiAnswer>) => request.catch((error: { response: ApiAnswer }) => error.response)
    const cardOf = async (productId: string) => (await api.get(`/admin/hub/products/${productId}`, headers)).data.publications.find((entry: { account: string }) => entry.account === "default")
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
