import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { catalogueFlusher } from "../../src/sync/catalogue/catalogue-flusher"
import { pushHubProductsWorkflow } from "../../src/workflows/catalogue/push-hub-products"
import { eventually } from "../helpers/eventually"
import { productUpdatesFor, sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore, setStockQuietly as setStockOf } from "../helpers/store"

/** Polls `read` until it returns a non-empty list. */
async function untilSome<T>(read: () => Promise<T[]>): Promise<T[]> {
  let found: T[] = []
  await eventually(async () => {
    found = await read()
    expect(found.length).toBeGreaterThan(0)
  })
  return found
}

jest.setTimeout(240_000)

process.env.HUB_CATALOGUE_MIN_PUSH_INTERVAL_MS = "0"
process.env.HUB_CATALOGUE_RETRY_DELAY_MS = "300"
// The shortest lease, so a push can outlive it within the test.
process.env.HUB_CATALOGUE_LEASE_MS = "1000"

const sandbox = sandboxHubForStore()

const SKUS = ["DROP-01", "DROP-02", "DROP-03", "LEASE-01"]
/** An outbox reading of a SKU's qty alone, as a change records it (catalogue fields are not synced here). */
const wantedQty = (sku: string, qty: number) => ({ sku, variantId: null, productId: null, fields: { qty } })

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
        expect((await hub.account("default").records.catalogueFigures()).backlog).toBe(0)
      }, 30_000)
      // No timer of the application's flusher left from seeding fires inside a test that pushes by hand.
      await catalogueFlusher(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).flush()
      await catalogueFlusher(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).flush()
    })
    afterEach(() => sandbox.hub.setFaults({}))

    const setStockQuietly = (sku: string, stocked: number) => setStockOf(dbConnection, store.inventoryItemsBySku[sku], stocked)
    const outboxRow = async (sku: string) =>
      (await dbConnection.raw(`select state, sent_quantity, extract(epoch from now() - updated_at) * 1000 as held_ms from hub_catalogue_change where sku = ?`, [sku])).rows[0]

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
        await blocker.raw("lock table hub_catalogue_change in access exclusive mode")
        await setStock(SKUS[1], 3)
        await eventually(async () => {
          const { rows } = await dbConnection.raw(
            `select pg_terminate_backend(pid) as cut from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock' and query ilike '%insert into hub_catalogue_change%'`
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

    it("a push slower than its lease keeps its claim: a second flusher does not take the row and send it again", async () => {
      const sku = "LEASE-01"
      await setStockQuietly(sku, 9)
      await hub.account("default").records.recordWantedSkuFields([wantedQty(sku, 9)])
      await eventually(async () => expect(await hub.account("default").records.catalogueClaims.nextDueInMs()).toBe(0))
      sandbox.hub.resetRequestLog()
      // Each answer takes three leases.
      sandbox.hub.setFaults({ latencyMs: 3_000 })

      const first = pushHubProductsWorkflow(container).run({ input: { account: "default" } })
      // Held well past its first lease (1 s) by the database's clock.
      await eventually(async () => expect(Number((await outboxRow(sku)).held_ms)).toBeGreaterThan(1_500), 10_000)
      const { result: second } = await pushHubProductsWorkflow(container).run({ input: { account: "default" } })
      expect(second.claimed).toBe(0)

      const { result } = await first
      expect(result.sent).toBe(1)
      expect(productUpdatesFor(sandbox.hub, sku)).toHaveLength(1)
      expect(sandbox.hub.getProduct(sku)?.qty).toBe(9)
    })

    it("a push that lost its lease and landed after the push of the flusher that took the row over does not leave the outbox saying sent: the row goes again, read anew", async () => {
      const sku = "LEASE-01"
      // The first flusher claims the row when Medusa says 7 ...
      await setStockQuietly(sku, 7)
      await hub.account("default").records.recordWantedSkuFields([wantedQty(sku, 7)])
      const [late] = await untilSome(async () => (await hub.account("default").records.catalogueClaims.claim(10)).skus)
      expect(late).toMatchObject({ sku, wanted: { qty: 7 } })
      // ... and stalls past its lease (a paused process: its renewals do not happen).
      await dbConnection.raw(`update hub_product_claim set claimed_until = now() - interval '1 second' where claim_token = ?`, [late.claimToken])

      // Meanwhile Medusa says 8, and another flusher takes the row and sends 8.
      await setStockQuietly(sku, 8)
      await hub.account("default").records.recordWantedSkuFields([wantedQty(sku, 8)])
      await eventually(async () => {
        const { result } = await pushHubProductsWorkflow(container).run({ input: { account: "default" } })
        expect(result.sent).toBe(1)
      })
      expect(sandbox.hub.getProduct(sku)?.qty).toBe(8)

      // The stalled push lands last: the hub holds 7.
      await hub.account("default").products.update(sku, { qty: 7 })
      await hub.account("default").records.catalogueClaims.settleRow(late, { kind: "sent", fields: { qty: 7 }, clearRefused: false, more: false })
      expect(sandbox.hub.getProduct(sku)?.qty).toBe(7)

      // The outbox does not take either push as the hub's value: the row goes again with Medusa's 8.
      await eventually(async () => {
        await pushHubProductsWorkflow(container).run({ input: { account: "default" } })
        expect(sandbox.hub.getProduct(sku)?.qty).toBe(8)
        expect(await outboxRow(sku)).toMatchObject({ state: "sent", sent_quantity: 8 })
      })
    })
  },
})
