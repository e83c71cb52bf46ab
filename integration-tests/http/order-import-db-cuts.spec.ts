import { Client } from "pg"
import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../../src/modules/hub"
import { HUB_LEASE_TIMES } from "../../src/modules/hub/leases"
import HubModuleService from "../../src/modules/hub/service"
import { sampleTestOrder } from "../../src/sandbox"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { eventually } from "../helpers/eventually"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { auditHubOrders, type Sql } from "../helpers/store-audit"
import { seedStore } from "../helpers/store"

jest.setTimeout(600_000)

const sandbox = sandboxHubForStore()

const SKUS = ["CUT-1", "CUT-2", "CUT-3", "CUT-4", "CUT-5"]
const ORDERS = 100

/*
 * The store's database restarting (or failing over) in the middle of an import: every connection cut,
 * twice, while batches of orders are being imported. Whatever a cut interrupts (an order created, a
 * reservation made, a record written), every order ends imported once, each line reserved once, and no
 * SKU holds a unit for an order that is not there.
 */
medusaIntegrationTestRunner({
  testSuite: ({ getContainer, dbConnection }) => {
    let container: MedusaContainer
    let hubModule: HubModuleService
    /** Plain PostgreSQL ($1 parameters, `?` a jsonb operator), on a connection of its own, as store-audit.ts expects. */
    const sql: Sql = async <T,>(text: string, params: unknown[] = []) => {
      const client = new Client(dbConnection.client.config.connection)
      await client.connect()
      try {
        return (await client.query(text, params)).rows as T[]
      } finally {
        await client.end()
      }
    }

    beforeEach(async () => {
      container = getContainer()
      hubModule = container.resolve(HUB_MODULE)
      // Leases of 10 s, not the store's 60 s: what a cut interrupts is taken up sooner (the fences, not
      // the lease's length, keep each order once).
      Object.assign(hubModule.leases, { importClaimMs: 10_000, orderLockSeconds: 10 })
      sandbox.hub.reset()
      sandbox.hub.upsertProducts(SKUS.map((sku) => ({ sku, qty: 1000, name: sku, price: 10 })))
      await seedStore(container, { products: SKUS.map((sku) => ({ sku, stocked: 1000 })) })
    })

    afterEach(() => {
      Object.assign(hubModule.leases, HUB_LEASE_TIMES)
    })

    /** Cuts every connection to the store's database but the one asking, as a restart would. */
    async function cutEveryConnection(): Promise<number> {
      const rows = await sql(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)
      return rows.length
    }

    const count = async (state: string) => Number((await sql<{ n: string }>(`select count(*) as n from hub_order where import_state = $1 and deleted_at is null`, [state]))[0].n)

    it("every connection cut twice mid-batch: each order imported once, each line reserved once, no unit held for an order that is not there", async () => {
      for (let n = 0; n < ORDERS; n++) {
        sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: SKUS[n % SKUS.length], qty: 1 + (n % 3) }, { id: SKUS[(n + 1) % SKUS.length], qty: 1 }] }))
      }
      // Each hub answer 50 ms late: the import's batches last long enough for the polls below to see one
      // under way (unhindered, the 100 orders land in about 3 s, and CI once saw them all land between polls).
      sandbox.hub.setFaults({ latencyMs: 50 })
      // Import runs one after the other (a cut may end one early), until told to stop.
      let stopped = false
      const importing = (async () => {
        while (!stopped && (await count("imported")) < ORDERS) await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).catch(() => null)
      })()
      try {
        // The first cut while a batch is being imported; the second once more orders have landed, while
        // the runs still import the rest (a batch seen importing, or orders still to land: after the first
        // cut the runs can import the rest in bursts a poll misses, as CI saw once). A lane a cut stopped
        // leaves what it took to the next taker when its lease ends (10 s here).
        let cuts = 0
        for (const landed of [0, 30]) {
          await eventually(async () => {
            const imported = await count("imported")
            expect(imported).toBeGreaterThanOrEqual(landed)
            const importing = await count("importing")
            expect(landed === 0 ? importing > 0 : importing > 0 || imported < ORDERS).toBe(true)
          }, 150_000)
          cuts += (await cutEveryConnection()) > 0 ? 1 : 0
        }
        expect(cuts).toBe(2)
        // Later runs take up what the cuts interrupted (orders set aside by a cut are tried again).
        await eventually(async () => expect(await count("imported")).toBe(ORDERS), 180_000)
      } finally {
        stopped = true
        await importing
      }

      const audit = await auditHubOrders(sql)
      expect(audit).toMatchObject({ imported: ORDERS, medusaOrders: ORDERS, duplicated: [], unreserved: [], unrecorded: [], reservedMismatch: [] })
      // Per SKU, what is reserved is exactly what the orders' lines hold (no reservation of an order undone).
      const perSku = await sql<{ sku: string; reserved: string; lines: string }>(
        `select ii.sku,
                (select coalesce(sum(ri.quantity), 0) from reservation_item ri where ri.inventory_item_id = ii.id and ri.deleted_at is null) as reserved,
                (select coalesce(sum(oi.quantity), 0)
                   from "order" o
                   join order_item oi on oi.order_id = o.id and oi.version = o.version and oi.deleted_at is null
                   join order_line_item oli on oli.id = oi.item_id and oli.deleted_at is null
                  where o.deleted_at is null and o.status <> 'canceled' and oli.variant_sku = ii.sku) as lines
           from inventory_item ii where ii.deleted_at is null and ii.sku = any($1)`,
        [SKUS]
      )
      expect(perSku.filter((row) => Number(row.reserved) !== Number(row.lines))).toEqual([])
      expect(perSku.reduce((sum, row) => sum + Number(row.lines), 0)).toBeGreaterThan(ORDERS)
      expect(await hubModule.listHubOrders({ import_state: "set_aside" })).toEqual([])
    })
  },
})
