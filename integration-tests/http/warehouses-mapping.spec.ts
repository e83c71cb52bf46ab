import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createInventoryLevelsWorkflow } from "@medusajs/medusa/core-flows"
import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { saveHubWarehousesWorkflow } from "../../src/workflows"
import { adminHeaders } from "../helpers/admin"
import { eventually } from "../helpers/eventually"
import { importTestOrder } from "../helpers/hub-order-import"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"
import { addWarehouseLocation, storeBatches } from "../helpers/warehouses"

/*
 * The merchant maps warehouses in Settings → Marketplace hub (issue 62; docs/catalogue.md, *Warehouses*):
 * the store's options map none, so the default CD 98 sells every location of the account's channel;
 * saving Rio as CD 01 moves Rio's stock from the default to CD 01 (the reconciliation the save starts) and
 * an order line from 01 reserves at Rio; a SKU the hub does not hold is sent to no CD until it does. A save the store cannot keep is refused naming the field; a code
 * the hub does not have is its 404 in its words; a hook that refuses leaves the warehouses as they were;
 * `null` gives the option's back. Against the sandbox hub over loopback HTTP.
 */

jest.setTimeout(180_000)

const RIO = "sloc_01MAPPINGRIO"
const ELSEWHERE = "sloc_01MAPPINGELSEWHERE"
const sandbox = sandboxHubForStore()

/** The hook refuses while `refusing` is set, as a store's own rule might. */
const refusing = { on: false }
saveHubWarehousesWorkflow.hooks.hubWarehousesSaved(() => {
  if (refusing.on) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "hubWarehousesSaved: the store says no")
})

type ApiAnswer = { status: number; data: any }

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let store: Awaited<ReturnType<typeof seedStore>>
    let headers: Awaited<ReturnType<typeof adminHeaders>>
    const account = () => container.resolve<HubModuleService>(HUB_MODULE).account("default")
    const get = async () => (await api.get("/admin/hub/warehouses", headers)).data
    const save = (warehouses: unknown): Promise<ApiAnswer> => api.post("/admin/hub/warehouses", { warehouses }, headers).catch((error: { response: ApiAnswer }) => error.response)

    beforeEach(async () => {
      container = getContainer()
      refusing.on = false
      sandbox.hub.reset()
      sandbox.hub.setWarehouses(["01"])
      sandbox.hub.upsertProducts([{ sku: "CAM-P", qty: 0, name: "Camiseta P", price: 50 }])
      // CAM-G is not on the hub (a product the hub does not have): its default row is refused.
      store = await seedStore(container, { products: [{ sku: "CAM-P", stocked: 10 }, { sku: "CAM-G", stocked: 5 }] })
      const item = store.inventoryItemsBySku["CAM-P"]
      await addWarehouseLocation(container, { id: RIO, name: "CD Rio", salesChannelId: store.salesChannel.id, stocked: { [item]: 4 } })
      // A location of no channel of the account's: it cannot be one of its warehouses.
      await container.resolve(Modules.STOCK_LOCATION).createStockLocations({ id: ELSEWHERE, name: "Elsewhere" } as { name: string })
      headers = await adminHeaders(container)
    })

    const lastWalk = async () => (await account().records.catalogueFigures()).lastReconciliation
    /** Saves, and waits for the walk the save started to end with nothing left to send. */
    async function saveSettled(warehouses: unknown): Promise<ApiAnswer> {
      const before = (await lastWalk())?.id ?? null
      const answer = await save(warehouses)
      expect(answer.status).toBe(200)
      await eventually(async () => {
        const walk = await lastWalk()
        expect({ other: walk?.id !== before, finished: Boolean(walk?.finishedAt) }).toEqual({ other: true, finished: true })
        expect(await account().records.catalogueBacklog()).toBe(0)
      }, 60_000)
      return answer
    }

    it("saving Rio as CD 01 moves its stock from the default warehouse to CD 01, and a line from 01 reserves at Rio", async () => {
      // No warehouse mapped: the default CD sells both locations.
      await eventually(() => expect(sandbox.hub.getProduct("CAM-P")?.qty).toBe(14))
      expect(await get()).toMatchObject({ account: "default", saved: false, warehouses: [], locations: expect.arrayContaining([{ id: RIO, name: "CD Rio" }]) })
      expect((await get()).locations.map((location: { id: string }) => location.id)).not.toContain(ELSEWHERE)

      const saved = await saveSettled([{ code: "01", stockLocationId: RIO }])
      expect(saved.data).toMatchObject({ saved: true, warehouses: [{ code: "01", stock_location: { id: RIO, name: "CD Rio" } }] })
      await eventually(() => {
        expect(sandbox.hub.getProduct("CAM-P")?.qty).toBe(10)
        expect(sandbox.hub.warehouseStock("01")!.skus["CAM-P"]?.qty).toBe(4)
      })

      sandbox.hub.createOrder({ ...importTestOrder([]), items: [{ id: "CAM-P", qty: 3, remote_store_id: "01" }] })
      expect(await runOrderImport(container, account())).toMatchObject({ imported: 1 })
      const [atRio] = await container.resolve(Modules.INVENTORY).listInventoryLevels({ inventory_item_id: store.inventoryItemsBySku["CAM-P"], location_id: RIO })
      expect(Number(atRio.reserved_quantity)).toBe(3)
      await eventually(() => expect(sandbox.hub.warehouseStock("01")!.skus["CAM-P"]?.qty).toBe(1))
    })

    it("a CD is sent a SKU only once the hub holds it: CAM-G, which the hub refused, waits at CD 01 until the hub has it", async () => {
      // Rio holds CAM-G too; the hub does not have it (its default row refused), so CD 01 is sent CAM-P alone.
      await createInventoryLevelsWorkflow(container).run({ input: { inventory_levels: [{ inventory_item_id: store.inventoryItemsBySku["CAM-G"], location_id: RIO, stocked_quantity: 3 }] } })
      const before = (await lastWalk())?.id ?? null
      expect((await save([{ code: "01", stockLocationId: RIO }])).status).toBe(200)
      await eventually(async () => {
        const walk = await lastWalk()
        expect({ other: walk?.id !== before, finished: Boolean(walk?.finishedAt) }).toEqual({ other: true, finished: true })
        expect(sandbox.hub.warehouseStock("01")!.skus["CAM-P"]?.qty).toBe(4)
        // Refused by the hub (its 404; or, once refused in an earlier test, by the client, which never resends it unchanged).
        const [defaultRow] = await container.resolve<HubModuleService>(HUB_MODULE).listHubCatalogueChanges({ sku: "CAM-G", warehouse: "98" })
        expect(defaultRow?.state).toBe("refused")
      }, 60_000)
      const sentToCd = () => storeBatches(sandbox.hub.requestLog(), "01").flatMap((entry) => (entry.body as { skus: Array<{ code: string }> }).skus.map((sku) => sku.code))
      expect(sentToCd()).not.toContain("CAM-G")
      // The hub has it now (the merchant created it in the hub's panel); its next change reaches both CDs.
      sandbox.hub.upsertProducts([{ sku: "CAM-G", qty: 0, name: "Camiseta G", price: 50 }])
      await container.resolve(Modules.INVENTORY).updateInventoryLevels([{ inventory_item_id: store.inventoryItemsBySku["CAM-G"], location_id: store.stockLocation.id, stocked_quantity: 6 }])
      await eventually(async () => {
        expect(sandbox.hub.getProduct("CAM-G")?.qty).toBe(6)
        expect(sandbox.hub.warehouseStock("01")!.skus["CAM-G"]?.qty).toBe(3)
        expect(await account().records.catalogueBacklog()).toBe(0)
      }, 60_000)
      expect(sentToCd().filter((sku) => sku === "CAM-G")).toEqual(["CAM-G"])
    })

    it("refuses what the store cannot keep, naming the field, and keeps what it had", async () => {
      await saveSettled([{ code: "01", stockLocationId: RIO }])
      const refusals = [
        [[{ code: "01", stockLocationId: ELSEWHERE }], `warehouses.0.stockLocationId: ${ELSEWHERE} (warehouse 01) is not a stock location of sales channel`],
        [[{ code: "98", stockLocationId: RIO }], "warehouses.0.code: 98 is the default warehouse"],
        [[{ code: "01", stockLocationId: RIO }, { code: "02", stockLocationId: RIO }], `warehouses.1.stockLocationId: stock location ${RIO} is mapped twice`],
        [[{ code: "01", location: RIO }], "warehouses.0: takes only code and stockLocationId"],
      ] as const
      for (const [warehouses, message] of refusals) {
        const answer = await save(warehouses)
        expect({ status: answer.status, message: answer.data.message }).toEqual({ status: 400, message: expect.stringContaining(message) })
      }
      expect(await get()).toMatchObject({ saved: true, warehouses: [{ code: "01", stock_location: { id: RIO } }] })
    })

    it("a code the hub does not have is refused by the hub, in its words, on the warehouse's line", async () => {
      await saveSettled([{ code: "07", stockLocationId: RIO }])
      await eventually(async () => {
        const [warehouse] = (await get()).warehouses
        expect(warehouse).toMatchObject({ code: "07", refused: 1, refusal: "07: Store 07 not found" })
      })
    })

    it("a hook that refuses leaves the warehouses as they were; null gives the option's back", async () => {
      await saveSettled([{ code: "01", stockLocationId: RIO }])
      refusing.on = true
      const refused = await save([])
      expect({ status: refused.status, message: refused.data.message }).toEqual({ status: 400, message: expect.stringContaining("the store says no") })
      expect(await get()).toMatchObject({ saved: true, warehouses: [{ code: "01" }] })

      refusing.on = false
      expect((await saveSettled(null)).data).toMatchObject({ saved: false, warehouses: [] })
      // Rio is the default warehouse's again.
      await eventually(() => expect(sandbox.hub.getProduct("CAM-P")?.qty).toBe(14))
    })
  },
})
