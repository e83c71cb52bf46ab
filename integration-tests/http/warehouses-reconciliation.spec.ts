import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import { adminHeaders } from "../helpers/admin"
import { eventually } from "../helpers/eventually"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore, setStockQuietly } from "../helpers/store"
import { addWarehouseLocation, storeBatches } from "../helpers/warehouses"
import { loadAccountReadings } from "../../src/queries/hub-product-fields"
import { hubStockLocations } from "../../src/queries/hub-stock-locations"
import { wantedAt } from "../../src/workflows/catalogue/steps/compare-warehouse-stock"

/*
 * The reconciliation of the account's other warehouses (issue 62; docs/catalogue.md, *Warehouses*),
 * against the sandbox hub over HTTP: stock written at a mapped location without Medusa's events (a
 * script, an ERP) is found by POST /admin/hub/catalogue/reconcile and sent to that CD alone, only the
 * SKUs that drifted, `warehouseBatchSize` (2 here) a request; the default CD and the other CD are not
 * written. A CD the hub does not have refuses its batch, kept on its rows with the hub's words.
 */

jest.setTimeout(180_000)

const RIO = "sloc_01WHRECONRIO"
const RECIFE = "sloc_01WHRECONRECIFE"
const SKUS = ["CAM-1", "CAM-2", "CAM-3", "CAM-4", "CAM-5", "CAM-6", "CAM-7"]
const sandbox = sandboxHubForStore(
  {},
  {
    HUB_WAREHOUSES: JSON.stringify([
      { code: "01", stockLocationId: RIO },
      { code: "02", stockLocationId: RECIFE },
    ]),
    HUB_WAREHOUSE_BATCH_SIZE: "2",
    // A SKU pushed within catalogueMinPushIntervalMs (3 s) waits for it, out of its batch: the set-up's
    // pushes are that recent, where a reconciliation runs long after the pushes it checks.
    HUB_CATALOGUE_MIN_PUSH_INTERVAL_MS: "0",
  }
)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let store: Awaited<ReturnType<typeof seedStore>>
    const account = () => container.resolve<HubModuleService>(HUB_MODULE).account("default")
    const stockedAt = (quantity: (index: number) => number) => Object.fromEntries(SKUS.map((sku, index) => [store.inventoryItemsBySku[sku], quantity(index)]))

    /** Each CD's quantities as the hub holds them, by SKU. */
    const cd = (code: string) => Object.fromEntries(Object.entries(sandbox.hub.warehouseStock(code)?.skus ?? {}).map(([sku, stock]) => [sku, stock.qty]))
    const expected = (quantity: (index: number) => number) => Object.fromEntries(SKUS.map((sku, index) => [sku, quantity(index)]))

    async function setUp(warehousesOnHub: string[]) {
      container = getContainer()
      sandbox.hub.reset()
      sandbox.hub.setWarehouses(warehousesOnHub)
      sandbox.hub.upsertProducts(SKUS.map((sku) => ({ sku, qty: 0, name: `Camiseta ${sku}`, price: 50 })))
      store = await seedStore(container, { products: SKUS.map((sku) => ({ sku, stocked: 10 })) })
      await addWarehouseLocation(container, { id: RIO, name: "CD Rio", salesChannelId: store.salesChannel.id, stocked: stockedAt((index) => index + 1) })
      await addWarehouseLocation(container, { id: RECIFE, name: "CD Recife", salesChannelId: store.salesChannel.id, stocked: stockedAt(() => 5) })
      await eventually(async () => {
        expect(cd("01")).toEqual(expected((index) => index + 1))
        for (const sku of SKUS) expect([sku, sandbox.hub.getProduct(sku)?.qty]).toEqual([sku, 10])
        expect(await account().records.catalogueBacklog()).toBe(0)
      })
    }

    /** Five of Rio's seven SKUs set straight in PostgreSQL: no event, so no change reaches the outbox. */
    async function driftRio(): Promise<string[]> {
      const db = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const drifted = SKUS.slice(0, 5)
      for (const sku of drifted) await setStockQuietly(db, store.inventoryItemsBySku[sku], 40, RIO)
      return drifted
    }

    it("sends a drifted warehouse only its drifted SKUs, in ceil(n / warehouseBatchSize) batches; the default CD and the other CD untouched", async () => {
      await setUp(["01", "02"])
      expect(cd("02")).toEqual(expected(() => 5))
      const drifted = await driftRio()
      sandbox.hub.resetRequestLog()

      const headers = await adminHeaders(container)
      const { data } = await api.post("/admin/hub/catalogue/reconcile", { wait: true }, headers)
      expect(data.reconciliation).toMatchObject({ error: null, differing: 0, warehouses: [{ code: "01", seen: 7, differing: 5 }, { code: "02", seen: 7, differing: 0 }] })
      // Kept with the walk: the page names each warehouse, and a walk with one differing is no verification of the whole.
      const first = await account().records.catalogueFigures()
      expect(first.lastReconciliation).toMatchObject({ differing: 0, warehouses: { "01": { seen: 7, differing: 5 }, "02": { seen: 7, differing: 0 } } })
      expect(first.lastVerifiedAt).not.toBe(first.lastReconciliation!.startedAt)

      await eventually(async () => {
        expect(cd("01")).toEqual(expected((index) => (index < 5 ? 40 : index + 1)))
        expect(await account().records.catalogueBacklog()).toBe(0)
      })
      const batches = storeBatches(sandbox.hub.requestLog(), "01")
      expect(batches).toHaveLength(Math.ceil(drifted.length / 2))
      const sent = batches.flatMap((entry) => (entry.body as { skus: Array<{ code: string; qty: number }> }).skus)
      expect(sent.map((entry) => entry.code).sort()).toEqual(drifted)
      expect(sent.every((entry) => entry.qty === 40)).toBe(true)
      expect(batches.every((entry) => entry.status === 204)).toBe(true)
      // Nothing written anywhere else: the default CD's products, CD 02.
      const writes = sandbox.hub.requestLog().filter((entry) => entry.method !== "GET" && !entry.path.startsWith("/stores/01/"))
      expect(writes).toEqual([])
      expect(cd("02")).toEqual(expected(() => 5))
      for (const sku of SKUS) expect([sku, sandbox.hub.getProduct(sku)?.qty]).toEqual([sku, 10])

      // In step now: a second reconciliation sends nothing.
      sandbox.hub.resetRequestLog()
      const again = await api.post("/admin/hub/catalogue/reconcile", { wait: true }, headers)
      expect(again.data.reconciliation.warehouses).toEqual([
        { code: "01", seen: 7, differing: 0 },
        { code: "02", seen: 7, differing: 0 },
      ])
      await eventually(async () => expect(await account().records.catalogueBacklog()).toBe(0))
      expect(sandbox.hub.requestLog().filter((entry) => entry.method !== "GET")).toEqual([])
      const second = await account().records.catalogueFigures()
      expect(second.lastVerifiedAt).toBe(second.lastReconciliation!.startedAt)
    })

    it("the one statement a warehouse batch and the walk read gives each CD the quantities the change flow reads through the modules", async () => {
      await setUp(["01", "02"])
      const [reserved, unmanaged, outOfChannel, deleted] = SKUS
      const variantOf = async (sku: string) => (await container.resolve(Modules.PRODUCT).listProductVariants({ sku }, { select: ["id", "product_id"] }))[0]
      await container.resolve(Modules.INVENTORY).createReservationItems([{ inventory_item_id: store.inventoryItemsBySku[reserved], location_id: RIO, quantity: 1 }])
      await container.resolve(Modules.PRODUCT).updateProductVariants((await variantOf(unmanaged)).id, { manage_inventory: false })
      await container.resolve(ContainerRegistrationKeys.LINK).dismiss({ [Modules.PRODUCT]: { product_id: (await variantOf(outOfChannel)).product_id }, [Modules.SALES_CHANNEL]: { sales_channel_id: store.salesChannel.id } })
      await container.resolve(Modules.PRODUCT).softDeleteProductVariants([(await variantOf(deleted)).id])

      const { options } = account()
      const byModules = (await loadAccountReadings(container, { skus: SKUS }, [options])).get("default")!.warehouses
      const { salesChannelId, warehouses } = await hubStockLocations(container, options)
      const readings = await account().records.warehouseReconciliation.stockOf(SKUS, salesChannelId, warehouses.map((warehouse) => warehouse.locationId))
      const qtys = (wanted: Array<{ sku: string; fields: { qty?: number } }>) => Object.fromEntries(wanted.map((entry) => [entry.sku, entry.fields.qty]).sort())
      for (const { code, locationId } of warehouses) {
        const byStatement = qtys(readings.flatMap((reading) => wantedAt(reading, locationId, options)))
        // The deleted variant's SKU: 0 by the statement, as the walk records a SKU that left Medusa; the modules no longer find it.
        expect([code, { ...byStatement, [deleted]: undefined }]).toEqual([code, { ...qtys(byModules.get(code) ?? []), [deleted]: undefined }])
        expect([code, byStatement[deleted]]).toEqual([code, 0])
      }
      expect(qtys(readings.flatMap((reading) => wantedAt(reading, RIO, options)))).toMatchObject({ [reserved]: 0, [outOfChannel]: 0, "CAM-5": 5 })
    })

    it("a warehouse the hub does not have refuses its batch: the refusal kept on its rows with the hub's words, the reconciliation ends without error", async () => {
      // CD 02 is mapped but the hub has only 01: the seeding's pushes to 02 are refused already.
      await setUp(["01"])
      const db = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      for (const sku of SKUS.slice(0, 3)) await setStockQuietly(db, store.inventoryItemsBySku[sku], 2, RECIFE)
      const drifted = await driftRio()
      sandbox.hub.resetRequestLog()

      const headers = await adminHeaders(container)
      const { data } = await api.post("/admin/hub/catalogue/reconcile", { wait: true }, headers)
      expect(data.reconciliation).toMatchObject({ error: null, warehouses: [{ code: "01", differing: 5 }, { code: "02", differing: 3 }] })
      await eventually(async () => {
        expect(cd("01")).toEqual(expected((index) => (index < 5 ? 40 : index + 1)))
        expect(await account().records.catalogueBacklog()).toBe(0)
      })
      expect(storeBatches(sandbox.hub.requestLog(), "01").flatMap((entry) => (entry.body as { skus: Array<{ code: string }> }).skus.map((sku) => sku.code)).sort()).toEqual(drifted)
      // 02's drifted SKUs were tried once, refused with the hub's 404, and are not sent again unchanged.
      const refusedAt02 = storeBatches(sandbox.hub.requestLog(), "02")
      expect(refusedAt02.every((entry) => entry.status === 404)).toBe(true)
      expect(refusedAt02.flatMap((entry) => (entry.body as { skus: Array<{ code: string }> }).skus.map((sku) => sku.code)).sort()).toEqual(SKUS.slice(0, 3))
      const rows = await container.resolve<HubModuleService>(HUB_MODULE).listHubCatalogueChanges({ account: "default", warehouse: "02", sku: SKUS.slice(0, 3) }, { select: ["sku", "state", "error"] })
      expect(rows.map((row) => [row.sku, row.state, row.error]).sort()).toEqual(SKUS.slice(0, 3).map((sku) => [sku, "refused", expect.stringContaining("02: ")]))
      // Settings -> Marketplace hub names each warehouse by its location, and 02's refusal in the hub's words.
      const shown = (await api.get("/admin/hub/warehouses?account=default", headers)).data.warehouses
      expect(shown).toEqual([
        { code: "01", stock_location: { id: RIO, name: "CD Rio" }, pending: 0, refused: 0, refusal: null },
        // Every SKU of 02: the seeding's pushes were refused already, as the drifted ones since.
        { code: "02", stock_location: { id: RECIFE, name: "CD Recife" }, pending: 0, refused: SKUS.length, refusal: expect.stringContaining("02: ") },
      ])

      sandbox.hub.resetRequestLog()
      await api.post("/admin/hub/catalogue/reconcile", { wait: true }, headers)
      await eventually(async () => expect(await account().records.catalogueBacklog()).toBe(0))
      expect(storeBatches(sandbox.hub.requestLog(), "02")).toEqual([])
    })
  },
})
