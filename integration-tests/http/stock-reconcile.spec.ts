import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import reconcileCatalogueJob from "../../src/jobs/reconcile-catalogue"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { CATALOGUE_RECONCILIATION_LOCK } from "../../src/modules/hub/locks"
import { runScheduledReconciliation } from "../../src/sync/catalogue/catalogue-reconciliation"
import { adminHeaders } from "../helpers/admin"
import { eventually, waitUntil } from "../helpers/eventually"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

const sandbox = sandboxHubForStore()

// Medusa's SKUs sort before and after 198 products only the hub has: with the hub's 100 per
// page, "A-*" are on the first page of the walk and "Z-*" on the last.
const MEDUSA_STOCK = { "A-1": 10, "A-2": 0, "Z-1": 7, "Z-2": 3 }
const HUB_ONLY = Array.from({ length: 198 }, (_, index) => `M-${String(index + 1).padStart(3, "0")}`)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let hub: HubModuleService

    beforeEach(async () => {
      container = getContainer()
      hub = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      sandbox.hub.setNextOrigin(undefined)
      sandbox.hub.setRateLimits({})
      sandbox.hub.upsertProducts([
        ...Object.keys(MEDUSA_STOCK).map((sku) => ({ sku, qty: 0 })),
        ...HUB_ONLY.map((sku) => ({ sku, qty: 1 })),
      ])
      await seedStore(container, { products: Object.entries(MEDUSA_STOCK).map(([sku, stocked]) => ({ sku, stocked })) })
      await eventually(async () => {
        for (const [sku, stocked] of Object.entries(MEDUSA_STOCK)) expect(sandbox.hub.getProduct(sku)?.qty).toBe(stocked)
        expect((await hub.account("default").records.catalogueFigures()).backlog).toBe(0)
      })
    })

    /** Someone edits quantities on the hub directly, or a push "succeeded" without taking effect. */
    function drift() {
      sandbox.hub.upsertProducts([
        { sku: "A-1", qty: 99 },
        { sku: "A-2", qty: 5 }, // Medusa has none: zero must be sent again
        { sku: "Z-1", qty: 1 },
        { sku: "Z-2", qty: 40 },
      ])
    }

    it("fixes drift introduced on the hub, zeros included, and reports it", async () => {
      drift()
      const headers = await adminHeaders(container)
      const response = await api.post("/admin/hub/stock/reconcile", { wait: true }, headers)
      expect(response.status).toBe(200)
      expect(response.data.reconciliation).toEqual(
        expect.objectContaining({ seen: 202, differing: 4, unknown: 198, error: null })
      )
      await eventually(() => {
        for (const [sku, stocked] of Object.entries(MEDUSA_STOCK)) expect(sandbox.hub.getProduct(sku)?.qty).toBe(stocked)
      })
      // Hub-only products are not Medusa's to change.
      expect(sandbox.hub.getProduct("M-001")?.qty).toBe(1)

      await eventually(async () => {
        const { data } = await api.get("/admin/hub/stock", headers)
        expect(data.stock.lastReconciliation).toEqual(
          expect.objectContaining({ seen: 202, differing: 4, fixed: 4, unknown: 198, error: null })
        )
        expect(data.stock.lastReconciliation.finishedAt).not.toBeNull()
      })

      // In step again: a second walk finds nothing to fix and sends nothing.
      sandbox.hub.resetRequestLog()
      const again = await api.post("/admin/hub/stock/reconcile", { wait: true }, headers)
      expect(again.data.reconciliation).toEqual(expect.objectContaining({ seen: 202, differing: 0 }))
      await outboxDrained()
      expect(sandbox.hub.requestLog().filter((entry) => entry.method === "PUT")).toEqual([])
    })

    it("a walk interrupted halfway fixes what it read and changes nothing for SKUs it did not see", async () => {
      drift()
      // The hub's `next` link points elsewhere: the client refuses to follow it after page one.
      sandbox.hub.setNextOrigin("http://127.0.0.2:9")
      const headers = await adminHeaders(container)
      const response = await api.post("/admin/hub/stock/reconcile", { wait: true }, headers)
      expect(response.data.reconciliation).toEqual(expect.objectContaining({ seen: 100, differing: 2, unknown: 98 }))
      expect(response.data.reconciliation.error).toMatch(/outside the configured hub/)

      await eventually(() => {
        expect(sandbox.hub.getProduct("A-1")?.qty).toBe(10)
        expect(sandbox.hub.getProduct("A-2")?.qty).toBe(0)
      })
      await outboxDrained()
      expect(sandbox.hub.getProduct("Z-1")?.qty).toBe(1)
      expect(sandbox.hub.getProduct("Z-2")?.qty).toBe(40)
      const unseen = await hub.listHubCatalogueChanges({ sku: ["Z-1", "Z-2"] })
      expect(unseen.map((row) => [row.sku, row.state, row.reconciliation_id])).toEqual(
        expect.arrayContaining([
          ["Z-1", "sent", null],
          ["Z-2", "sent", null],
        ])
      )
      const { data } = await api.get("/admin/hub/stock", headers)
      expect(data.stock.lastReconciliation.error).toMatch(/outside the configured hub/)
    })

    it("a walk cut short by a 429 that outlasts the client's retries changes nothing past the last page read", async () => {
      drift()
      // One listing request an hour: page two is refused until long after the client gives up. (The
      // hub's windows are fixed on the clock: with a minute, pages one and two fell in different
      // windows about once in sixty runs; a walk begun in an hour's last seconds still can, so it
      // starts after the hour turns.)
      const walkHasTheHour = () => 3_600_000 - (Date.now() % 3_600_000) >= 30_000
      await waitUntil("the hour's last 30 s to pass", walkHasTheHour, { timeoutMs: 40_000, intervalMs: 250 })
      sandbox.hub.setRateLimits({ "GET /products": { limit: 1, windowMs: 3_600_000 } })
      sandbox.hub.resetRequestLog()
      const response = await api.post("/admin/hub/stock/reconcile", { wait: true }, await adminHeaders(container))
      expect(response.data.reconciliation).toEqual(expect.objectContaining({ seen: 100, differing: 2, unknown: 98 }))
      expect(response.data.reconciliation.error).toMatch(/429/)
      const listing = sandbox.hub.requestLog().filter((entry) => entry.method === "GET")
      expect(listing.map((entry) => entry.status)).toEqual([200, 429, 429, 429, 429])

      await eventually(() => expect(sandbox.hub.getProduct("A-1")?.qty).toBe(10))
      await outboxDrained()
      expect(sandbox.hub.getProduct("Z-1")?.qty).toBe(1)
      expect(sandbox.hub.getProduct("Z-2")?.qty).toBe(40)
      sandbox.hub.setRateLimits({})
    })

    /** Every change the reconciliation recorded has been pushed: nothing in the outbox is due or in flight. */
    async function outboxDrained() {
      await eventually(async () => expect(await hub.account("default").records.catalogueClaims.nextDueInMs()).toBeNull())
    }

    it("refuses a second reconciliation while one runs", async () => {
      const locking = container.resolve(Modules.LOCKING)
      await locking.acquire(CATALOGUE_RECONCILIATION_LOCK, { ownerId: "another-run", expire: 60 })
      try {
        const response = await api
          .post("/admin/hub/stock/reconcile", { wait: true }, await adminHeaders(container))
          .catch((error: { response: { status: number } }) => error.response)
        expect(response.status).toBe(409)
        expect((await hub.account("default").records.catalogueFigures()).lastReconciliation).toBeNull()
      } finally {
        await locking.release(CATALOGUE_RECONCILIATION_LOCK, { ownerId: "another-run" })
      }
    })

    it("starts in the background by default, and validates its body", async () => {
      drift()
      const headers = await adminHeaders(container)
      const bad = await api
        .post("/admin/hub/stock/reconcile", { wait: "yes", extra: 1 }, headers)
        .catch((error: { response: { status: number } }) => error.response)
      expect(bad.status).toBe(400)

      const response = await api.post("/admin/hub/stock/reconcile", {}, headers)
      expect(response.status).toBe(202)
      await eventually(async () => {
        const { lastReconciliation } = await hub.account("default").records.catalogueFigures()
        expect(lastReconciliation).toEqual(expect.objectContaining({ seen: 202, differing: 4, fixed: 4 }))
      })
    })

    it("once after boot, as soon as the outbox has drained, a reconciliation runs by itself; the page then says when hub and Medusa were verified equal", async () => {
      drift()
      expect((await hub.account("default").records.catalogueFigures()).lastVerifiedAt).toBeNull()
      // The first scheduled tick of this process: nothing is due by the clock (6 h), but nothing
      // since boot verified the hub.
      const first = await runScheduledReconciliation(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(first).toMatchObject({ differing: 4, error: null })
      await eventually(() => expect(sandbox.hub.getProduct("Z-2")?.qty).toBe(3))
      // Once per process: the next tick waits for the schedule.
      expect(await runScheduledReconciliation(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toBeNull()
      expect((await hub.account("default").records.catalogueFigures()).lastVerifiedAt).toBeNull()

      // A walk that finds every product equal verifies them, and says when.
      await eventually(async () => expect((await hub.account("default").records.catalogueFigures()).backlog).toBe(0))
      const headers = await adminHeaders(container)
      const verifying = await api.post("/admin/hub/stock/reconcile", { wait: true }, headers)
      expect(verifying.data.reconciliation).toMatchObject({ differing: 0, error: null })
      const { lastVerifiedAt, lastReconciliation } = await hub.account("default").records.catalogueFigures()
      expect(lastVerifiedAt).toBe(lastReconciliation!.startedAt)
    })

    it("the scheduled reconciliation does nothing while the plugin's jobs are off", async () => {
      expect(hub.hubOptions.jobs).toBe(false)
      drift()
      await reconcileCatalogueJob(container)
      expect((await hub.account("default").records.catalogueFigures()).lastReconciliation).toBeNull()
      expect(sandbox.hub.getProduct("A-1")?.qty).toBe(99)
    })
  },
})
