import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createInventoryLevelsWorkflow } from "@medusajs/medusa/core-flows"
import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import { type SandboxHub, sampleTestOrder } from "../../src/sandbox"
import { consumeOrderQueue } from "../../src/sync/orders/order-queue"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { adminHeaders } from "../helpers/admin"
import { waitUntil } from "../helpers/eventually"
import { addSalesChannelWithLocation, hubAccountsForStore } from "../helpers/hub-accounts"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

/*
 * Orders with several hub accounts in one store: `default` (the plugin's own options, the store's
 * default sales channel) and `brand-b` (its own sandbox hub, sales channel and stock location), plus
 * `brand-c`, whose configured key its hub refuses. Both sandbox hubs start their codes at the same
 * number, so the same code exists on two accounts, as it may between real hubs.
 */

const BRAND_B_CHANNEL = "sc_01HUBBRANDB"
const accountHubs = hubAccountsForStore([
  { id: "brand-b", salesChannelId: BRAND_B_CHANNEL },
  { id: "brand-c", salesChannelId: "sc_01HUBBRANDC", apiKey: "sbx_key_revoked" },
])
const hubs = {
  get b() {
    return accountHubs.get("brand-b")
  },
  get c() {
    return accountHubs.get("brand-c")
  },
}
const sandbox = sandboxHubForStore()

type ApiError = { response: { status: number; data: { message: string } } }

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let hubModule: HubModuleService
    let store: Awaited<ReturnType<typeof seedStore>>
    let brandBLocation: string

    beforeEach(async () => {
      container = getContainer()
      hubModule = container.resolve(HUB_MODULE)
      for (const hub of [sandbox.hub, hubs.b!, hubs.c!]) {
        hub.reset()
        hub.upsertProducts([{ sku: "SKU-1", qty: 10, name: "Camiseta", price: 59.9 }])
      }
      store = await seedStore(container, { products: [{ sku: "SKU-1", stocked: 10 }] })
      // Brand B: its own sales channel (the id its account names) and stock location, selling the same SKU.
      brandBLocation = await addSalesChannelWithLocation(container, { salesChannelId: BRAND_B_CHANNEL, name: "Marca B" })
      await container.resolve(ContainerRegistrationKeys.LINK).create({
        [Modules.PRODUCT]: { product_id: store.variantsBySku["SKU-1"].product_id },
        [Modules.SALES_CHANNEL]: { sales_channel_id: BRAND_B_CHANNEL },
      })
      await createInventoryLevelsWorkflow(container).run({
        input: { inventory_levels: [{ inventory_item_id: store.inventoryItemsBySku["SKU-1"], location_id: brandBLocation, stocked_quantity: 4 }] },
      })
    })

    async function landed(account: string, code: string) {
      const [record] = await hubModule.listHubOrders({ account, code })
      const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
        entity: "order",
        fields: ["id", "sales_channel_id", "region_id", "items.id", "items.quantity"],
        filters: { id: record.order_id! },
      })
      const order = data[0] as { id: string; sales_channel_id: string; region_id: string; items: Array<{ id: string; quantity: number }> }
      const reservations = await container.resolve(Modules.INVENTORY).listReservationItems({ line_item_id: order.items.map((item) => item.id) })
      return { record, order, reservations: reservations.map((reservation) => ({ location: reservation.location_id, quantity: Number(reservation.quantity) })) }
    }

    const ordersRequests = (hub: SandboxHub) => hub.requestLog().filter((entry) => entry.method === "GET" && entry.path.startsWith("/orders?"))

    it("an order on each account lands in its own channel, reserved at its own location; the same code on two accounts is two orders", async () => {
      const onA = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 2 }] }))
      const onB = hubs.b!.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      expect(onB.code).toBe(onA.code)

      const [a, b] = await Promise.all([runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")), runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("brand-b"))])
      expect(a).toMatchObject({ seen: 1, imported: 1, set_aside: 0, error: null })
      expect(b).toMatchObject({ seen: 1, imported: 1, set_aside: 0, error: null })

      const inA = await landed("default", onA.code)
      const inB = await landed("brand-b", onB.code)
      expect(inA.record.id).not.toBe(inB.record.id)
      expect(inA.order.id).not.toBe(inB.order.id)
      expect(inA.order.sales_channel_id).toBe(store.salesChannel.id)
      expect(inB.order.sales_channel_id).toBe(BRAND_B_CHANNEL)
      expect(inA.reservations).toEqual([{ location: store.stockLocation.id, quantity: 2 }])
      expect(inB.reservations).toEqual([{ location: brandBLocation, quantity: 1 }])

      // Each account read its own hub, and its runs are its own.
      expect(ordersRequests(sandbox.hub).length).toBeGreaterThan(0)
      expect(ordersRequests(hubs.b!).length).toBeGreaterThan(0)
      const runs = await hubModule.listHubImportRuns({ id: [a!.runId, b!.runId] })
      expect(Object.fromEntries(runs.map((run) => [run.id, run.account]))).toEqual({ [a!.runId]: "default", [b!.runId]: "brand-b" })
      // Each hub's status catalogue is kept apart.
      expect((await hubModule.account("brand-b").records.statuses.catalogue()).size).toBeGreaterThan(0)
      expect((await hubModule.listHubStatusEntries({ account: "brand-b" })).length).toBe((await hubModule.listHubStatusEntries({ account: "default" })).length)

      // Imported once each: a second pass of both finds nothing new.
      const [again, againB] = await Promise.all([runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")), runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("brand-b"))])
      expect([again?.imported, againB?.imported]).toEqual([0, 0])
    })

    it("a move from the card goes only to the hub of the order's account; the marketplace's approval follows on that account alone", async () => {
      const onA = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      const onB = hubs.b!.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("brand-b"))
      hubs.b!.marketplaceApprove(onB.code)
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("brand-b"))).toMatchObject({ updated: 1 })
      const [recordA] = await hubModule.listHubOrders({ account: "default", code: onA.code })
      const [recordB] = await hubModule.listHubOrders({ account: "brand-b", code: onB.code })
      expect([recordA.status_type, recordB.status_type]).toEqual(["NEW", "APPROVED"])

      const headers = await adminHeaders(container)
      const invoice = { kind: "invoice", invoice: { key: `${"35".padEnd(43, "1")}4` } }
      const moved = await api.post(`/admin/hub/orders/${encodeURIComponent(onB.code)}/moves?account=brand-b`, invoice, headers)
      expect(moved.status).toBe(200)
      const invoices = (hub: SandboxHub) => hub.requestLog().filter((entry) => entry.method === "POST" && entry.path.endsWith("/invoice"))
      expect(invoices(hubs.b!).map((entry) => entry.status)).toEqual([200])
      expect(invoices(sandbox.hub)).toEqual([])
      const [move] = await hubModule.listHubOrderMoves({ account: "brand-b", code: onB.code })
      expect(move).toMatchObject({ kind: "invoice", state: "done" })
      const listed = await api.get(`/admin/hub/orders/${encodeURIComponent(onB.code)}/moves?account=brand-b`, headers)
      expect(listed.data.moves.map((row: { id: string }) => row.id)).toEqual([move.id])
      expect((await api.get(`/admin/hub/orders/${encodeURIComponent(onA.code)}/moves`, headers)).data.moves).toEqual([])

      // The default account's order of the same code is still NEW on its hub: nothing reached it.
      expect(sandbox.hub.getOrder(onA.code)!.status.type).toBe("NEW")
      const unknown = await api.post(`/admin/hub/orders/${encodeURIComponent(onB.code)}/moves?account=brand-x`, invoice, headers).catch((error: ApiError) => error.response)
      expect(unknown.status).toBe(400)
      expect(unknown.data.message).toContain("no hub account brand-x")
    })

    it("a canceled order still holding stock is its account's leak: listed and released there, never another account's order of the same code", async () => {
      const onA = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      const onB = hubs.b!.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      expect(onB.code).toBe(onA.code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("brand-b"))
      hubs.b!.marketplaceCancel(onB.code)
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("brand-b"))).toMatchObject({ updated: 1 })
      const inB = await landed("brand-b", onB.code)
      expect(inB.reservations).toEqual([])
      // Something reserves for brand B's canceled order again (an edit, another plugin): a leak.
      await container.resolve(Modules.INVENTORY).createReservationItems([
        { line_item_id: inB.order.items[0].id, inventory_item_id: store.inventoryItemsBySku["SKU-1"], location_id: brandBLocation, quantity: 1 },
      ])

      const headers = await adminHeaders(container)
      const leaks = async (account: string) => (await api.get(`/admin/hub/stock/leaks?account=${account}`, headers)).data.leaked_orders
      expect(await leaks("brand-b")).toEqual([{ hubOrderId: inB.record.id, code: onB.code, orderId: inB.order.id, reservedQuantity: 1 }])
      expect(await leaks("default")).toEqual([])
      expect((await api.post("/admin/hub/stock/leaks?account=brand-b", {}, headers)).data.released).toEqual([onB.code])
      expect((await landed("brand-b", onB.code)).reservations).toEqual([])
      // The default account's open order of the same code keeps its reservation.
      expect((await landed("default", onA.code)).reservations).toEqual([{ location: store.stockLocation.id, quantity: 1 }])
    })

    it("bad credentials on one account leave the others importing, and the admin shows that account's refusals", async () => {
      const onA = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      hubs.c!.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      const [a, c] = await Promise.all([runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default")), runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("brand-c"))])
      expect(a).toMatchObject({ imported: 1, error: null })
      expect(c?.imported).toBe(0)
      expect(c?.error).toMatch(/40[13]/)
      expect((await landed("default", onA.code)).order.sales_channel_id).toBe(store.salesChannel.id)
      expect(await hubModule.listHubOrders({ account: "brand-c" })).toEqual([])

      const headers = await adminHeaders(container)
      const runs = await api.get("/admin/hub/import-runs?account=brand-c", headers)
      expect(runs.data).toMatchObject({ account: "brand-c", count: 1 })
      expect(runs.data.import_runs[0].error).toBe(c!.error)
      expect((await api.get("/admin/hub/import-runs", headers)).data.import_runs.map((run: { id: string }) => run.id)).toEqual([a!.runId])
      const connection = await api.get("/admin/hub/connection?account=brand-c", headers)
      expect(connection.data.connection.figures.lastError).toMatchObject({ endpoint: "GET /statuses", status: 403 })
      expect(JSON.stringify(connection.data)).not.toContain("sbx_key_revoked")
    })

    it("a 429 storm on one account pauses that account only: the other imports while it waits", async () => {
      // Brand B's hub answers 429 with a Retry-After of 15 s: its budget goes silent that long.
      hubs.b!.misbehave({ retryAfter: { seconds: 15, times: 1 } })
      const onB = hubs.b!.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      const onA = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      const b = runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("brand-b"))
      await waitUntil("brand B's hub answered 429", () => hubs.b!.requestLog().some((entry) => entry.status === 429))
      await expect(runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).resolves.toMatchObject({ imported: 1, error: null })
      // Brand B sent nothing more meanwhile (its first request, the status catalogue, was answered 429): the default account waited for nobody.
      expect(hubs.b!.requestLog().map((entry) => entry.status)).toEqual([429])
      expect((await landed("default", onA.code)).record.import_state).toBe("imported")
      // Once its window ended, brand B imported its order too.
      await expect(b).resolves.toMatchObject({ imported: 1, error: null })
      expect((await landed("brand-b", onB.code)).order.sales_channel_id).toBe(BRAND_B_CHANNEL)
    })

    it("a test order is placed on the hub of the account named, and imported into that account", async () => {
      const headers = await adminHeaders(container)
      const placed = await api.post("/admin/hub/test-orders?account=brand-b", { order: sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }) }, headers)
      expect(placed.data.hub_order).toMatchObject({ account: "brand-b", status: { type: "NEW" } })
      expect(hubs.b!.getOrder(placed.data.hub_order.code)).toBeDefined()
      expect(sandbox.hub.getOrder(placed.data.hub_order.code)).toBeUndefined()
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("brand-b"))
      expect((await landed("brand-b", placed.data.hub_order.code)).order.sales_channel_id).toBe(BRAND_B_CHANNEL)
    })

    it("each account's queue has its own consumer: a queued order lands in its account's channel and is acknowledged on its hub only", async () => {
      const onB = hubs.b!.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      const summary = await consumeOrderQueue(container, container.resolve<HubModuleService>(HUB_MODULE).account("brand-b"))
      expect(summary).toMatchObject({ imported: 1, error: null })
      expect((await landed("brand-b", onB.code)).reservations).toEqual([{ location: brandBLocation, quantity: 1 }])
      const acknowledgements = (hub: SandboxHub) => hub.requestLog().filter((entry) => entry.method === "DELETE" && entry.path.startsWith("/queues/orders/"))
      expect(acknowledgements(hubs.b!).length).toBe(1)
      expect(sandbox.hub.requestLog().filter((entry) => /^\/(queues|orders|statuses)/.test(entry.path))).toEqual([])
      expect(await hubModule.listHubOrders({ account: "default" })).toEqual([])
    })
  },
})
