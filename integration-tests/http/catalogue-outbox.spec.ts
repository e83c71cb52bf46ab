import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, getVariantAvailability, Modules } from "@medusajs/framework/utils"
import flushCatalogueOutboxJob from "../../src/jobs/flush-catalogue-outbox"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { pushHubProductsWorkflow } from "../../src/workflows/catalogue/push-hub-products"
import { catalogueFlusher } from "../../src/sync/catalogue/catalogue-flusher"
import { eventually } from "../helpers/eventually"
import { productUpdatesFor, sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore, setStockQuietly as setStockOf } from "../helpers/store"

jest.setTimeout(240_000)

// Short lease and retry delay, so a dead flusher's rows and failed pushes come back within the test.
process.env.HUB_CATALOGUE_LEASE_MS = "2000"
process.env.HUB_CATALOGUE_RETRY_DELAY_MS = "300"
// These tests push SKUs the seeding has just pushed; the spacing of pushes is stock-sync.spec's.
process.env.HUB_CATALOGUE_MIN_PUSH_INTERVAL_MS = "0"

const sandbox = sandboxHubForStore()

const putsFor = (sku: string) => productUpdatesFor(sandbox.hub, sku)
/** An outbox reading of a SKU's qty alone, as a change records it (catalogue fields are not synced here). */
const wantedQty = (sku: string, qty: number) => ({ sku, variantId: null, productId: null, fields: { qty } })

/**
 * A flusher's claim of the rows in `rows` (a CTE: id, sku, product_id), as its claim leaves it: one
 * `hub_product_claim` row per hub product, holding the token (a parameter) and the lease (one more).
 */
const CLAIM_ROWS = `insert into hub_product_claim (id, account, hub_product, claim_token, claimed_until)
  select distinct on (coalesce(product_id, 'sku:' || sku)) 'hubpcl_' || md5(random()::text), 'default', coalesce(product_id, 'sku:' || sku), ?, now() + ?::integer * interval '1 millisecond' from rows
  on conflict (account, hub_product) where deleted_at is null do update set claim_token = excluded.claim_token, claimed_until = excluded.claimed_until
  returning id`

const SKUS = Array.from({ length: 20 }, (_, index) => `MEIA-${String(index + 1).padStart(2, "0")}`)

medusaIntegrationTestRunner({
  testSuite: ({ getContainer, dbConnection }) => {
    let container: MedusaContainer
    let hub: HubModuleService
    let store: Awaited<ReturnType<typeof seedStore>>

    beforeEach(async () => {
      container = getContainer()
      hub = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      sandbox.hub.setFaults({})
      sandbox.hub.setRateLimits({})
      sandbox.hub.upsertProducts(SKUS.map((sku) => ({ sku, qty: 0 })))
      store = await seedStore(container, { products: SKUS.map((sku, index) => ({ sku, stocked: index + 1 })) })
      await eventually(async () => {
        for (const [index, sku] of SKUS.entries()) expect(sandbox.hub.getProduct(sku)?.qty).toBe(index + 1)
        expect((await hub.account("default").records.catalogueFigures()).backlog).toBe(0)
      }, 30_000)
      // The application's flusher outlives each test: a flush started with nothing due leaves it
      // without a timer, so no push of an earlier test (a lease, a retry) fires inside this one.
      // The first call may join a flush already running (which then looks again once); the second
      // starts afresh.
      await catalogueFlusher(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).flush()
      await catalogueFlusher(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).flush()
      sandbox.hub.resetRequestLog()
    })

    const setStockQuietly = (sku: string, stocked: number) => setStockOf(dbConnection, store.inventoryItemsBySku[sku], stocked)

    async function medusaAvailable(): Promise<Record<string, number>> {
      const variantIds = SKUS.map((sku) => store.variantsBySku[sku].id as string)
      const availability = await getVariantAvailability(container.resolve(ContainerRegistrationKeys.QUERY), {
        variant_ids: variantIds,
        sales_channel_id: store.salesChannel.id,
      })
      return Object.fromEntries(SKUS.map((sku, index) => [sku, availability[variantIds[index]].availability as number]))
    }

    /** The recorded rows' quiet time is over: a flush claims them now. */
    async function dueNow() {
      await eventually(async () => expect(await hub.account("default").records.catalogueClaims.nextDueInMs()).toBe(0))
    }

    it("with 20% 5xx, dropped connections and a low rate limit, every SKU converges and no 429 is followed by a request inside its window", async () => {
      const windowMs = 1000
      // The client believes in 9 PUTs a second; this hub allows 3: it answers 429s.
      sandbox.hub.setRateLimits({ "PUT /products": { limit: 3, windowMs } })
      sandbox.hub.setFaults({ errorRate: 0.2, dropRate: 0.1, seed: 42 })

      const inventory = container.resolve(Modules.INVENTORY)
      for (let round = 1; round <= 3; round++) {
        await inventory.updateInventoryLevels(
          SKUS.map((sku, index) => ({
            inventory_item_id: store.inventoryItemsBySku[sku],
            location_id: store.stockLocation.id,
            stocked_quantity: 100 * round + index,
          }))
        )
      }
      const expected = await medusaAvailable()
      expect(Object.values(expected)).toEqual(SKUS.map((_, index) => 300 + index))

      await eventually(async () => {
        for (const sku of SKUS) expect(sandbox.hub.getProduct(sku)?.qty).toBe(expected[sku])
        expect((await hub.account("default").records.catalogueFigures()).backlog).toBe(0)
      }, 120_000)

      const log = sandbox.hub.requestLog()
      // The faults really happened.
      expect(log.some((entry) => entry.status === 429)).toBe(true)
      expect(log.some((entry) => entry.status === 500 || entry.status === 503)).toBe(true)
      expect(log.some((entry) => entry.status === "dropped")).toBe(true)

      // After the first 429 of a window, nothing arrives until that window ends. Requests that
      // were already on the wire when the 429 was answered arrive within a few milliseconds.
      const onTheWireMs = 100
      const firstRefusalByWindow = new Map<number, number>()
      for (const entry of log) {
        const window = Math.floor(entry.at / windowMs)
        if (entry.status === 429 && !firstRefusalByWindow.has(window)) firstRefusalByWindow.set(window, entry.at)
      }
      expect(firstRefusalByWindow.size).toBeGreaterThan(0)
      const violations = log.filter((entry) => {
        const refusedAt = firstRefusalByWindow.get(Math.floor(entry.at / windowMs))
        return refusedAt !== undefined && entry.at > refusedAt + onTheWireMs
      })
      expect(violations).toEqual([])
    })

    it("a flusher killed mid-run leaves its rows pending; they are sent once its claim expires, never twice at once", async () => {
      // The outbox as a dying flusher leaves it: five changes claimed, never reported back. Written
      // in one statement, so the live flusher (woken by the seeding's late events) cannot take them first.
      const claimToken = "hubclaim_dead"
      for (const sku of SKUS.slice(0, 5)) await setStockQuietly(sku, 50)
      const rows: { rows: { id: string; sku: string; available_quantity: number }[] } = await dbConnection.raw(
        `with rows as (
           update hub_catalogue_change set
             available_quantity = 50, version = version + 1, state = 'pending', changed_at = now(), last_changed_at = now(),
             claim_token = ?, claimed_version = version + 1
           where sku = any(?) returning id, sku, product_id, available_quantity
         ), claims as (${CLAIM_ROWS})
         select id, sku, available_quantity from rows`,
        [claimToken, SKUS.slice(0, 5), claimToken, hub.hubOptions.catalogueLeaseMs]
      )
      const claimedByTheDead = rows.rows.map((row) => ({ id: row.id, account: "default", sku: row.sku, productId: null, hubProduct: `sku:${row.sku}`, wanted: { qty: row.available_quantity }, accepted: {}, refused: {}, lastSentAt: null, onHub: true, claimToken }))
      expect(claimedByTheDead.map((change) => change.sku).sort()).toEqual(SKUS.slice(0, 5))
      const claimedAt = Date.now()

      // A live flusher runs at once: it must not touch rows under a live claim.
      await catalogueFlusher(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).flush()
      for (const sku of SKUS.slice(0, 5)) expect(putsFor(sku)).toHaveLength(0)
      expect((await hub.account("default").records.catalogueFigures()).backlog).toBe(5)

      // Without any further call, the flusher comes back when the lease ends and sends them.
      await eventually(() => {
        for (const sku of SKUS.slice(0, 5)) expect(sandbox.hub.getProduct(sku)?.qty).toBe(50)
      })
      const firstPutAt = Math.min(...SKUS.slice(0, 5).map((sku) => putsFor(sku)[0].at))
      expect(firstPutAt - claimedAt).toBeGreaterThanOrEqual(hub.hubOptions.catalogueLeaseMs - 100)
      for (const sku of SKUS.slice(0, 5)) expect(putsFor(sku)).toHaveLength(1)

      // The dead flusher's late report changes nothing: its claim is gone.
      await hub.account("default").records.catalogueClaims.settleRow(claimedByTheDead[0], { kind: "refused", status: 422, hubMessage: "late", sent: true, refused: { qty: 50 }, more: false })
      expect((await hub.account("default").records.catalogueFigures()).skusInError).toEqual([])
    })

    it("a SKU the hub refused stays refused after a lost claim's late report: not sent again, never shown as sent", async () => {
      const sku = SKUS[2]
      sandbox.hub.removeProduct(sku)
      await setStockQuietly(sku, 40)
      // A flusher claims the change and stalls past its lease (written as it leaves the row).
      const { rows } = await dbConnection.raw(
        `with rows as (
           update hub_catalogue_change set
             available_quantity = 40, version = version + 1, state = 'pending', changed_at = now(), last_changed_at = now(),
             claim_token = 'hubclaim_stalled', claimed_version = version + 1
           where sku = ? returning id, sku, product_id
         ), claims as (${CLAIM_ROWS})
         select id from rows`,
        [sku, "hubclaim_stalled", hub.hubOptions.catalogueLeaseMs]
      )
      const stalled = { id: rows[0].id, account: "default", sku, productId: null, hubProduct: `sku:${sku}`, wanted: { qty: 40 }, accepted: {}, refused: {}, lastSentAt: null, onHub: true, claimToken: "hubclaim_stalled" }
      // The lease ends: the store's flusher takes the row over, and the hub refuses it.
      await catalogueFlusher(container, hub.account("default")).flush()
      await eventually(async () => {
        expect((await hub.account("default").records.catalogueFigures()).skusInError).toEqual([
          expect.objectContaining({ sku, state: "refused", status: 404, availableQuantity: 40 }),
        ])
      })
      expect(putsFor(sku)).toHaveLength(1)
      // The stalled flusher's report comes late: the row is fenced (pending, nothing taken as accepted)
      // and pushed again, which finds the same quantity still refused.
      await hub.account("default").records.catalogueClaims.settleRow(stalled, { kind: "failed", reason: "socket hang up" })
      await catalogueFlusher(container, hub.account("default")).flush()
      await eventually(async () => expect(await hub.account("default").records.catalogueClaims.nextDueInMs()).toBeNull())
      expect(putsFor(sku)).toHaveLength(1)
      expect((await hub.account("default").records.catalogueFigures()).skusInError).toEqual([
        expect.objectContaining({ sku, state: "refused", status: 404, availableQuantity: 40 }),
      ])
    })

    it("flushers running at once never send the same row", async () => {
      // The seeding's last round over first: a hub product it pushed stays claimed until its rows are settled.
      await catalogueFlusher(container, hub.account("default")).flush()
      for (const [index, sku] of SKUS.entries()) await setStockQuietly(sku, 70 + index)
      await hub.account("default").records.recordWantedSkuFields(SKUS.map((sku, index) => wantedQty(sku, 70 + index)))
      await dueNow()
      const runs = await Promise.all([
        pushHubProductsWorkflow(container).run({ input: { account: "default" } }),
        pushHubProductsWorkflow(container).run({ input: { account: "default" } }),
        pushHubProductsWorkflow(container).run({ input: { account: "default" } }),
      ])
      const claimed = runs.map(({ result }) => result.claimed)
      // The store's own flusher may take some too (a late event of the seeding wakes it): never the same
      // row, and between them every one; the work shared by two claimers at least.
      const byTheStore = SKUS.length - claimed.reduce((sum, count) => sum + count, 0)
      expect(byTheStore).toBeGreaterThanOrEqual(0)
      expect(claimed.filter((count) => count > 0).length + (byTheStore > 0 ? 1 : 0)).toBeGreaterThan(1)
      // A row these runs did not find due yet (recorded directly, no flusher asked) goes with the store's flusher.
      await catalogueFlusher(container, hub.account("default")).flush()
      await eventually(() => {
        for (const [index, sku] of SKUS.entries()) expect(sandbox.hub.getProduct(sku)?.qty).toBe(70 + index)
      })
      for (const sku of SKUS) expect(putsFor(sku)).toHaveLength(1)
    })

    it("a change made while its push is in flight is sent after it, not lost", async () => {
      sandbox.hub.setFaults({ latencyMs: 600 })
      await setStockQuietly(SKUS[0], 11)
      await hub.account("default").records.recordWantedSkuFields([wantedQty(SKUS[0], 11)])
      await dueNow()
      const flushing = pushHubProductsWorkflow(container).run({ input: { account: "default" } })
      // The push has read 11 and its PUT is on the hub's side (600 ms there): the change comes now.
      const path = `/products/${encodeURIComponent(SKUS[0])}`
      await eventually(() => expect(sandbox.hub.requestArrivals().some((entry) => entry.method === "PUT" && entry.path === path)).toBe(true))
      await setStockQuietly(SKUS[0], 12)
      await hub.account("default").records.recordWantedSkuFields([wantedQty(SKUS[0], 12)])
      const { result } = await flushing
      expect(result.sent).toBe(1)
      expect(sandbox.hub.getProduct(SKUS[0])?.qty).toBe(11)
      expect((await hub.account("default").records.catalogueFigures()).backlog).toBe(1)
      await catalogueFlusher(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).flush()
      await eventually(() => expect(sandbox.hub.getProduct(SKUS[0])?.qty).toBe(12))
      expect(putsFor(SKUS[0])).toHaveLength(2)
    })

    it("a push sends the quantity Medusa has when it leaves, not the one recorded with the change", async () => {
      // A change recorded before the stock existed (a script's events read too early): 0 in the row.
      await hub.account("default").records.recordWantedSkuFields([wantedQty(SKUS[1], 0)])
      await setStockQuietly(SKUS[1], 77)
      await catalogueFlusher(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).flush()
      await eventually(() => expect(sandbox.hub.getProduct(SKUS[1])?.qty).toBe(77))
      expect(putsFor(SKUS[1])).toHaveLength(1)
      // The row now holds what the hub holds: the same reading again queues nothing.
      expect(await hub.account("default").records.recordWantedSkuFields([wantedQty(SKUS[1], 77)])).toBe(0)
    })

    it("a claim's lease is its claim row's alone, and holds a row that moved to another hub product; a failed push waits out its back-off (`retry_at`)", async () => {
      const sku = SKUS[3]
      const records = hub.account("default").records
      const row = async () =>
        (
          await dbConnection.raw(
            `select c.claim_token, c.claimed_until, c.retry_at, extract(epoch from c.retry_at - c.updated_at) * 1000 as backoff_ms,
                    (select count(*)::integer from hub_product_claim as l where l.claim_token = c.claim_token and l.claimed_until > now()) as live_claims
               from hub_catalogue_change as c where c.sku = ? and c.warehouse = '98'`,
            [sku]
          )
        ).rows[0]
      await setStockQuietly(sku, 33)
      await records.recordWantedSkuFields([wantedQty(sku, 33)])
      await dueNow()
      const claimed = await records.catalogueClaims.claim(10)
      const [change] = claimed.skus.filter((claim) => claim.sku === sku)
      expect(change).toMatchObject({ sku, wanted: { qty: 33 } })
      // The row carries the claim's token, the claim's row its lease.
      expect(await row()).toMatchObject({ claim_token: claimed.claimToken, claimed_until: null, retry_at: null, live_claims: 1 })

      // The SKU is given another product while its push is in flight: that hub product's claimer does not take the row.
      await dbConnection.raw(`update hub_catalogue_change set product_id = 'prod_moved', version = version + 1 where sku = ? and warehouse = '98'`, [sku])
      await dueNow()
      const other = await records.catalogueClaims.claim(10)
      expect(other.skus.map((claim) => claim.sku)).not.toContain(sku)
      await hub.account("default").records.catalogueClaims.release(other.claimToken)

      // The push fails: the row waits the retry delay (300 ms here, doubling with each attempt), on its back-off column.
      await hub.account("default").records.catalogueClaims.settleRow(change, { kind: "failed", reason: "socket hang up" })
      await hub.account("default").records.catalogueClaims.free(claimed.claimToken)
      expect(await row()).toMatchObject({ claim_token: null, claimed_until: null, live_claims: 0 })
      expect(Number((await row()).backoff_ms)).toBe(300)
      await dbConnection.raw(`update hub_catalogue_change set retry_at = now() + interval '1 hour' where sku = ? and warehouse = '98'`, [sku])
      expect((await records.catalogueClaims.claim(10)).skus.map((claim) => claim.sku)).not.toContain(sku)
      expect(await records.catalogueClaims.nextDueInMs()).toBeGreaterThan(3_500_000)
      await dbConnection.raw(`update hub_catalogue_change set retry_at = now() - interval '1 second' where sku = ? and warehouse = '98'`, [sku])
      const again = await records.catalogueClaims.claim(10)
      expect(again.skus.map((claim) => claim.sku)).toContain(sku)
      await hub.account("default").records.catalogueClaims.release(again.claimToken)
    })

    it("the safety-net flush job does nothing while the plugin's jobs are off", async () => {
      expect(hub.hubOptions.jobs).toBe(false)
      await hub.account("default").records.recordWantedSkuFields([wantedQty(SKUS[0], 33)])
      await dueNow()
      await flushCatalogueOutboxJob(container)
      expect(putsFor(SKUS[0])).toHaveLength(0)
      expect((await hub.account("default").records.catalogueFigures()).backlog).toBe(1)
    })
  },
})
