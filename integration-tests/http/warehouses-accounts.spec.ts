import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createInventoryLevelsWorkflow, linkProductsToSalesChannelWorkflow, linkSalesChannelsToStockLocationWorkflow } from "@medusajs/medusa/core-flows"
import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import { hubStockLocations } from "../../src/queries/hub-stock-locations"
import { resolveHubOrderTarget } from "../../src/queries/hub-order-target"
import { adminHeaders } from "../helpers/admin"
import { addSalesChannelWithLocation, hubAccountsForStore } from "../helpers/hub-accounts"
import { eventually } from "../helpers/eventually"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"
import { addWarehouseLocation, storeBatches } from "../helpers/warehouses"

/*
 * Warehouses on two hub accounts (issue 62; docs/catalogue.md, *Warehouses*): `default` maps its Rio
 * location to its hub's CD 01, `brand-b` its Curitiba location to its own hub's CD 01. Each location's
 * change reaches its own account's CD only; and a location the two accounts' sales channels share
 * through Medusa's links (which no option names, so the boot cannot see it) is refused at its first
 * use, naming both accounts. Two sandbox hubs over loopback HTTP.
 */

jest.setTimeout(180_000)

const BRAND_B_CHANNEL = "sc_01BRANDB"
const RIO = "sloc_01WAREHOUSERIO"
const CURITIBA = "sloc_01WAREHOUSECWB"
const accountHubs = hubAccountsForStore([{ id: "brand-b", salesChannelId: BRAND_B_CHANNEL, options: { warehouses: [{ code: "01", stockLocationId: CURITIBA }] } }])
const sandbox = sandboxHubForStore({}, { HUB_WAREHOUSES: JSON.stringify([{ code: "01", stockLocationId: RIO }]) })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let hub: HubModuleService
    let store: Awaited<ReturnType<typeof seedStore>>
    let brandBLocationId: string
    const hubA = () => sandbox.hub
    const hubB = () => accountHubs.get("brand-b")!

    beforeEach(async () => {
      container = getContainer()
      hub = container.resolve(HUB_MODULE)
      for (const sandboxHub of [hubA(), hubB()]) {
        sandboxHub.reset()
        sandboxHub.setWarehouses(["01"])
        sandboxHub.upsertProducts([{ sku: "AMBOS", qty: 0 }])
      }
      store = await seedStore(container, { products: [{ sku: "AMBOS", stocked: 10 }] })
      const item = store.inventoryItemsBySku["AMBOS"]
      brandBLocationId = await addSalesChannelWithLocation(container, { salesChannelId: BRAND_B_CHANNEL, name: "Marca B" })
      await createInventoryLevelsWorkflow(container).run({ input: { inventory_levels: [{ inventory_item_id: item, location_id: brandBLocationId, stocked_quantity: 5 }] } })
      await linkProductsToSalesChannelWorkflow(container).run({ input: { id: BRAND_B_CHANNEL, add: [store.variantsBySku["AMBOS"].product_id as string] } })
      await addWarehouseLocation(container, { id: RIO, name: "CD Rio", salesChannelId: store.salesChannel.id, stocked: { [item]: 4 } })
      await addWarehouseLocation(container, { id: CURITIBA, name: "CD Curitiba", salesChannelId: BRAND_B_CHANNEL, stocked: { [item]: 2 } })
    })

    /** Each hub's default CD and CD 01 hold these quantities of AMBOS, and neither account has anything left to send. */
    async function expectOnHubs(expected: { A: [number, number]; B: [number, number] }) {
      await eventually(async () => {
        expect([hubA().getProduct("AMBOS")?.qty, hubA().warehouseStock("01")!.skus.AMBOS?.qty]).toEqual(expected.A)
        expect([hubB().getProduct("AMBOS")?.qty, hubB().warehouseStock("01")!.skus.AMBOS?.qty]).toEqual(expected.B)
        expect(await hub.account("default").records.catalogueBacklog()).toBe(0)
        expect(await hub.account("brand-b").records.catalogueBacklog()).toBe(0)
      })
    }

    const setStocked = (locationId: string, stocked: number) =>
      container.resolve(Modules.INVENTORY).updateInventoryLevels([{ inventory_item_id: store.inventoryItemsBySku["AMBOS"], location_id: locationId, stocked_quantity: stocked }])

    it("two accounts apart: each location's change reaches its own account's warehouse only", async () => {
      await expectOnHubs({ A: [10, 4], B: [5, 2] })
      hubA().resetRequestLog()
      hubB().resetRequestLog()

      await setStocked(CURITIBA, 1)
      await expectOnHubs({ A: [10, 4], B: [5, 1] })
      expect(storeBatches(hubB().requestLog(), "01").map((entry) => entry.body)).toEqual([{ skus: [{ code: "AMBOS", qty: 1 }] }])
      expect(hubA().requestLog()).toEqual([])

      hubB().resetRequestLog()
      await setStocked(RIO, 3)
      await expectOnHubs({ A: [10, 3], B: [5, 1] })
      expect(storeBatches(hubA().requestLog(), "01").map((entry) => entry.body)).toEqual([{ skus: [{ code: "AMBOS", qty: 3 }] }])
      expect(hubB().requestLog()).toEqual([])
    })

    it("a location two accounts' sales channels share through Medusa's links is refused at its first use, naming both accounts, whichever location it is", async () => {
      await expectOnHubs({ A: [10, 4], B: [5, 2] })
      const refused = /accounts: default and brand-b both sell stock location (\S+) \(their sales channels share it through Medusa's links/
      const expectRefused = async (location: string) => {
        for (const id of ["default", "brand-b"]) {
          await expect(hubStockLocations(container, hub.account(id).options)).rejects.toThrow(refused)
          await expect(hubStockLocations(container, hub.account(id).options)).rejects.toThrow(location)
          // Neither account's orders land anywhere while it holds.
          await expect(resolveHubOrderTarget(container, hub.account(id).options)).rejects.toThrow(refused)
        }
      }

      // Default's warehouse location linked to brand-b's channel too.
      await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: RIO, add: [BRAND_B_CHANNEL] } })
      await expectRefused(RIO)

      // Unlinked, both are apart again; then default's own location linked to brand-b's channel.
      await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: RIO, remove: [BRAND_B_CHANNEL] } })
      await expect(hubStockLocations(container, hub.account("brand-b").options)).resolves.toMatchObject({ warehouses: [{ code: "01", locationId: CURITIBA }] })
      await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: store.stockLocation.id, add: [BRAND_B_CHANNEL] } })
      await expectRefused(store.stockLocation.id)
    })

    it("a save in the admin that maps a location another account sells is refused, naming both accounts, whichever way it is shared", async () => {
      await expectOnHubs({ A: [10, 4], B: [5, 2] })
      const headers = await adminHeaders(container)
      const save = (accountId: string, warehouses: unknown) =>
        api.post(`/admin/hub/warehouses?account=${accountId}`, { warehouses }, headers).catch((error: { response: { status: number; data: { message: string } } }) => error.response)
      // Default's warehouse location, which brand-b's channel does not serve.
      const notServed = await save("brand-b", [{ code: "02", stockLocationId: RIO }])
      expect({ status: notServed.status, message: notServed.data.message }).toEqual({ status: 400, message: expect.stringContaining(`warehouses.0.stockLocationId: ${RIO} (warehouse 02) is not a stock location of sales channel ${BRAND_B_CHANNEL}`) })
      // Served by both channels through Medusa's links: another account's, whichever way.
      await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: RIO, add: [BRAND_B_CHANNEL] } })
      const shared = await save("brand-b", [{ code: "01", stockLocationId: CURITIBA }, { code: "02", stockLocationId: RIO }])
      expect({ status: shared.status, message: shared.data.message }).toEqual({ status: 400, message: expect.stringContaining(`accounts: default and brand-b both sell stock location ${RIO}`) })
      // Nothing saved: brand-b's warehouses are still its option's.
      expect((await api.get("/admin/hub/warehouses?account=brand-b", headers)).data).toMatchObject({ saved: false, warehouses: [{ code: "01", stock_location: { id: CURITIBA } }] })
    })
  },
})
