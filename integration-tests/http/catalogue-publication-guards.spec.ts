import { createProductVariantsWorkflow, updateInventoryLevelsWorkflow, updateProductsWorkflow } from "@medusajs/core-flows"
import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { reconcileCatalogue } from "../../src/sync/catalogue/catalogue-reconciliation"
import { pushHubProductsWorkflow } from "../../src/workflows/catalogue/push-hub-products"
import { eventually } from "../helpers/eventually"
import { createHubProduct, type NewProduct } from "../helpers/publication-products"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(240_000)

/*
 * What the publication must never do to a hub product (issue 39): link one Medusa product to another's
 * hub product, leave a linked SKU disabled, send a variation twice after a lost answer, or put a SKU
 * that cannot name a hub product into a URL. The sandbox hub over loopback HTTP.
 */
const sandbox = sandboxHubForStore({}, { HUB_PUBLISH_PRODUCTS: "true", HUB_CATALOGUE_LEASE_MS: "2000", HUB_CATALOGUE_RETRY_DELAY_MS: "200" })

medusaIntegrationTestRunner({
  testSuite: ({ getContainer }) => {
    let container: MedusaContainer
    let hub: HubModuleService
    let store: Awaited<ReturnType<typeof seedStore>>

    const requests = (method: string, path: string) => sandbox.hub.requestLog().filter((entry) => entry.method === method && entry.path === path)
    const createProduct = (product: NewProduct) => createHubProduct(container, { salesChannelId: store.salesChannel.id, stockLocationId: store.stockLocation.id }, product)
    const setStock = async (stock: Record<string, number>) => {
      const { data: variants } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "product_variant", fields: ["sku", "inventory_items.inventory_item_id"], filters: { sku: Object.keys(stock) } })
      await updateInventoryLevelsWorkflow(container).run({
        input: {
          updates: variants.map((variant: any) => ({ inventory_item_id: variant.inventory_items[0].inventory_item_id, location_id: store.stockLocation.id, stocked_quantity: stock[variant.sku] })),
        },
      })
    }
    const outboxRow = async (sku: string) => (await hub.listHubCatalogueChanges({ sku }))[0]
    const publicationOf = async (productId: string) => (await hub.listHubProductPublications({ product_id: productId }))[0]

    beforeEach(async () => {
      container = getContainer()
      hub = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      store = await seedStore(container, { products: [] })
      sandbox.hub.resetRequestLog()
    })

    it("a product whose hub SKU is another product's hub product is not publishable, naming it; its edits never reach that hub product", async () => {
      const shirtId = await createProduct({ title: "Camisa azul", variants: [{ sku: "CAMISA-AZUL", stocked: 3 }] })
      await eventually(async () => expect(await publicationOf(shirtId)).toMatchObject({ state: "published", sku: "CAMISA-AZUL" }))
      const setId = await createProduct({
        title: "Kit de camisas",
        handle: "kit-camisas",
        metadata: { hub_sku: "CAMISA-AZUL" },
        options: [{ title: "Cor", values: ["Azul", "Verde"] }],
        variants: [
          { sku: "KIT-AZUL", stocked: 1, options: { Cor: "Azul" } },
          { sku: "KIT-VERDE", stocked: 1, options: { Cor: "Verde" } },
        ],
      })
      await eventually(async () => expect(await publicationOf(setId)).toMatchObject({ state: "not_publishable", linked: false, accepted: null }))
      const { problems } = await publicationOf(setId)
      expect(problems).toEqual([expect.objectContaining({ field: "sku", message: expect.stringContaining(`CAMISA-AZUL is the hub product of another product of this store, "Camisa azul" (${shirtId})`) })])
      await updateProductsWorkflow(container).run({ input: { selector: { id: setId }, update: { title: "Kit de camisas novo" } } })
      await eventually(async () => expect((await publicationOf(setId)).due_at).toBeNull())
      expect(sandbox.hub.getProduct("CAMISA-AZUL")).toMatchObject({ name: "Camisa azul" })
      expect(requests("PUT", "/products/CAMISA-AZUL").map((entry) => Object.keys((entry.body as { product: object }).product))).not.toContainEqual(expect.arrayContaining(["name"]))
      expect(requests("POST", "/products/CAMISA-AZUL/variations")).toEqual([])
    })

    it("two products linking one hub SKU in one round: the database lets one hold it, the other is not publishable, naming it", async () => {
      sandbox.hub.upsertProducts([{ sku: "DUPLO", qty: 1, name: "Do lojista" }])
      const single = await createProduct({ title: "Duplo", status: "draft", variants: [{ sku: "DUPLO", stocked: 1 }] })
      const set = await createProduct({
        title: "Duplo em cores",
        status: "draft",
        metadata: { hub_sku: "DUPLO" },
        options: [{ title: "Cor", values: ["Azul", "Verde"] }],
        variants: [
          { sku: "DUPLO-AZUL", stocked: 1, options: { Cor: "Azul" } },
          { sku: "DUPLO-VERDE", stocked: 1, options: { Cor: "Verde" } },
        ],
      })
      // Published while nothing listened, so one round claims both (the first publication's sweep).
      await eventually(async () => expect(await hub.listHubProductPublications({ product_id: [single, set] })).toEqual([]))
      await container.resolve(ContainerRegistrationKeys.PG_CONNECTION).raw(`update product set status = 'published' where id = any(?)`, [[single, set]])
      expect(await hub.account("default").records.publications.mark([single, set], { onlyNew: true })).toBe(2)
      await pushHubProductsWorkflow(container).run({ input: { account: "default" } }).catch(() => undefined)
      await eventually(async () => {
        await pushHubProductsWorkflow(container).run({ input: { account: "default" } }).catch(() => undefined)
        const states = [(await publicationOf(single)).state, (await publicationOf(set)).state].sort()
        expect(states).toEqual(["not_publishable", "published"])
      })
      const [holder, other] = (await publicationOf(single)).state === "published" ? [single, set] : [set, single]
      expect(await publicationOf(holder)).toMatchObject({ linked: true, sku: "DUPLO" })
      expect(((await publicationOf(other)).problems as unknown as Array<{ message: string }>)[0].message).toContain(`DUPLO is the hub product of another product of this store, "${holder === single ? "Duplo" : "Duplo em cores"}" (${holder})`)
    })

    it("a SKU the hub holds disabled (a SKU used again after a rename) is linked and enabled", async () => {
      sandbox.hub.upsertProducts([{ sku: "DE-VOLTA", qty: 0, name: "Antigo", status: "disabled" }])
      const productId = await createProduct({ title: "De volta", variants: [{ sku: "DE-VOLTA", stocked: 2 }] })
      await eventually(async () => expect(await publicationOf(productId)).toMatchObject({ state: "published", linked: true }))
      await eventually(() => expect(sandbox.hub.getProduct("DE-VOLTA")).toMatchObject({ status: "enabled", qty: 2 }))
      expect(requests("POST", "/products")).toEqual([])
      expect(sandbox.hub.getProduct("DE-VOLTA")?.name).toBe("Antigo")
    })

    it("a variation whose add went but was not recorded (its answer lost, or a crash) is read back from the hub, never sent again; the edit's other fields still go", async () => {
      const productId = await createProduct({
        title: "Meia",
        handle: "meia-perdida",
        options: [{ title: "Tamanho", values: ["P", "M", "G"] }],
        variants: [
          { sku: "MEIA-P", stocked: 1, options: { Tamanho: "P" } },
          { sku: "MEIA-M", stocked: 1, options: { Tamanho: "M" } },
        ],
      })
      await eventually(async () => expect(await publicationOf(productId)).toMatchObject({ state: "published" }))
      // The add of an earlier push reached the hub; the publication never learnt it (what it accepted lacks MEIA-G).
      await hub.account("default").products.addVariation("meia-perdida", { sku: "MEIA-G", qty: 0, specifications: [{ key: "Tamanho", value: "G" }] })
      await createProductVariantsWorkflow(container).run({
        input: { product_variants: [{ product_id: productId, title: "G", sku: "MEIA-G", options: { Tamanho: "G" }, manage_inventory: true, prices: [{ currency_code: "brl", amount: 79.9 }] }] },
      })
      await updateProductsWorkflow(container).run({ input: { selector: { id: productId }, update: { title: "Meia nova" } } })
      await eventually(async () => expect(sandbox.hub.getProduct("meia-perdida")?.name).toBe("Meia nova"))
      await eventually(async () => {
        const publication = await publicationOf(productId)
        expect(publication).toMatchObject({ state: "published", hub_error: null, due_at: null })
        expect((publication.accepted as { variations: Array<{ sku: string }> }).variations.map((variation) => variation.sku).sort()).toEqual(["MEIA-G", "MEIA-M", "MEIA-P"])
      })
      expect(requests("POST", "/products/meia-perdida/variations")).toHaveLength(1)
    })

    it("a SKU that cannot name a hub product is not publishable, naming it, and nothing is asked of the hub", async () => {
      const blank = await createProduct({ title: "Sem SKU", variants: [{ sku: "", stocked: 1 }] })
      const spaced = await createProduct({ title: "Com espaços", variants: [{ sku: " ESPACO ", stocked: 1 }] })
      const dots = await createProduct({
        title: "Pontos",
        metadata: { hub_sku: ".." },
        options: [{ title: "Cor", values: ["Azul", "Verde"] }],
        variants: [
          { sku: "PONTO-AZUL", stocked: 1, options: { Cor: "Azul" } },
          { sku: "PONTO-VERDE", stocked: 1, options: { Cor: "Verde" } },
        ],
      })
      for (const [productId, text] of [
        [blank, "give the variant"],
        [spaced, 'the SKU " ESPACO " has spaces around it'],
        [dots, 'the hub SKU ".." cannot name a hub product'],
      ]) {
        await eventually(async () => expect(await publicationOf(productId)).toMatchObject({ state: "not_publishable" }))
        expect(((await publicationOf(productId)).problems as unknown as Array<{ message: string }>).map((problem) => problem.message).join("\n")).toContain(text)
      }
      const asked = sandbox.hub.requestLog().filter((entry) => entry.path.startsWith("/products") && !["PUT"].includes(entry.method))
      expect(asked.map((entry) => `${entry.method} ${entry.path}`)).toEqual([])
    })

    it("an excluded product's SKU, which the hub never took, gets no stock PUT (a 404); one the hub holds keeps its stock true", async () => {
      sandbox.hub.upsertProducts([{ sku: "NO-HUB", qty: 1, name: "No hub" }])
      const heldId = await createProduct({ title: "No hub", variants: [{ sku: "NO-HUB", stocked: 1 }] })
      const outId = await createProduct({ title: "Fora do hub", status: "draft", variants: [{ sku: "FORA-HUB", stocked: 1 }] })
      await hub.account("default").records.publications.ask(outId, { excluded: true })
      await updateProductsWorkflow(container).run({ input: { selector: { id: outId }, update: { status: "published" } } })
      await eventually(async () => expect(await publicationOf(outId)).toMatchObject({ state: "excluded", due_at: null }))
      await eventually(async () => expect(await publicationOf(heldId)).toMatchObject({ state: "published", linked: true }))
      await setStock({ "NO-HUB": 6, "FORA-HUB": 7 })
      await eventually(() => expect(sandbox.hub.getProduct("NO-HUB")?.qty).toBe(6))
      await eventually(async () => expect((await outboxRow("FORA-HUB"))?.wanted).toMatchObject({ qty: 7 }))
      await pushHubProductsWorkflow(container).run({ input: { account: "default" } })
      expect(requests("PUT", "/products/FORA-HUB")).toEqual([])
      // It waits for its product's create, out of the backlog, until it changes again.
      await eventually(async () => expect(await outboxRow("FORA-HUB")).toMatchObject({ state: "awaiting" }))
    })

    it("a SKU whose product's create the hub refused waits for it only until the hub holds the SKU (made in its panel): a reconciliation finds it, and its stock goes", async () => {
      // The sandbox takes descriptions up to 4,000 characters; the plugin does not check their length.
      const productId = await createProduct({ title: "Recusada", description: "x".repeat(4001), variants: [{ sku: "RECUSADA", stocked: 3 }] })
      await eventually(async () => expect(await publicationOf(productId)).toMatchObject({ state: "refused", due_at: null }))
      await setStock({ RECUSADA: 5 })
      await eventually(async () => expect((await outboxRow("RECUSADA"))?.wanted).toMatchObject({ qty: 5 }))
      await pushHubProductsWorkflow(container).run({ input: { account: "default" } })
      expect(requests("PUT", "/products/RECUSADA")).toEqual([])
      // The merchant makes the product in the hub's panel, with a quantity of their own.
      sandbox.hub.upsertProducts([{ sku: "RECUSADA", qty: 40, name: "Recusada no painel" }])
      expect(await reconcileCatalogue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ differing: 1 })
      await eventually(() => expect(sandbox.hub.getProduct("RECUSADA")?.qty).toBe(5))
    })
  },
})
