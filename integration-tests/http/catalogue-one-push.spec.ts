import { updateInventoryLevelsWorkflow, updateProductsWorkflow, updateProductVariantsWorkflow } from "@medusajs/core-flows"
import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { flushCatalogueOutbox } from "../../src/sync/catalogue/catalogue-outbox"
import { eventually } from "../helpers/eventually"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { createHubProduct, type NewProduct } from "../helpers/publication-products"
import { seedStore } from "../helpers/store"

jest.setTimeout(240_000)

/*
 * One hub product, one push (issue 39): a published product's edit of its own fields, its price and its
 * stock together reaches the hub as one request per SKU. The quiet time is long enough here that the
 * three workflows below, run one after the other, fall in one coalescing window on a loaded machine.
 */
const sandbox = sandboxHubForStore(
  {},
  { HUB_PUBLISH_PRODUCTS: "true", HUB_CATALOGUE_FIELDS: "price", HUB_CATALOGUE_COALESCE_MS: "1500", HUB_CATALOGUE_MAX_DELAY_MS: "20000", HUB_CATALOGUE_MIN_PUSH_INTERVAL_MS: "0" }
)

medusaIntegrationTestRunner({
  testSuite: ({ getContainer }) => {
    let container: MedusaContainer
    let hub: HubModuleService
    let store: Awaited<ReturnType<typeof seedStore>>

    const requestsTo = (sku: string) => sandbox.hub.requestLog().filter((entry) => entry.path === `/products/${sku}` || entry.path === `/variations/${sku}`)
    const createProduct = (product: NewProduct) => createHubProduct(container, { salesChannelId: store.salesChannel.id, stockLocationId: store.stockLocation.id }, product)

    async function published(productId: string) {
      await eventually(async () => {
        const [row] = await hub.listHubProductPublications({ product_id: productId })
        expect(row?.state).toBe("published")
        expect(row?.due_at).toBeNull()
        expect(await hub.account("default").records.catalogueBacklog()).toBe(0)
      })
    }

    /** Title, price and stock of a one-variant product changed as three saves, one after the other. */
    async function editAll(productId: string, sku: string, edit: { title?: string; description?: string; price: number; stocked: number }) {
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data: [variant] } = await query.graph({ entity: "product_variant", fields: ["id", "inventory_items.inventory_item_id"], filters: { sku } })
      const { title, description } = edit
      if (title || description) {
        await updateProductsWorkflow(container).run({ input: { selector: { id: productId }, update: { ...(title ? { title } : {}), ...(description ? { description } : {}) } } })
      }
      await updateProductVariantsWorkflow(container).run({ input: { selector: { id: variant.id }, update: { prices: [{ currency_code: "brl", amount: edit.price }] } } })
      await updateInventoryLevelsWorkflow(container).run({
        input: { updates: [{ inventory_item_id: variant.inventory_items[0].inventory_item_id, location_id: store.stockLocation.id, stocked_quantity: edit.stocked }] },
      })
    }

    beforeEach(async () => {
      container = getContainer()
      hub = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      store = await seedStore(container, { products: [] })
      sandbox.hub.resetRequestLog()
    })

    it("an edit of title, price and stock together is one PUT carrying the three", async () => {
      const productId = await createProduct({ title: "Caneca", variants: [{ sku: "CANECA-1P", stocked: 3, price: 50 }] })
      await published(productId)
      sandbox.hub.resetRequestLog()
      await editAll(productId, "CANECA-1P", { title: "Caneca Grande", price: 60, stocked: 9 })
      await eventually(() => expect(sandbox.hub.getProduct("CANECA-1P")).toMatchObject({ name: "Caneca Grande", price: 60, qty: 9 }))
      await published(productId)
      await flushCatalogueOutbox(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(requestsTo("CANECA-1P").map((entry) => [entry.method, (entry.body as { product: unknown }).product])).toEqual([["PUT", { name: "Caneca Grande", price: 60, qty: 9 }]])
    })

    it("a configurable product's edit, saved stock first and title last, is one request per hub SKU it touched: the product's PUT and the variation's", async () => {
      const productId = await createProduct({
        title: "Camiseta",
        options: [{ title: "Tamanho", values: ["P", "M"] }],
        variants: [
          { sku: "CAMISETA-P", stocked: 2, price: 50, options: { Tamanho: "P" } },
          { sku: "CAMISETA-M", stocked: 3, price: 50, options: { Tamanho: "M" } },
        ],
      })
      await published(productId)
      const parentSku = (await hub.listHubProductPublications({ product_id: productId }))[0].sku as string
      sandbox.hub.resetRequestLog()
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data: [variant] } = await query.graph({ entity: "product_variant", fields: ["id", "inventory_items.inventory_item_id"], filters: { sku: "CAMISETA-M" } })
      // The reverse of editAll's order: the stock, then the price, then the product's own field, each
      // once the one before it is recorded (so each lands in the outbox or the publication on its own).
      await updateInventoryLevelsWorkflow(container).run({
        input: { updates: [{ inventory_item_id: variant.inventory_items[0].inventory_item_id, location_id: store.stockLocation.id, stocked_quantity: 8 }] },
      })
      await eventually(async () => expect((await hub.listHubCatalogueChanges({ sku: "CAMISETA-M" }))[0]?.available_quantity).toBe(8))
      await updateProductVariantsWorkflow(container).run({ input: { selector: { id: variant.id }, update: { prices: [{ currency_code: "brl", amount: 55 }] } } })
      await eventually(async () => expect((await hub.listHubCatalogueChanges({ sku: "CAMISETA-M" }))[0]?.wanted).toMatchObject({ price: 55 }))
      await updateProductsWorkflow(container).run({ input: { selector: { id: productId }, update: { title: "Camiseta Lisa" } } })
      await eventually(() => expect(sandbox.hub.getProduct(parentSku)).toMatchObject({ name: "Camiseta Lisa" }))
      await published(productId)
      await flushCatalogueOutbox(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      const requests = sandbox.hub.requestLog().map((entry) => [entry.method, entry.path, (entry.body as { product?: unknown; variation?: unknown }).product ?? (entry.body as { variation?: unknown }).variation])
      expect(requests).toEqual([
        ["PUT", `/products/${parentSku}`, { name: "Camiseta Lisa" }],
        ["PUT", "/variations/CAMISETA-M", { price: 55, qty: 8 }],
      ])
    })

    it("a PUT refused for the product's own field lets the stock and price go alone; the refused field is held", async () => {
      const productId = await createProduct({ title: "Jarra", variants: [{ sku: "JARRA-1P", stocked: 2, price: 40 }] })
      await published(productId)
      sandbox.hub.resetRequestLog()
      // The sandbox takes descriptions up to 4,000 characters; the plugin does not check their length.
      await editAll(productId, "JARRA-1P", { description: "x".repeat(4001), price: 45, stocked: 7 })
      await eventually(() => expect(sandbox.hub.getProduct("JARRA-1P")).toMatchObject({ price: 45, qty: 7 }))
      await eventually(async () => expect((await hub.listHubProductPublications({ product_id: productId }))[0]).toMatchObject({ state: "refused", due_at: null }))
      await flushCatalogueOutbox(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      const puts = requestsTo("JARRA-1P").map((entry) => [entry.status, Object.keys((entry.body as { product: object }).product).sort()])
      expect(puts).toEqual([
        [422, ["description", "price", "qty"]],
        [204, ["price", "qty"]],
      ])
      expect(sandbox.hub.getProduct("JARRA-1P")?.description).not.toHaveLength(4001)
      // Stock alone afterwards is one PUT of qty; the refused description is not sent again unchanged.
      sandbox.hub.resetRequestLog()
      await editAll(productId, "JARRA-1P", { price: 45, stocked: 5 })
      await eventually(() => expect(sandbox.hub.getProduct("JARRA-1P")?.qty).toBe(5))
      await flushCatalogueOutbox(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(requestsTo("JARRA-1P").map((entry) => (entry.body as { product: unknown }).product)).toEqual([{ qty: 5 }])
    })
  },
})
