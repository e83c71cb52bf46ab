import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { eventually } from "../helpers/eventually"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(240_000)

process.env.HUB_STOCK_MIN_PUSH_INTERVAL_MS = "0"
process.env.HUB_STOCK_RETRY_DELAY_MS = "300"

const sandbox = sandboxHubForStore()

const SKUS = ["DROP-01", "DROP-02", "DROP-03"]

/*
 * A stock change is the one number the plugin exists to keep true on the hub: no change may wait for
 * the next reconciliation (6 h by default) because recording it met a busy lock or failed once. The
 * jobs are off here, so nothing but the change's own event can bring the hub the new quantity.
 */
medusaIntegrationTestRunner({
  testSuite: ({ getContainer, dbConnection }) => {
    let container: MedusaContainer
    let hub: HubModuleService
    let store: Awaited<ReturnType<typeof seedStore>>

    beforeEach(async () => {
      container = getContainer()
      hub = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      sandbox.hub.upsertProducts(SKUS.map((sku) => ({ sku, qty: 0 })))
      store = await seedStore(container, { products: SKUS.map((sku) => ({ sku, stocked: 5 })) })
      await eventually(async () => {
        for (const sku of SKUS) expect(sandbox.hub.getProduct(sku)?.qty).toBe(5)
        expect((await hub.stockSyncFigures()).backlog).toBe(0)
      }, 30_000)
    })

    const setStock = (sku: string, stocked: number) =>
      container.resolve(Modules.INVENTORY).updateInventoryLevels([
        { inventory_item_id: store.inventoryItemsBySku[sku], location_id: store.stockLocation.id, stocked_quantity: stocked },
      ])

    it("a stock change made while another process holds the old record lock (a long reconciliation, a burst of imports) reaches the hub meanwhile", async () => {
      // What the store's log showed: `Failed to acquire lock for key "hub:stock-record"` after 30 s,
      // the event's handler failed, and the change waited for the next reconciliation.
      const locking = container.resolve(Modules.LOCKING)
      await locking.acquire("hub:stock-record", { ownerId: "another-process", expire: 120 })
      try {
        await setStock(SKUS[0], 2)
        await eventually(() => expect(sandbox.hub.getProduct(SKUS[0])?.qty).toBe(2), 20_000)
      } finally {
        await locking.release("hub:stock-record", { ownerId: "another-process" })
      }
    })

    it("a stock change whose recording fails once (its database connection cut mid-statement) still reaches the hub", async () => {
      // The outbox's table held by another transaction: the recording's write waits on it, and is
      // then cut, as a database restart or a failover would cut it.
      const blocker = await dbConnection.transaction()
      let cut = 0
      try {
        await blocker.raw("lock table hub_stock_change in access exclusive mode")
        await setStock(SKUS[1], 3)
        await eventually(async () => {
          const { rows } = await dbConnection.raw(
            `select pg_terminate_backend(pid) as cut from pg_stat_activity
              where pid <> pg_backend_pid() and wait_event_type = 'Lock' and query ilike '%insert into hub_stock_change%'`
          )
          cut += rows.length
          expect(cut).toBeGreaterThan(0)
        }, 20_000)
      } finally {
        await blocker.rollback()
      }
      await eventually(() => expect(sandbox.hub.getProduct(SKUS[1])?.qty).toBe(3), 30_000)
      // And the store goes on: a later change lands as before.
      await setStock(SKUS[2], 4)
      await eventually(() => expect(sandbox.hub.getProduct(SKUS[2])?.qty).toBe(4), 30_000)
    })
  },
})
