import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { reconcileCatalogue } from "../../src/sync/catalogue/catalogue-reconciliation"
import { eventually } from "../helpers/eventually"
import { productUpdatesFor, sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

// A hub that models a configurable product's children: every SKU is a variation.
const sandbox = sandboxHubForStore({}, { HUB_PRODUCT_ENDPOINT: "variations" })

medusaIntegrationTestRunner({
  testSuite: ({ getContainer }) => {
    let container: MedusaContainer
    let hub: HubModuleService
    let store: Awaited<ReturnType<typeof seedStore>>

    beforeEach(async () => {
      container = getContainer()
      hub = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      sandbox.hub.upsertProducts([{ sku: "VAR-P", qty: 0 }, { sku: "VAR-G", qty: 0 }])
      store = await seedStore(container, { products: [{ sku: "VAR-P", stocked: 5 }, { sku: "VAR-G", stocked: 2 }] })
      await eventually(async () => {
        expect(sandbox.hub.getProduct("VAR-P")?.qty).toBe(5)
        expect(sandbox.hub.getProduct("VAR-G")?.qty).toBe(2)
        expect((await hub.account("default").records.catalogueFigures()).backlog).toBe(0)
      })
    })

    it("stock goes to PUT /variations/{sku}, wrapped as a variation, and never to /products", async () => {
      await container.resolve(Modules.INVENTORY).updateInventoryLevels([
        { inventory_item_id: store.inventoryItemsBySku["VAR-P"], location_id: store.stockLocation.id, stocked_quantity: 3 },
      ])
      await eventually(() => expect(sandbox.hub.getProduct("VAR-P")?.qty).toBe(3))
      expect(productUpdatesFor(sandbox.hub, "VAR-P", "variations").map((entry) => entry.body)).toEqual([{ variation: { qty: 5 } }, { variation: { qty: 3 } }])
      expect(sandbox.hub.requestLog().filter((entry) => entry.method === "PUT" && entry.path.startsWith("/products/"))).toEqual([])
    })

    it("a reconciliation repairs a drifted variation through the same path", async () => {
      sandbox.hub.upsertProducts([{ sku: "VAR-G", qty: 40 }])
      sandbox.hub.resetRequestLog()
      expect(await reconcileCatalogue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ seen: 2, differing: 1 })
      await eventually(() => expect(sandbox.hub.getProduct("VAR-G")?.qty).toBe(2))
      expect(productUpdatesFor(sandbox.hub, "VAR-G", "variations").map((entry) => entry.body)).toEqual([{ variation: { qty: 2 } }])
    })
  },
})
