import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import { ORDER_IMPORT_LOCK } from "../../src/modules/hub/locks"
import HubModuleService from "../../src/modules/hub/service"
import { sampleTestOrder } from "../../src/sandbox"
import { listedOrderLanes } from "../../src/sync/orders/listed-order-lanes"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { HubEvents } from "../../src/workflows"
import { waitUntil } from "../helpers/eventually"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

const sandbox = sandboxHubForStore()
// Three listing pages (100, 100 and 1): far more than the lanes hold at once (importConcurrency 4 × 25
// a take), so stopping shows as orders left over.
const ORDERS = 201

medusaIntegrationTestRunner({
  testSuite: ({ getContainer }) => {
    let container: MedusaContainer
    let hubModule: HubModuleService

    beforeEach(async () => {
      container = getContainer()
      hubModule = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      sandbox.hub.upsertProducts([{ sku: "SKU-1", qty: 1000, name: "Camiseta", price: 59.9 }])
      await seedStore(container, { products: [{ sku: "SKU-1", stocked: 1000 }] })
    })

    const imported = async () => (await hubModule.listHubOrders({ import_state: "imported" }, { select: ["code"], take: null })).length

    it("a driver whose lock is taken away mid-run stops before its next write, says why, and the next holder imports the rest once", async () => {
      for (let n = 0; n < ORDERS; n++) {
        sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }], customer: { ...sampleTestOrder().customer, email: `c${n}@example.com` } }))
      }
      // Another process takes the key (Redis dropped it, a failover): as soon as the first order is in.
      const locking = container.resolve(Modules.LOCKING)
      let importedWhenTaken = -1
      container.resolve(Modules.EVENT_BUS).subscribe(HubEvents.ORDER_IMPORTED, async () => {
        if (importedWhenTaken >= 0) return
        importedWhenTaken = 0
        await locking.release(ORDER_IMPORT_LOCK)
        await locking.acquire(ORDER_IMPORT_LOCK, { ownerId: "another-process", expire: 60 })
        importedWhenTaken = await imported()
      })

      const summary = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(summary?.error).toMatch(/lock hub:order-import was lost/)
      const afterStop = await imported()
      expect(importedWhenTaken).toBeGreaterThan(0)
      // It stopped: far from every order, and nothing more once it ended.
      expect(afterStop).toBeLessThan(ORDERS)
      // Nothing in flight any more: the run's shared orders all done or withdrawn, and this process's lanes idle.
      await waitUntil("the stopped run's shared orders done or withdrawn", async () => (await hubModule.pendingListedHubOrders(summary!.runId)) === 0)
      await listedOrderLanes(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).drain()
      expect(await imported()).toBe(afterStop)
      // The key stays the other holder's: a new run here cannot start.
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toBeNull()

      // The other holder gone, the next run imports the rest, each order once.
      await locking.release(ORDER_IMPORT_LOCK, { ownerId: "another-process" })
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ error: null })
      expect(await imported()).toBe(ORDERS)
      const orders = await container.resolve(Modules.ORDER).listOrders({}, { select: ["id"], take: null })
      expect(orders).toHaveLength(ORDERS)
    })
  },
})
