import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  createInventoryLevelsWorkflow,
  createProductsWorkflow,
  linkProductsToSalesChannelWorkflow,
  updateProductsWorkflow,
} from "@medusajs/medusa/core-flows"
import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import { catalogueFlusher } from "../../src/sync/catalogue/catalogue-flusher"
import type { SandboxHub } from "../../src/sandbox"
import { adminHeaders } from "../helpers/admin"
import { addSalesChannelWithLocation, hubAccountsForStore } from "../helpers/hub-accounts"
import { eventually, waitUntil } from "../helpers/eventually"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(240_000)

/*
 * Product publication in a store with two hub accounts, both with `publishProducts`: `default` sells
 * the store's default sales channel (its distribution centre), `brand-b` its own channel with its own
 * stock location. Each account publishes its own channel's products to its own hub, with its own
 * quantities, client and budget. Two sandbox hubs over loopback HTTP.
 */

const BRAND_B_CHANNEL = "sc_01BRANDB"
const accountHubs = hubAccountsForStore([{ id: "brand-b", salesChannelId: BRAND_B_CHANNEL }])
// Brand B takes `publishProducts` and the retry delay from the default account's options.
const sandbox = sandboxHubForStore({}, { HUB_PUBLISH_PRODUCTS: "true", HUB_CATALOGUE_RETRY_DELAY_MS: "200" })

type AxiosFailure = { response: { status: number; data: { message: string } } }
type Channels = "both" | "A" | "B"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let hub: HubModuleService
    let store: Awaited<ReturnType<typeof seedStore>>
    let brandBLocationId: string
    const hubA = () => sandbox.hub
    const hubB = () => accountHubs.get("brand-b")!

    /** The `POST /products` bodies a hub received. */
    const creates = (on: SandboxHub) =>
      on.requestLog().filter((entry) => entry.method === "POST" && entry.path === "/products").map((entry) => (entry.body as { product: any }).product)
    /** The `PUT /products/{sku}` bodies a hub received that the publication sent (the stock outbox's carry `qty`). */
    const publicationPuts = (on: SandboxHub, sku: string) =>
      on
        .requestLog()
        .filter((entry) => entry.method === "PUT" && entry.path === `/products/${sku}`)
        .map((entry) => (entry.body as { product: any }).product)
        .filter((body) => !("qty" in body))

    beforeEach(async () => {
      container = getContainer()
      hub = container.resolve(HUB_MODULE)
      hubA().reset()
      hubB().reset()
      store = await seedStore(container, { products: [] })
      // Brand B's channel (the id its account names) with its own location.
      brandBLocationId = await addSalesChannelWithLocation(container, { salesChannelId: BRAND_B_CHANNEL, name: "Marca B" })
      hubA().resetRequestLog()
      hubB().resetRequestLog()
    })

    /**
     * A one-variant product ready for the hub, in the channels named, stocked `stocked.A` at the
     * distribution centre and `stocked.B` at brand B's shop: made as a draft, stocked, then published.
     */
    async function createProduct(sku: string, channels: Channels, stocked: { A: number; B: number }, extra: { description?: string } = {}): Promise<string> {
      const salesChannels = { both: [store.salesChannel.id, BRAND_B_CHANNEL], A: [store.salesChannel.id], B: [BRAND_B_CHANNEL] }[channels]
      const { result } = await createProductsWorkflow(container).run({
        input: {
          products: [
            {
              title: `Produto ${sku}`,
              description: extra.description ?? "<p>Feito à mão.</p>",
              status: "draft",
              weight: 500,
              height: 10,
              width: 20,
              length: 30,
              images: [{ url: "https://cdn.example.com/a.jpg" }],
              options: [{ title: "Tamanho", values: ["Único"] }],
              sales_channels: salesChannels.map((id) => ({ id })),
              variants: [{ title: sku, sku, manage_inventory: true, options: { Tamanho: "Único" }, prices: [{ currency_code: "brl", amount: 49.9 }] }],
            },
          ],
        },
      })
      const productId = result[0].id
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data: [variant] } = await query.graph({ entity: "product_variant", fields: ["inventory_items.inventory_item_id"], filters: { sku } })
      const inventoryItemId = variant.inventory_items[0].inventory_item_id
      await createInventoryLevelsWorkflow(container).run({
        input: {
          inventory_levels: [
            { inventory_item_id: inventoryItemId, location_id: store.stockLocation.id, stocked_quantity: stocked.A },
            { inventory_item_id: inventoryItemId, location_id: brandBLocationId, stocked_quantity: stocked.B },
          ],
        },
      })
      await updateProductsWorkflow(container).run({ input: { selector: { id: productId }, update: { status: "published" } } })
      return productId
    }

    /** The product's publication rows, `account state` each. */
    async function statesOf(productId: string): Promise<string[]> {
      const rows = await hub.listHubProductPublications({ product_id: productId }, { select: ["account", "state"] })
      return rows.map((row) => `${row.account} ${row.state}`).sort()
    }

    it("a product in both channels is created on both hubs, one POST each with its own channel's quantity; the outbox of each takes it as accepted", async () => {
      const productId = await createProduct("AMBOS", "both", { A: 7, B: 3 })
      await eventually(async () => expect(await statesOf(productId)).toEqual(["brand-b published", "default published"]))
      expect(creates(hubA()).map((body) => [body.sku, body.qty, body.status])).toEqual([["AMBOS", 7, "enabled"]])
      expect(creates(hubB()).map((body) => [body.sku, body.qty, body.status])).toEqual([["AMBOS", 3, "enabled"]])
      // Each create's quantity is accepted in its own account's outbox: neither hub is sent it again.
      await eventually(async () => {
        const rows = await hub.listHubCatalogueChanges({ sku: "AMBOS" }, { select: ["account", "accepted", "state"] })
        expect(rows.map((row) => `${row.account} ${(row.accepted as { qty?: number }).qty} ${row.state}`).sort()).toEqual(["brand-b 3 sent", "default 7 sent"])
      })
      for (const on of [hubA(), hubB()]) {
        expect(on.requestLog().filter((entry) => entry.method === "PUT" && entry.path === "/products/AMBOS")).toEqual([])
      }
    })

    it("a product only in brand B's channel is created on brand B's hub only; the default account's hub is never asked about it", async () => {
      const productId = await createProduct("SO-B", "B", { A: 5, B: 2 })
      await eventually(async () => expect(await statesOf(productId)).toEqual(["brand-b published"]))
      expect(creates(hubB()).map((body) => [body.sku, body.qty])).toEqual([["SO-B", 2]])
      expect(creates(hubA())).toEqual([])
      expect(hubA().requestLog().filter((entry) => entry.path.includes("SO-B"))).toEqual([])
      // The sweep of each account finds the same: nothing of the default's to add.
      expect(await catalogueFlusher(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).sweep()).toBe(0)
      expect(await statesOf(productId)).toEqual(["brand-b published"])
    })

    it("an edit reaches both hubs as a partial PUT; leaving brand B's channel disables it on brand B's hub only", async () => {
      const productId = await createProduct("EDITADO", "both", { A: 4, B: 1 })
      await eventually(async () => expect(await statesOf(productId)).toEqual(["brand-b published", "default published"]))
      await updateProductsWorkflow(container).run({ input: { selector: { id: productId }, update: { title: "Produto renomeado" } } })
      await eventually(() => {
        expect(publicationPuts(hubA(), "EDITADO")).toEqual([{ name: "Produto renomeado" }])
        expect(publicationPuts(hubB(), "EDITADO")).toEqual([{ name: "Produto renomeado" }])
      })
      expect([creates(hubA()).length, creates(hubB()).length]).toEqual([1, 1])

      await linkProductsToSalesChannelWorkflow(container).run({ input: { id: BRAND_B_CHANNEL, remove: [productId] } })
      await eventually(() => expect(hubB().getProduct("EDITADO")).toMatchObject({ status: "disabled", qty: 0 }))
      expect(hubA().getProduct("EDITADO")).toMatchObject({ status: "enabled", qty: 4, name: "Produto renomeado" })
      expect(publicationPuts(hubA(), "EDITADO")).toEqual([{ name: "Produto renomeado" }])
    })

    it("each account its own mapping: brand B's saved sends brand B's hub one PUT, the default account's hub nothing, its mapping unchanged", async () => {
      const productId = await createProduct("MAPA", "both", { A: 2, B: 2 })
      await eventually(async () => expect(await statesOf(productId)).toEqual(["brand-b published", "default published"]))
      hubA().resetRequestLog()
      hubB().resetRequestLog()
      const headers = await adminHeaders(container)
      const saved = await api.post("/admin/hub/mapping?account=brand-b", { brand: { kind: "fixed", value: "Marca B" } }, headers)
      expect(saved.data).toMatchObject({ account: "brand-b", saved: true, products: 1 })
      await eventually(() => expect(publicationPuts(hubB(), "MAPA")).toEqual([{ brand: "Marca B" }]))
      expect(hubA().requestLog().filter((entry) => entry.method !== "GET")).toEqual([])
      expect((await api.get("/admin/hub/mapping?account=default", headers)).data).toMatchObject({ saved: false })
      expect(hubA().getProduct("MAPA")?.brand).toBeUndefined()
      // Each account reads its own hub's categories.
      hubB().setCategories([{ id: "9001", eanRequired: false, categoryData: { id: "9001", name: "Só da marca B" }, attributes: [] }])
      const categories = await api.get("/admin/hub/mapping/hub-categories?account=brand-b", headers)
      expect(categories.data).toMatchObject({ account: "brand-b", count: 1, categories: [{ id: "9001", name: "Só da marca B" }] })
      expect((await api.get("/admin/hub/mapping/hub-categories?account=default", headers)).data.categories.map((category: { id: string }) => category.id)).not.toContain("9001")
    })

    it("a SKU brand B's hub already holds is linked there, never created or overwritten, and created on the default account's hub", async () => {
      hubB().upsertProducts([{ sku: "JA-NO-B", qty: 1, name: "Nome do lojista no hub B", price: 10 }])
      const productId = await createProduct("JA-NO-B", "both", { A: 6, B: 2 })
      await eventually(async () => expect(await statesOf(productId)).toEqual(["brand-b published", "default published"]))
      const rows = await hub.listHubProductPublications({ product_id: productId }, { select: ["account", "linked"] })
      expect(rows.map((row) => `${row.account} ${row.linked}`).sort()).toEqual(["brand-b true", "default false"])
      expect(creates(hubB())).toEqual([])
      expect(creates(hubA()).map((body) => body.sku)).toEqual(["JA-NO-B"])
      // Each hub was read before anything was sent to it.
      for (const on of [hubA(), hubB()]) expect(on.requestLog().filter((entry) => entry.method === "GET" && entry.path === "/products/JA-NO-B").length).toBeGreaterThan(0)
      expect(hubB().getProduct("JA-NO-B")).toMatchObject({ name: "Nome do lojista no hub B" })
      expect(hubA().getProduct("JA-NO-B")).toMatchObject({ name: "Produto JA-NO-B", qty: 6 })
    })

    it("?account= lists and acts on each account's publications; a refusal's notice names brand B; brand-x is a 400 naming it", async () => {
      const headers = await adminHeaders(container)
      const both = await createProduct("LISTADO", "both", { A: 1, B: 1 })
      // The sandbox takes descriptions up to 4,000 characters: both hubs refuse this one.
      const refused = await createProduct("LONGA", "B", { A: 0, B: 1 }, { description: "x".repeat(4001) })
      await eventually(async () => {
        expect(await statesOf(both)).toEqual(["brand-b published", "default published"])
        expect(await statesOf(refused)).toEqual(["brand-b refused"])
      })
      const listed = async (query: string) => (await api.get(`/admin/hub/products${query}`, headers)).data
      const a = await listed("")
      expect(a).toMatchObject({ account: "default", accounts: ["default", "brand-b"], publish_products: true, count: 1 })
      expect(a.products.map((row: any) => [row.account, row.sku, row.state])).toEqual([["default", "LISTADO", "published"]])
      expect(a.counts).toMatchObject({ published: 1, refused: 0 })
      const b = await listed("?account=brand-b")
      expect(b).toMatchObject({ account: "brand-b", count: 2 })
      expect(b.products.map((row: any) => [row.account, row.sku, row.state]).sort()).toEqual([
        ["brand-b", "LISTADO", "published"],
        ["brand-b", "LONGA", "refused"],
      ])
      expect(b.counts).toMatchObject({ published: 1, refused: 1 })
      expect((await listed("?account=brand-b&state=refused")).products).toEqual([expect.objectContaining({ product_id: refused, hub_error_status: 422 })])
      await eventually(async () => {
        const { data: feed } = await api.get("/admin/notifications?limit=100&fields=*", headers)
        expect(feed.notifications.map((notice: any) => notice.data.title).filter((title: string) => title.includes("LONGA"))).toEqual([
          "The hub refused to publish product LONGA (hub account brand-b)",
        ])
      })

      // The product card's reading: each account whose channel sells the product, with its row.
      const card = async (productId: string) => (await api.get(`/admin/hub/products/${productId}`, headers)).data
      expect((await card(refused)).publications).toEqual([{ account: "brand-b", publish_products: true, product: expect.objectContaining({ sku: "LONGA", state: "refused" }), currency_code: null, prices: [], marketplace_refusals: [], variants: [{ variant_id: expect.any(String), sku: "LONGA", ean: null }] }])
      expect((await card(both)).publications.map((entry: any) => [entry.account, entry.product?.state])).toEqual([
        ["default", "published"],
        ["brand-b", "published"],
      ])

      // Kept off brand B's hub only.
      const { data: excluded } = await api.post(`/admin/hub/products/${both}/exclusion?account=brand-b`, { excluded: true }, headers)
      expect(excluded.product).toMatchObject({ account: "brand-b", product_id: both, excluded: true })
      await eventually(async () => expect(await statesOf(both)).toEqual(["brand-b excluded", "default published"]))

      for (const call of [
        () => api.get("/admin/hub/products?account=brand-x", headers),
        () => api.post(`/admin/hub/products/${both}/publish?account=brand-x`, {}, headers),
        () => api.post(`/admin/hub/products/${both}/exclusion?account=brand-x`, { excluded: false }, headers),
      ]) {
        const unknown = await call().catch((error: AxiosFailure) => error.response)
        expect(unknown.status).toBe(400)
        expect(unknown.data.message).toContain("no hub account brand-x in this store (its accounts: default, brand-b)")
      }
    })

    // Last: brand B's client is still waiting out the 30 s pause when the test ends.
    it("a 429 storm on brand B's hub does not hold up the default account's publication", async () => {
      hubB().misbehave({ retryAfter: { seconds: 30, times: 1_000, bucket: "POST /products" } })
      const productId = await createProduct("TEMPESTADE", "both", { A: 3, B: 2 })
      const createsOfB = () => hubB().requestLog().filter((entry) => entry.method === "POST" && entry.path === "/products")
      await waitUntil("brand B's hub refusing the create for its rate limit", () => createsOfB().some((entry) => entry.status === 429))
      // The hub holds the product before the publisher records it: wait for both.
      await eventually(async () => {
        expect(hubA().getProduct("TEMPESTADE")).toMatchObject({ qty: 3, status: "enabled" })
        expect(await statesOf(productId)).toEqual(["brand-b pending", "default published"])
      }, 15_000)
      // Default was published inside brand B's 30 s pause: B has sent nothing since its one 429.
      expect(createsOfB().map((entry) => entry.status)).toEqual([429])
      expect(hubB().getProduct("TEMPESTADE")).toBeUndefined()
    })
  },
})
