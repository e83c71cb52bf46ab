import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { adminHeaders } from "../helpers/admin"
import { eventually } from "../helpers/eventually"
import { importTestOrder } from "../helpers/hub-order-import"
import { productUpdatesFor, sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"
import { addWarehouseLocation, storeBatches } from "../helpers/warehouses"

/*
 * Stock per warehouse (issue 62; docs/catalogue.md, *Warehouses*), against the sandbox hub over HTTP:
 * the store's own location feeds the default CD 98 through /products, a second location mapped to CD
 * "01" (option `warehouses`) feeds that CD through /stores/01/batch; an order line the marketplace sends
 * from "01" reserves at that location and its cancel releases it there; a line from a CD no option maps
 * reserves at the default location, and the merchant is told the code.
 */

jest.setTimeout(180_000)

const RIO = "sloc_01WAREHOUSERIO"
const sandbox = sandboxHubForStore({}, { HUB_WAREHOUSES: JSON.stringify([{ code: "01", stockLocationId: RIO }]) })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let store: Awaited<ReturnType<typeof seedStore>>
    const account = () => container.resolve<HubModuleService>(HUB_MODULE).account("default")

    beforeEach(async () => {
      container = getContainer()
      sandbox.hub.reset()
      sandbox.hub.setWarehouses(["01", "02"])
      sandbox.hub.upsertProducts([
        { sku: "CAM-P", qty: 0, name: "Camiseta P", price: 50 },
        { sku: "CAM-M", qty: 0, name: "Camiseta M", price: 50 },
      ])
      store = await seedStore(container, { products: [{ sku: "CAM-P", stocked: 10 }, { sku: "CAM-M", stocked: 6 }] })
      await addWarehouseLocation(container, {
        id: RIO,
        name: "CD Rio",
        salesChannelId: store.salesChannel.id,
        stocked: { [store.inventoryItemsBySku["CAM-P"]]: 4, [store.inventoryItemsBySku["CAM-M"]]: 3 },
      })
    })

    /** `sku`'s level at `location`, as numbers. */
    async function level(sku: string, location: string) {
      const [found] = await container.resolve(Modules.INVENTORY).listInventoryLevels({ inventory_item_id: store.inventoryItemsBySku[sku], location_id: location })
      return { stocked: Number(found.stocked_quantity), reserved: Number(found.reserved_quantity) }
    }

    /** Each warehouse holds what its own location has available: the default only the store's location, CD 01 only Rio's. */
    async function expectOnHub(expected: { "98": Record<string, number>; "01": Record<string, number> }) {
      await eventually(async () => {
        for (const [sku, qty] of Object.entries(expected["98"])) expect([sku, sandbox.hub.getProduct(sku)?.qty]).toEqual([sku, qty])
        const rio = sandbox.hub.warehouseStock("01")!.skus
        for (const [sku, qty] of Object.entries(expected["01"])) expect([sku, rio[sku]?.qty]).toEqual([sku, qty])
        expect(await account().records.catalogueBacklog()).toBe(0)
      })
    }

    it("a change at one location reaches only its warehouse", async () => {
      await expectOnHub({ "98": { "CAM-P": 10, "CAM-M": 6 }, "01": { "CAM-P": 4, "CAM-M": 3 } })
      // Nothing of Rio's stock in the default CD's, and nothing ever sent to a CD no option maps.
      expect(sandbox.hub.warehouseStock("02")!.skus).toEqual({})
      sandbox.hub.resetRequestLog()

      const inventory = container.resolve(Modules.INVENTORY)
      await inventory.updateInventoryLevels([{ inventory_item_id: store.inventoryItemsBySku["CAM-P"], location_id: RIO, stocked_quantity: 1 }])
      await expectOnHub({ "98": { "CAM-P": 10 }, "01": { "CAM-P": 1, "CAM-M": 3 } })
      expect(productUpdatesFor(sandbox.hub, "CAM-P")).toEqual([])
      // One batch, with the SKU that changed only.
      expect(storeBatches(sandbox.hub.requestLog(), "01").map((entry) => entry.body)).toEqual([{ skus: [{ code: "CAM-P", qty: 1 }] }])

      sandbox.hub.resetRequestLog()
      await inventory.updateInventoryLevels([{ inventory_item_id: store.inventoryItemsBySku["CAM-P"], location_id: store.stockLocation.id, stocked_quantity: 7 }])
      await expectOnHub({ "98": { "CAM-P": 7 }, "01": { "CAM-P": 1 } })
      expect(productUpdatesFor(sandbox.hub, "CAM-P").map((entry) => entry.body)).toEqual([{ product: { qty: 7 } }])
      expect(sandbox.hub.requestLog().filter((entry) => entry.path.startsWith("/stores/"))).toEqual([])
    })

    it("a batch the CD refuses for one SKU refuses that SKU alone; the others go in the next batch, without waiting for their claim's lease", async () => {
      await expectOnHub({ "98": { "CAM-P": 10, "CAM-M": 6 }, "01": { "CAM-P": 4, "CAM-M": 3 } })
      // The hub no longer holds CAM-M: CD 01 refuses it by its place in the batch.
      sandbox.hub.removeProduct("CAM-M")
      sandbox.hub.resetRequestLog()
      const inventory = container.resolve(Modules.INVENTORY)
      await inventory.updateInventoryLevels([
        { inventory_item_id: store.inventoryItemsBySku["CAM-P"], location_id: RIO, stocked_quantity: 2 },
        { inventory_item_id: store.inventoryItemsBySku["CAM-M"], location_id: RIO, stocked_quantity: 1 },
      ])
      // Well within the claim's lease (60 s): the SKU given back is due again at once.
      await eventually(() => expect(sandbox.hub.warehouseStock("01")!.skus["CAM-P"]?.qty).toBe(2), 20_000)
      const batches = storeBatches(sandbox.hub.requestLog(), "01").map((entry) => (entry.body as { skus: Array<{ code: string }> }).skus.map((sku) => sku.code).sort())
      expect(batches).toEqual([["CAM-M", "CAM-P"], ["CAM-P"]])
      const [warehouse] = await account().records.warehouseStockSummary()
      expect(warehouse).toMatchObject({ warehouse: "01", refused: 1 })
    })

    it("an order line from the second warehouse reserves at its location, the other line at the default's; a cancel releases both there", async () => {
      await expectOnHub({ "98": { "CAM-P": 10, "CAM-M": 6 }, "01": { "CAM-P": 4, "CAM-M": 3 } })
      const order = sandbox.hub.createOrder({ ...importTestOrder([]), items: [{ id: "CAM-P", qty: 3, remote_store_id: "01" }, { id: "CAM-M", qty: 2, remote_store_id: "98" }] })
      expect(await runOrderImport(container, account())).toMatchObject({ imported: 1 })

      expect(await level("CAM-P", RIO)).toEqual({ stocked: 4, reserved: 3 })
      expect(await level("CAM-P", store.stockLocation.id)).toEqual({ stocked: 10, reserved: 0 })
      expect(await level("CAM-M", store.stockLocation.id)).toEqual({ stocked: 6, reserved: 2 })
      expect(await level("CAM-M", RIO)).toEqual({ stocked: 3, reserved: 0 })
      // Each warehouse is told what it has left.
      await expectOnHub({ "98": { "CAM-P": 10, "CAM-M": 4 }, "01": { "CAM-P": 1, "CAM-M": 3 } })

      sandbox.hub.marketplaceCancel(order.code)
      expect(await runOrderImport(container, account())).toMatchObject({ updated: 1 })
      await eventually(async () => {
        expect(await level("CAM-P", RIO)).toEqual({ stocked: 4, reserved: 0 })
        expect(await level("CAM-M", store.stockLocation.id)).toEqual({ stocked: 6, reserved: 0 })
      })
      await expectOnHub({ "98": { "CAM-P": 10, "CAM-M": 6 }, "01": { "CAM-P": 4, "CAM-M": 3 } })
    })

    it("shipped, each line leaves from the warehouse it was sold from: one fulfillment a location, its stock taken there, each shipped with the tracking, both delivered", async () => {
      await expectOnHub({ "98": { "CAM-P": 10, "CAM-M": 6 }, "01": { "CAM-P": 4, "CAM-M": 3 } })
      const order = sandbox.hub.createOrder({ ...importTestOrder([]), items: [{ id: "CAM-P", qty: 3, remote_store_id: "01" }, { id: "CAM-M", qty: 2, remote_store_id: "98" }] })
      sandbox.hub.marketplaceApprove(order.code)
      expect(await runOrderImport(container, account())).toMatchObject({ imported: 1 })
      const [record] = await container.resolve<HubModuleService>(HUB_MODULE).listHubOrders({ code: order.code })
      const headers = await adminHeaders(container)
      const move = async (body: object) => (await api.post(`/admin/hub/orders/${order.code}/moves`, body, headers)).data.move
      expect(await move({ kind: "invoice", invoice: { key: "35261112345678000195550010000012341000012346" } })).toMatchObject({ state: "done", medusaError: null })
      const track = { code: "BR-WH-1", carrier: "Correios", method: "PAC", url: "https://rastreamento.example/BR-WH-1" }
      expect(await move({ kind: "ship", shipment: { track } })).toMatchObject({ state: "done", medusaError: null })

      const fulfillments = async () => (await api.get(`/admin/orders/${record.order_id}?fields=*fulfillments,*fulfillments.items,*fulfillments.labels`, headers)).data.order.fulfillments as any[]
      const made = await fulfillments()
      // The goods by location; the hub's interest line (no SKU) rides with one of them, once.
      const lines = (at: any) => at.items.filter((item: any) => item.sku).map((item: any) => [item.sku, Number(item.quantity)])
      expect(made.map((at) => [at.location_id, lines(at)]).sort()).toEqual([
        [RIO, [["CAM-P", 3]]],
        [store.stockLocation.id, [["CAM-M", 2]]],
      ].sort())
      expect(made.flatMap((at) => at.items.filter((item: any) => !item.sku))).toHaveLength(1)
      for (const at of made) {
        expect(at.shipped_at).toBeTruthy()
        expect(at.labels.map((label: any) => label.tracking_number)).toEqual(["BR-WH-1"])
      }
      // The stock is taken where it was reserved, nothing elsewhere.
      expect(await level("CAM-P", RIO)).toEqual({ stocked: 1, reserved: 0 })
      expect(await level("CAM-M", store.stockLocation.id)).toEqual({ stocked: 4, reserved: 0 })
      expect(await level("CAM-P", store.stockLocation.id)).toEqual({ stocked: 10, reserved: 0 })
      expect(await level("CAM-M", RIO)).toEqual({ stocked: 3, reserved: 0 })

      expect(await move({ kind: "deliver" })).toMatchObject({ state: "done", medusaError: null })
      expect((await fulfillments()).every((at) => at.delivered_at)).toBe(true)
    })

    it("a line from a warehouse no option maps reserves at the default location, and the merchant is told the code", async () => {
      const order = sandbox.hub.createOrder({ ...importTestOrder([]), items: [{ id: "CAM-P", qty: 2, remote_store_id: "02" }, { id: "CAM-M", qty: 1 }] })
      expect(await runOrderImport(container, account())).toMatchObject({ imported: 1 })
      expect(await level("CAM-P", store.stockLocation.id)).toEqual({ stocked: 10, reserved: 2 })
      expect(await level("CAM-P", RIO)).toEqual({ stocked: 4, reserved: 0 })
      expect(await level("CAM-M", store.stockLocation.id)).toEqual({ stocked: 6, reserved: 1 })

      const headers = await adminHeaders(container)
      await eventually(async () => {
        const { data } = await api.get("/admin/notifications?limit=100&fields=*", headers)
        const notices = data.notifications.map((notice: { data: { title: string; description: string } }) => notice.data)
        expect(notices).toContainEqual({ title: `Marketplace order ${order.code} names warehouse 02, which no stock location is mapped to`, description: expect.stringContaining("reserved at the account's default location") })
      })
    })
  },
})
