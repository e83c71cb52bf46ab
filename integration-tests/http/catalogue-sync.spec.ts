import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { catalogueFlusher } from "../../src/sync/catalogue/catalogue-flusher"
import { scheduleSaleBoundaries } from "../../src/sync/catalogue/sale-boundaries"
import { reconcileCatalogue } from "../../src/sync/catalogue/catalogue-reconciliation"
import { adminHeaders } from "../helpers/admin"
import { eventually } from "../helpers/eventually"
import { productUpdatesFor, sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

// Every catalogue field synced, one unit held back per SKU (options read by medusa-config.ts).
const sandbox = sandboxHubForStore({}, { HUB_CATALOGUE_FIELDS: "price,promotional_price,status", HUB_STOCK_BUFFER: "1" })

/** What each PUT the hub received for a SKU carried, in order. */
const bodiesFor = (sku: string) => productUpdatesFor(sandbox.hub, sku).map((entry) => entry.body)

const STOCKED = { "CAT-A": 10, "CAT-B": 4, "CAT-C": 6 } as const
const SKUS = Object.keys(STOCKED) as Array<keyof typeof STOCKED>

medusaIntegrationTestRunner({
  testSuite: ({ api, dbConnection, getContainer }) => {
    let container: MedusaContainer
    let hub: HubModuleService
    let store: Awaited<ReturnType<typeof seedStore>>
    let headers: Awaited<ReturnType<typeof adminHeaders>>

    beforeEach(async () => {
      container = getContainer()
      hub = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      // The hub knows the SKUs, and the one CAT-C will be renamed to, with prices of its own.
      sandbox.hub.upsertProducts([...SKUS, "CAT-NEW"].map((sku) => ({ sku, qty: 0, price: 1 })))
      store = await seedStore(container, { products: SKUS.map((sku) => ({ sku, stocked: STOCKED[sku], price: 100 })) })
      headers = await adminHeaders(container)
      // Every field true on the hub before each test starts: stock less the buffer, the price, no sale (the
      // price itself as the sale price: promotionalPriceClearedAs "price"), enabled.
      await eventually(async () => {
        for (const sku of SKUS) {
          expect(sandbox.hub.getProduct(sku)).toMatchObject({ qty: STOCKED[sku] - 1, price: 100, promotional_price: 100, status: "enabled" })
        }
        expect((await hub.account("default").records.catalogueFigures()).backlog).toBe(0)
      })
      sandbox.hub.resetRequestLog()
    })

    const variant = (sku: string) => store.variantsBySku[sku] as { id: string; product_id: string }

    async function createSale(sku: string, amount: number, dates: { starts_at?: string } = {}) {
      const { data } = await api.post(
        "/admin/price-lists",
        {
          title: `Promoção ${sku}`,
          description: "Black Friday",
          type: "sale",
          status: "active",
          ...dates,
          prices: [{ variant_id: variant(sku).id, currency_code: "brl", amount }],
        },
        headers
      )
      return data.price_list.id as string
    }

    async function settled() {
      await eventually(async () => expect((await hub.account("default").records.catalogueFigures()).backlog).toBe(0))
    }

    it("holds back stockBuffer units: the hub is sent the available quantity less the buffer", async () => {
      await container.resolve(Modules.INVENTORY).updateInventoryLevels([
        { inventory_item_id: store.inventoryItemsBySku["CAT-B"], location_id: store.stockLocation.id, stocked_quantity: 1 },
      ])
      await eventually(() => expect(sandbox.hub.getProduct("CAT-B")?.qty).toBe(0))
      expect(bodiesFor("CAT-B")).toEqual([{ product: { qty: 0 } }])
    })

    it("a variant's price change reaches the hub as one PUT carrying only the prices (no sale: the sale price follows the price)", async () => {
      await api.post(`/admin/products/${variant("CAT-A").product_id}/variants/${variant("CAT-A").id}`, { prices: [{ currency_code: "brl", amount: 119.9 }] }, headers)
      await eventually(() => expect(sandbox.hub.getProduct("CAT-A")?.price).toBe(119.9))
      await settled()
      expect(bodiesFor("CAT-A")).toEqual([{ product: { price: 119.9, promotional_price: 119.9 } }])
      expect(sandbox.hub.getProduct("CAT-A")?.qty).toBe(9)
    })

    it("a price cut of 60 % reaches the hub in two steps, each under the hub's limit of 50 %, with 0 refusals; the hub page lists it while it steps", async () => {
      // The first step held at the hub: the SKU is stepping down, 2 steps left.
      const held = sandbox.hub.holdRequests("PUT", "/products/CAT-A")
      await api.post(`/admin/products/${variant("CAT-A").product_id}/variants/${variant("CAT-A").id}`, { prices: [{ currency_code: "brl", amount: 40 }] }, headers)
      await held.reached
      const stepping = await api.get("/admin/hub/catalogue/price-steps?account=default", headers)
      expect(stepping.data).toMatchObject({ count: 1, price_steps: [expect.objectContaining({ sku: "CAT-A", hub_price: 100, price: 40, next_price: 55, steps_left: 2 })] })
      held.release()
      await eventually(() => expect(sandbox.hub.getProduct("CAT-A")).toMatchObject({ price: 40, promotional_price: 40 }))
      await settled()
      // 100 -> 55 (a 45 % cut: the limit less the margin) -> 40; the second sent once the hub took the first.
      expect(bodiesFor("CAT-A")).toEqual([{ product: { price: 55, promotional_price: 55 } }, { product: { price: 40, promotional_price: 40 } }])
      expect(productUpdatesFor(sandbox.hub, "CAT-A").filter((entry) => entry.status !== 200 && entry.status !== 204)).toEqual([])
      // The product card: the price the hub holds now, no step left.
      const { data } = await api.get(`/admin/hub/products/${variant("CAT-A").product_id}`, headers)
      expect(data.publications[0].prices).toEqual([expect.objectContaining({ sku: "CAT-A", hub_price: 40, price: 40, next_price: null, steps_left: 0, rule: { kind: "none" } })])
      expect((await api.get("/admin/hub/catalogue/price-steps?account=default", headers)).data).toMatchObject({ count: 0, price_steps: [] })
    })

    it("a sale price list sets promotional_price; deleting the list clears it with the price itself, which a strict hub takes (never null nor 0)", async () => {
      const priceListId = await createSale("CAT-A", 79.9)
      await eventually(() => expect(sandbox.hub.getProduct("CAT-A")?.promotional_price).toBe(79.9))
      await settled()
      expect(bodiesFor("CAT-A")).toEqual([{ product: { promotional_price: 79.9 } }])

      await api.delete(`/admin/price-lists/${priceListId}`, headers)
      await eventually(() => expect(sandbox.hub.getProduct("CAT-A")?.promotional_price).toBe(100))
      await settled()
      expect(bodiesFor("CAT-A")).toEqual([{ product: { promotional_price: 79.9 } }, { product: { promotional_price: 100 } }])
      // The sandbox is strict (no zero or empty price): nothing was refused.
      expect(productUpdatesFor(sandbox.hub, "CAT-A").filter((entry) => entry.status !== 200 && entry.status !== 204)).toEqual([])
    })

    it("a sale that starts later reaches the hub when it starts, not before", async () => {
      const startsAt = Date.now() + 4_000
      // 40 % off: under the hub's limit on cuts, so one request (half off would go in two steps: 55, then 50).
      await createSale("CAT-B", 60, { starts_at: new Date(startsAt).toISOString() })
      // The jobs are off in tests: the minute's look is made here.
      expect(await scheduleSaleBoundaries(container)).toBe(1)
      await eventually(() => expect(sandbox.hub.getProduct("CAT-B")?.promotional_price).toBe(60))
      const [put] = productUpdatesFor(sandbox.hub, "CAT-B")
      expect(put.body).toEqual({ product: { promotional_price: 60 } })
      expect(put.at).toBeGreaterThanOrEqual(startsAt)
    })

    it("with publishProducts unset no POST /products is ever made, and the admin says publication is off", async () => {
      await api.post(`/admin/products/${variant("CAT-B").product_id}`, { title: "Novo título", description: "Nova" }, headers)
      await catalogueFlusher(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).sweep()
      await catalogueFlusher(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).flush()
      await settled()
      expect(sandbox.hub.requestLog().filter((entry) => entry.method === "POST" && entry.path.startsWith("/products"))).toEqual([])
      expect(await hub.listHubProductPublications({})).toEqual([])
      expect(sandbox.hub.getProduct("CAT-B")?.name).not.toBe("Novo título")
      const { data } = await api.get("/admin/hub/products", headers)
      expect(data).toMatchObject({ publish_products: false, products: [], count: 0 })
      const refused = await api.post(`/admin/hub/products/${variant("CAT-B").product_id}/publish`, {}, headers).catch((error: any) => error.response)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toContain("publishProducts")
    })

    it("an unpublished product is disabled on the hub, and enabled again when published", async () => {
      await api.post(`/admin/products/${variant("CAT-B").product_id}`, { status: "draft" }, headers)
      await eventually(() => expect(sandbox.hub.getProduct("CAT-B")?.status).toBe("disabled"))
      await api.post(`/admin/products/${variant("CAT-B").product_id}`, { status: "published" }, headers)
      await eventually(() => expect(sandbox.hub.getProduct("CAT-B")?.status).toBe("enabled"))
      await settled()
      expect(bodiesFor("CAT-B")).toEqual([{ product: { status: "disabled" } }, { product: { status: "enabled" } }])
    })

    it("a deleted variant and a deleted product leave their SKUs at 0 and disabled", async () => {
      await api.delete(`/admin/products/${variant("CAT-A").product_id}/variants/${variant("CAT-A").id}`, headers)
      await api.delete(`/admin/products/${variant("CAT-B").product_id}`, headers)
      await eventually(() => {
        expect(sandbox.hub.getProduct("CAT-A")).toMatchObject({ qty: 0, status: "disabled" })
        expect(sandbox.hub.getProduct("CAT-B")).toMatchObject({ qty: 0, status: "disabled" })
      })
      await settled()
      expect(bodiesFor("CAT-A")).toEqual([{ product: { qty: 0, status: "disabled" } }])
      expect(bodiesFor("CAT-B")).toEqual([{ product: { qty: 0, status: "disabled" } }])
    })

    it("a product removed from the hub's sales channel sells nothing there; added back, it sells again", async () => {
      const channelProducts = `/admin/sales-channels/${store.salesChannel.id}/products`
      await api.post(channelProducts, { remove: [variant("CAT-B").product_id] }, headers)
      await eventually(() => expect(sandbox.hub.getProduct("CAT-B")).toMatchObject({ qty: 0, status: "disabled" }))
      await api.post(channelProducts, { add: [variant("CAT-B").product_id] }, headers)
      await eventually(() => expect(sandbox.hub.getProduct("CAT-B")).toMatchObject({ qty: STOCKED["CAT-B"] - 1, status: "enabled" }))
      await settled()
      expect(bodiesFor("CAT-B")).toEqual([{ product: { qty: 0, status: "disabled" } }, { product: { qty: STOCKED["CAT-B"] - 1, status: "enabled" } }])
    })

    it("a renamed SKU: the old one is left at 0 and disabled, the new one gets the stock and fields at once", async () => {
      await api.post(`/admin/products/${variant("CAT-C").product_id}/variants/${variant("CAT-C").id}`, { sku: "CAT-NEW" }, headers)
      await eventually(() => {
        expect(sandbox.hub.getProduct("CAT-C")).toMatchObject({ qty: 0, status: "disabled" })
        expect(sandbox.hub.getProduct("CAT-NEW")).toMatchObject({ qty: STOCKED["CAT-C"] - 1, price: 100, promotional_price: 100, status: "enabled" })
      })
      await settled()
      expect(bodiesFor("CAT-C")).toHaveLength(1)
      expect(bodiesFor("CAT-NEW")).toHaveLength(1)
    })

    it("SKUs in sync since before the plugin pushed them: a deleted product's are found from its variants, a reconciliation remembers the others for a rename", async () => {
      // As a store whose hub already held every value: no outbox row names a variant.
      await dbConnection.raw(`delete from hub_catalogue_change`)
      await api.delete(`/admin/products/${variant("CAT-B").product_id}`, headers)
      await eventually(() => expect(sandbox.hub.getProduct("CAT-B")).toMatchObject({ qty: 0, status: "disabled" }))

      await dbConnection.raw(`delete from hub_catalogue_change where sku <> 'CAT-B'`)
      expect(await reconcileCatalogue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ differing: 0 })
      await api.post(`/admin/products/${variant("CAT-C").product_id}/variants/${variant("CAT-C").id}`, { sku: "CAT-NEW" }, headers)
      await eventually(() => {
        expect(sandbox.hub.getProduct("CAT-C")).toMatchObject({ qty: 0, status: "disabled" })
        expect(sandbox.hub.getProduct("CAT-NEW")).toMatchObject({ qty: STOCKED["CAT-C"] - 1, status: "enabled" })
      })
    })

    it("a price corrected in Medusa ends the refusal it caused: the refused sale price goes once more after it", async () => {
      // The hub holds a price of its own (80): a sale at 89.90, below Medusa's 100, is above it, and refused.
      sandbox.hub.upsertProducts([{ sku: "CAT-B", qty: 3, price: 80 }])
      await createSale("CAT-B", 89.9)
      await eventually(async () => expect((await hub.account("default").records.catalogueFigures()).skusInError[0]?.refusedFields).toEqual({ promotional_price: 89.9 }))
      // The merchant raises the price: the hub takes it, and the sale price it refused goes again and is taken.
      await api.post(`/admin/products/${variant("CAT-B").product_id}/variants/${variant("CAT-B").id}`, { prices: [{ currency_code: "brl", amount: 120 }] }, headers)
      await eventually(() => expect(sandbox.hub.getProduct("CAT-B")).toMatchObject({ price: 120, promotional_price: 89.9 }))
      await eventually(async () => expect((await hub.account("default").records.catalogueFigures()).skusInError).toEqual([]))
      expect(bodiesFor("CAT-B")).toEqual([{ product: { promotional_price: 89.9 } }, { product: { price: 120 } }, { product: { promotional_price: 89.9 } }])
    })

    it("a price drifted on the hub is repaired by a reconciliation, which reports the difference per field", async () => {
      sandbox.hub.upsertProducts([{ sku: "CAT-A", qty: 9, price: 55 }])
      const result = await reconcileCatalogue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(result).toMatchObject({ seen: 4, differing: 1 })
      await eventually(() => expect(sandbox.hub.getProduct("CAT-A")?.price).toBe(100))
      await settled()
      // No sale goes with the price, said the way the hub took it (the price itself on this hub).
      expect(bodiesFor("CAT-A")).toEqual([{ product: { price: 100, promotional_price: 100 } }])
      const { lastReconciliation } = await hub.account("default").records.catalogueFigures()
      expect(lastReconciliation).toMatchObject({ differing: 1, differingFields: { price: 1 }, fixed: 1 })
    })

    it("a field the hub refuses is shown per SKU and field, not sent again; the SKU's stock still goes", async () => {
      // The merchant lowered the price on the hub: a sale above it breaks the hub's rule.
      sandbox.hub.upsertProducts([{ sku: "CAT-A", qty: 9, price: 50 }])
      await createSale("CAT-A", 79.9)
      await eventually(async () => {
        const [refused] = (await hub.account("default").records.catalogueFigures()).skusInError
        expect(refused).toMatchObject({ sku: "CAT-A", status: 422, refusedFields: { promotional_price: 79.9 } })
        expect(refused.reason).toContain("promotional_price")
      })

      await container.resolve(Modules.INVENTORY).updateInventoryLevels([
        { inventory_item_id: store.inventoryItemsBySku["CAT-A"], location_id: store.stockLocation.id, stocked_quantity: 3 },
      ])
      await eventually(() => expect(sandbox.hub.getProduct("CAT-A")?.qty).toBe(2))
      await settled()
      expect(bodiesFor("CAT-A")).toEqual([{ product: { promotional_price: 79.9 } }, { product: { qty: 2 } }])
      // Still shown: the refusal holds until the value changes, or the cause is corrected.
      expect((await hub.account("default").records.catalogueFigures()).skusInError[0]?.refusedFields).toEqual({ promotional_price: 79.9 })

      // A reconciliation finds the hub's price drifted: it repairs it, and the refused sale price goes once more with it.
      await reconcileCatalogue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      await eventually(() => expect(sandbox.hub.getProduct("CAT-A")).toMatchObject({ price: 100, promotional_price: 79.9 }))
      await eventually(async () => expect((await hub.account("default").records.catalogueFigures()).skusInError).toEqual([]))
      expect(bodiesFor("CAT-A").slice(2)).toEqual([{ product: { price: 100, promotional_price: 79.9 } }])
    })
  },
})
