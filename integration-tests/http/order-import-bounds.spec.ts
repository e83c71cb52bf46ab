import { randomBytes } from "node:crypto"
import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { TestOrderInput } from "../../src/hub-client"
import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import { SAMPLE_ADDRESS, sampleTestOrder, STANDARD_SANDBOX_STATUSES } from "../../src/sandbox"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { refreshHubStatusesWorkflow } from "../../src/workflows/hub-orders/refresh-hub-statuses"
import { consumeOrderQueue } from "../../src/sync/orders/order-queue"
import { listedOrderLanes } from "../../src/sync/orders/listed-order-lanes"
import { hubOrderReads } from "../helpers/hub-order-import"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(300_000)

const sandbox = sandboxHubForStore()

function testOrder(items: { id: string; qty: number }[], email: string): TestOrderInput {
  return sampleTestOrder({ items, customer: { ...sampleTestOrder().customer, name: "Ana Maria Souza", email }, billing_address: SAMPLE_ADDRESS })
}

/*
 * Bad hub input gets a reason naming the field and loses nothing: the bounds hold after lines are
 * merged, codes the hub's URLs cannot carry never reach a request, one page naming an order twice
 * never fails the others, a status code listed twice never stops the intake, and what waits in
 * hub_listed_order holds only what the import reads.
 */
medusaIntegrationTestRunner({
  testSuite: ({ getContainer, dbConnection }) => {
    let container: MedusaContainer
    let store: Awaited<ReturnType<typeof seedStore>>
    let hubModule: HubModuleService

    beforeEach(async () => {
      container = getContainer()
      hubModule = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      sandbox.hub.upsertProducts([
        { sku: "SKU-1", qty: 10, name: "Camiseta", price: 59.9 },
        { sku: "SKU-2", qty: 5, name: "Boné", price: 35 },
      ])
      store = await seedStore(container, { products: [{ sku: "SKU-1", stocked: 10 }, { sku: "SKU-2", stocked: 5 }] })
    })

    const { hubOrderRecord, medusaOrdersOf, stockLevel } = hubOrderReads(
      () => container,
      () => store
    )
    const reserved = async (sku: string) => (await stockLevel(sku)).reserved_quantity

    async function listedRows(): Promise<Array<{ code: string; listed: Record<string, unknown> }>> {
      const { rows } = await dbConnection.raw(`select code, listed from hub_listed_order order by code`)
      return rows
    }

    /** A copy of a sandbox order, changed by `change`, stored in the sandbox as the hub would list it. */
    function insertVariant(template: Record<string, any>, code: string, change: (order: Record<string, any>) => void) {
      const order = JSON.parse(JSON.stringify(template))
      order.code = code
      // Parts that would no longer add up: what is tested is the bound, not the money check.
      delete order.total_ordered
      order.payments = []
      change(order)
      sandbox.hub.insertRawOrder(order)
    }

    it("sets aside 2,000 lines of 1,000 units, lines of one SKU adding up past maxItemQuantity and an absurd price, naming the field; nothing reserved, the others imported", async () => {
      const valid = [1, 2].map((n) => sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 1 }], `valida${n}@example.com`)))
      const template = sandbox.hub.getOrder(valid[0].code) as unknown as Record<string, any>
      insertVariant(template, "Loja Exemplo-901", (order) => (order.items = Array.from({ length: 2000 }, () => ({ ...template.items[0], id: "SKU-1", qty: 1000 }))))
      // Each line within the bound (300 of 1,000), the SKU's five lines 1,500 together.
      insertVariant(template, "Loja Exemplo-902", (order) => (order.items = Array.from({ length: 5 }, () => ({ ...template.items[0], id: "SKU-2", qty: 300 }))))
      insertVariant(template, "Loja Exemplo-903", (order) => (order.items = [{ ...template.items[0], id: "SKU-2", qty: 1, special_price: 1e26 }]))

      const summary = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(summary).toMatchObject({ seen: 5, imported: 2, set_aside: 3, error: null })
      const reasons = {
        lines: (await hubOrderRecord("Loja Exemplo-901")).set_aside_reason,
        merged: (await hubOrderRecord("Loja Exemplo-902")).set_aside_reason,
        amount: (await hubOrderRecord("Loja Exemplo-903")).set_aside_reason,
      }
      expect(reasons).toEqual({
        lines: expect.stringMatching(/^items has 2000 lines, more than the 100 .*maxOrderLines/),
        merged: expect.stringMatching(/^items\[SKU-2\]\.qty is above the 1000 .*maxItemQuantity/),
        amount: expect.stringMatching(/^items\[SKU-2\]\.special_price is above 1e9/),
      })
      for (const code of ["Loja Exemplo-901", "Loja Exemplo-902", "Loja Exemplo-903"]) expect(await medusaOrdersOf(code)).toHaveLength(0)
      for (const { code } of valid) expect((await hubOrderRecord(code)).import_state).toBe("imported")
      // Only the two valid orders' units are reserved.
      expect({ sku1: await reserved("SKU-1"), sku2: await reserved("SKU-2") }).toEqual({ sku1: 2, sku2: 0 })
      // Every listed order is gone once handled, the ones set aside too (customer data included).
      expect(await listedRows()).toEqual([])
    })

    it("sets aside an order coded '..' and one whose code is far too long without a request by either code, on the listing and on the queue; the others imported", async () => {
      const valid = sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 1 }], "valida@example.com"))
      const template = sandbox.hub.getOrder(valid.code) as unknown as Record<string, any>
      // Random, so PostgreSQL cannot compress it into an index entry.
      const longCode = randomBytes(10_000).toString("hex")
      insertVariant(template, "..", () => undefined)
      insertVariant(template, longCode, () => undefined)
      const second = sandbox.hub.createOrder(testOrder([{ id: "SKU-2", qty: 1 }], "segunda@example.com"))

      const summary = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(summary).toMatchObject({ seen: 4, imported: 2, set_aside: 2, error: null })
      expect(await hubOrderRecord("..")).toMatchObject({ import_state: "set_aside", set_aside_reason: expect.stringMatching(/^code "\.\." is a path segment/) })
      const [standIn] = await hubModule.listHubOrders({ import_state: "set_aside", code: { $like: `${longCode.slice(0, 32)}%` } } as never)
      expect(standIn.code.length).toBeLessThanOrEqual(100)
      expect(standIn.set_aside_reason).toBe("code is 20000 characters long, more than the 100 accepted")
      expect(await medusaOrdersOf("..")).toHaveLength(0)
      for (const { code } of [valid, second]) expect((await hubOrderRecord(code)).import_state).toBe("imported")

      // The queue hands out all four: the valid ones acknowledged, the bad codes set aside and never sent back in a path.
      const queued = await consumeOrderQueue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      // Set aside again for the same reasons the listing found: nothing new to count, and still set aside.
      expect(queued).toMatchObject({ error: null, set_aside: 0 })
      expect(await hubOrderRecord("..")).toMatchObject({ import_state: "set_aside" })
      const byCode = sandbox.hub.requestLog().filter((entry) => /\/\.\.?(\/|\?|$)/.test(entry.path) || entry.path.length > 1000)
      expect(byCode).toEqual([])
      const acknowledged = sandbox.hub.requestLog().filter((entry) => entry.method === "DELETE").map((entry) => decodeURIComponent(entry.path))
      expect(acknowledged.sort()).toEqual([`/queues/orders/${valid.code}`, `/queues/orders/${second.code}`].sort())
      expect(await listedRows()).toEqual([])
    })

    it("imports every order of a listing page that names one order twice, each once", async () => {
      const codes = [1, 2, 3].map((n) => sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 1 }], `repetida${n}@example.com`)).code)
      // The first order of each page is listed again at its end (the hub's index moving while it is read).
      sandbox.hub.misbehave({ duplicateOrderCodes: 1 })
      const summary = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      sandbox.hub.misbehave({ duplicateOrderCodes: 0 })
      expect(summary).toMatchObject({ error: null, imported: 3, set_aside: 0 })
      for (const code of codes) {
        expect((await hubOrderRecord(code)).import_state).toBe("imported")
        expect(await medusaOrdersOf(code)).toHaveLength(1)
      }
      expect(await reserved("SKU-1")).toBe(3)
      expect(await listedRows()).toEqual([])
    })

    it("imports all the same when GET /statuses lists a code twice: each code kept once, as first listed, and a warning naming it", async () => {
      const order = sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 1 }], "catalogo@example.com"))
      // No catalogue stored yet, so both listings of a code are new to the store.
      await dbConnection.raw(`delete from hub_status`)
      const warn = jest.spyOn(container.resolve(ContainerRegistrationKeys.LOGGER), "warn")
      let warnings: string[] = []
      // The first two statuses are listed again at the end, under another label.
      sandbox.hub.misbehave({ duplicateStatusCodes: 2 })
      try {
        expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ error: null, imported: 1 })
      } finally {
        sandbox.hub.misbehave({ duplicateStatusCodes: 0 })
        warnings = warn.mock.calls.map(([message]) => String(message)).filter((message) => message.includes("GET /statuses"))
        warn.mockRestore()
      }
      expect((await hubOrderRecord(order.code)).import_state).toBe("imported")
      const stored = await hubModule.account("default").records.statuses.entries()
      expect(stored.map((status) => status.code).sort()).toEqual(sandbox.hub.statuses().map((status) => status.code).sort())
      expect(stored.find((status) => status.code === STANDARD_SANDBOX_STATUSES[0].code)!.label).toBe(STANDARD_SANDBOX_STATUSES[0].label)
      expect(warnings).toEqual([expect.stringContaining(`"${STANDARD_SANDBOX_STATUSES[0].code}", "${STANDARD_SANDBOX_STATUSES[1].code}"`)])
      expect(warnings.join()).not.toContain(sandbox.hub.credentials.apiKey)
    })

    it("keeps the hub's status catalogue: every code the hub lists, read again a code whose label changed, the type it counts by", async () => {
      await dbConnection.raw(`delete from hub_status`)
      await refreshHubStatusesWorkflow(container).run({ input: { account: "default" } })
      const statuses = hubModule.account("default").records.statuses
      expect((await statuses.entries()).map((status) => status.code).sort()).toEqual(sandbox.hub.statuses().map((status) => status.code).sort())
      // A label the store holds stale (the hub renamed the status): the next read keeps the hub's.
      const { code, label, type } = STANDARD_SANDBOX_STATUSES[0]
      await dbConnection.raw(`update hub_status set label = 'Antigo' where code = ?`, [code])
      await refreshHubStatusesWorkflow(container).run({ input: { account: "default" } })
      expect((await statuses.entries()).find((status) => status.code === code)).toEqual({ code, label, type })
      expect(await statuses.catalogue()).toEqual(new Map(sandbox.hub.statuses().map((status) => [status.code, status.type])))
    })

    it("shares a page naming one order twice once, as its newest listing; both orders imported", async () => {
      const [twice, other] = [1, 2].map((n) => sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 1 }], `dupla${n}@example.com`)))
      const listed = sandbox.hub.getOrder(twice.code) as unknown as Record<string, any>
      const newer = { ...listed, updated_at: new Date(Date.parse(listed.updated_at) + 60_000).toISOString(), shipping_method: "Transportadora nova" }
      // Which copy is kept, at the repository: the newest updated_at wins even when listed first.
      const run = await hubModule.createHubImportRuns({ started_at: new Date(), intake: "listing" })
      const shared = [newer, sandbox.hub.getOrder(other.code), listed].map((order) => ({ listed: order as never, planned: null }))
      await hubModule.account("default").records.shareListedHubOrders(run.id, shared)
      const rows = await listedRows()
      expect(rows.map((row) => row.code).sort()).toEqual([twice.code, other.code].sort())
      expect(rows.find((row) => row.code === twice.code)!.listed).toMatchObject({ shipping_method: "Transportadora nova" })

      await listedOrderLanes(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")).drain()
      expect(await listedRows()).toEqual([])
      for (const { code } of [twice, other]) {
        expect((await hubOrderRecord(code)).import_state).toBe("imported")
        expect(await medusaOrdersOf(code)).toHaveLength(1)
      }
    })

    it("keeps in hub_listed_order only what the import reads: an order to follow without its customer, an order to import without fields nobody reads", async () => {
      const first = sandbox.hub.createOrder(testOrder([{ id: "SKU-1", qty: 1 }], "privada@example.com"))
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ imported: 1 })
      sandbox.hub.marketplaceApprove(first.code)
      const template = sandbox.hub.getOrder(first.code) as unknown as Record<string, any>
      insertVariant(template, "Loja Exemplo-950", (order) => {
        order.status = { code: "book_product", type: "NEW" }
        order.customer = { ...order.customer, mother_name: "Maria Souza" }
      })

      // What each share wrote, read as soon as it is written (before any lane takes it).
      const written: Array<{ code: string; listed: Record<string, unknown> }> = []
      const { records } = hubModule.account("default")
      const share = records.shareListedHubOrders.bind(records)
      records.shareListedHubOrders = async (...args: Parameters<typeof share>) => {
        await share(...args)
        written.push(...(await listedRows()))
      }
      try {
        expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ imported: 1, updated: 1, set_aside: 0 })
      } finally {
        records.shareListedHubOrders = share
      }
      const followed = JSON.stringify(written.find((row) => row.code === first.code)!.listed)
      for (const personal of ["privada@example.com", "Ana Maria Souza", "12345678909", "11999998888", "Paulista", "01310100"]) {
        expect(followed).not.toContain(personal)
      }
      const imported = written.find((row) => row.code === "Loja Exemplo-950")!.listed
      expect(imported).toMatchObject({ customer: { email: "privada@example.com" } })
      expect(JSON.stringify(imported)).not.toContain("mother_name")
      expect(await listedRows()).toEqual([])
    })
  },
})
