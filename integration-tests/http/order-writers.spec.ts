import { hubDeliveryFacts } from "../../src/hub-client/delivery"
import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { sampleTestOrder } from "../../src/sandbox"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { flushCatalogueOutbox } from "../../src/sync/catalogue/catalogue-outbox"
import { reconcileCatalogue } from "../../src/sync/catalogue/catalogue-reconciliation"
import { leakedReservations } from "../../src/queries/leaked-reservations"
import { adminHeaders } from "../helpers/admin"
import { eventually, waitUntil } from "../helpers/eventually"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(300_000)

const sandbox = sandboxHubForStore()

type ApiAnswer = { status: number; data: any }

/**
 * Writers of one hub order meeting: the merchant's cancel and an import run that sees the
 * marketplace's status, a claim whose importer died, and orders outside the store's bounds.
 */
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    let container: MedusaContainer
    let hubModule: HubModuleService
    let store: Awaited<ReturnType<typeof seedStore>>

    beforeEach(async () => {
      container = getContainer()
      hubModule = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      sandbox.hub.upsertProducts([
        { sku: "SKU-1", qty: 40, name: "Camiseta", price: 59.9 },
        { sku: "SKU-2", qty: 5, name: "Boné", price: 35 },
      ])
      store = await seedStore(container, {
        products: [
          { sku: "SKU-1", stocked: 40 },
          { sku: "SKU-2", stocked: 5 },
        ],
      })
    })

    const record = async (code: string) => (await hubModule.listHubOrders({ code }))[0]

    async function reservedFor(orderId: string): Promise<number> {
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({ entity: "order", fields: ["items.id"], filters: { id: orderId } })
      const lineItemIds = (data[0].items ?? []).map((item: { id: string }) => item.id)
      const reservations = await container.resolve(Modules.INVENTORY).listReservationItems({ line_item_id: lineItemIds })
      return reservations.reduce((sum, reservation) => sum + Number(reservation.quantity), 0)
    }

    async function availableInMedusa(sku: string): Promise<number> {
      const [level] = await container.resolve(Modules.INVENTORY).listInventoryLevels({ inventory_item_id: store.inventoryItemsBySku[sku] })
      return Number(level.stocked_quantity) - Number(level.reserved_quantity)
    }

    const hubRequests = (code: string, method: string, suffix = "") =>
      sandbox.hub.requestLog().filter((entry) => entry.method === method && entry.path === `/orders/${encodeURIComponent(code)}${suffix}`)
    /** Stages of a merchant's cancel, in order; each reached for good once it happened. */
    const CANCEL_STAGES: Array<{ name: string; reached: (code: string) => Promise<boolean> | boolean }> = [
      { name: "sent", reached: () => true },
      { name: "its move claimed", reached: async (code) => (await hubModule.listHubOrderMoves({ code, kind: "cancel" })).length > 0 },
      { name: "the hub order read", reached: (code) => hubRequests(code, "GET").length > 0 },
      { name: "sent to the hub", reached: (code) => hubRequests(code, "POST", "/cancel").length > 0 },
      { name: "canceled on the hub", reached: (code) => sandbox.hub.getOrder(code)?.status.type === "CANCELED" },
    ]

    it("a merchant's cancel racing an import run, ten times at five stages of the cancel, leaks no reservation and keeps the hub's quantity true", async () => {
      const headers = await adminHeaders(container)
      for (let attempt = 0; attempt < 10; attempt++) {
        const hubOrder = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 2 }] }))
        sandbox.hub.marketplaceApprove(hubOrder.code)
        await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
        const { order_id: orderId } = await record(hubOrder.code)
        expect(await reservedFor(orderId!)).toBe(2)

        const cancel = api
          .post(`/admin/hub/orders/${encodeURIComponent(hubOrder.code)}/moves`, { kind: "cancel" }, headers)
          .catch((error: { response: ApiAnswer }) => error.response)
        // The import run starts at another stage of the cancel each time, each one waited for as it happens.
        const stage = CANCEL_STAGES[attempt % CANCEL_STAGES.length]
        await waitUntil(`the cancel of ${hubOrder.code}: ${stage.name}`, () => stage.reached(hubOrder.code))
        const [answer] = await Promise.all([cancel, runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))])
        expect({ attempt, status: answer.status }).toEqual({ attempt, status: 200 })

        const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "order", fields: ["status"], filters: { id: orderId } })
        expect({ attempt, status: data[0].status, reserved: await reservedFor(orderId!) }).toEqual({ attempt, status: "canceled", reserved: 0 })
        expect(await record(hubOrder.code)).toMatchObject({ status_type: "CANCELED", applied_status_type: "CANCELED" })
      }
      // Every reservation released: the hub holds Medusa's available quantity, 40.
      expect(await availableInMedusa("SKU-1")).toBe(40)
      await flushCatalogueOutbox(container)
      await eventually(() => expect(sandbox.hub.getProduct("SKU-1")?.qty).toBe(40), 30_000)
    })

    it("a reconciliation reports stock a canceled hub order still holds, and the merchant releases it", async () => {
      const hubOrder = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 3 }] }))
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      sandbox.hub.marketplaceCancel(hubOrder.code)
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ updated: 1 })
      const { order_id: orderId } = await record(hubOrder.code)
      expect(await reservedFor(orderId!)).toBe(0)

      // A leak from outside the plugin: something reserved the canceled order's line again.
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({ entity: "order", fields: ["items.id"], filters: { id: orderId } })
      await container.resolve(Modules.INVENTORY).createReservationItems([
        { line_item_id: data[0].items[0].id, inventory_item_id: store.inventoryItemsBySku["SKU-1"], location_id: store.stockLocation.id, quantity: 3 },
      ])
      expect(await availableInMedusa("SKU-1")).toBe(37)

      const reconciliation = await reconcileCatalogue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(reconciliation).toMatchObject({ leakedOrders: 1, error: null })
      expect((await hubModule.account("default").records.catalogueFigures()).lastReconciliation).toMatchObject({ leakedOrders: 1 })
      const headers = await adminHeaders(container)
      const listed = await api.get("/admin/hub/stock/leaks", headers)
      expect(listed.data.leaked_orders).toEqual([{ hubOrderId: expect.any(String), code: hubOrder.code, orderId, reservedQuantity: 3 }])

      const released = await api.post("/admin/hub/stock/leaks", {}, headers)
      expect(released.data.released).toEqual([hubOrder.code])
      expect(await reservedFor(orderId!)).toBe(0)
      expect(await availableInMedusa("SKU-1")).toBe(40)
      expect((await api.get("/admin/hub/stock/leaks", headers)).data.leaked_orders).toEqual([])
      await eventually(() => expect(sandbox.hub.getProduct("SKU-1")?.qty).toBe(40), 30_000)
    })

    it("the leak check reads what can still leak, not every canceled order ever: the changed ones, and a bounded sweep", async () => {
      const codes = [1, 2, 3].map((n) => sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }], customer: { ...sampleTestOrder().customer, email: `leak${n}@example.com` } })).code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      for (const code of codes) sandbox.hub.marketplaceCancel(code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      const candidates = async (sweep: number) => (await hubModule.account("default").records.hubOrderLeakCandidates(sweep)).map((candidate) => candidate.code).sort()

      // Never checked: every canceled order is read.
      expect(await candidates(1)).toEqual([...codes].sort())
      expect(await leakedReservations(container, "default")).toEqual([])
      // Found clean: a check reads only its sweep (here 1, the one found clean longest ago) ...
      expect(await candidates(1)).toHaveLength(1)
      expect(await candidates(0)).toEqual([])
      // ... and an order whose record changed since (the hub moved it to another canceled status), at once.
      const [changed] = await hubModule.listHubOrders({ code: codes[1] })
      await hubModule.updateHubOrders({ id: changed.id, status_code: "cancelado_pela_loja" })
      expect(await candidates(0)).toEqual([codes[1]])

      // A leak found stays read on every check until it is released.
      const orderId = changed.order_id!
      const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "order", fields: ["items.id"], filters: { id: orderId } })
      await container.resolve(Modules.INVENTORY).createReservationItems([
        { line_item_id: data[0].items[0].id, inventory_item_id: store.inventoryItemsBySku["SKU-1"], location_id: store.stockLocation.id, quantity: 1 },
      ])
      expect(await leakedReservations(container, "default")).toEqual([{ hubOrderId: expect.any(String), code: codes[1], orderId, reservedQuantity: 1 }])
      expect(await candidates(0)).toEqual([codes[1]])
      expect(await leakedReservations(container, "default")).toHaveLength(1)
    })

    it("a claim whose importer died is taken over by the next run after its 60 s lease, not 10 minutes", async () => {
      const hubOrder = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-2", qty: 1 }] }))
      const seen = { code: hubOrder.code, channel: "Loja Exemplo", statusCode: "book_product", statusType: "NEW", digest: "x", delivery: hubDeliveryFacts({}), remoteCode: null, expeditionLimit: null }
      const claim = await hubModule.account("default").records.claimHubOrder(seen)
      expect(claim).not.toBeNull()

      // Within the lease: another run leaves it alone.
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ imported: 0 })
      // The importer died 61 s ago: the next run takes it over and imports it.
      await dbConnection.raw(`update hub_order set claimed_at = now() - interval '61 seconds' where id = ?`, [claim!.id])
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ imported: 1 })
      expect(await record(hubOrder.code)).toMatchObject({ import_state: "imported" })
    })

    it("an order in a status the catalogue does not know is seen by the unfiltered listing and set aside with the reason", async () => {
      const known = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-2", qty: 1 }] }))
      const mystery = { ...(sandbox.hub.getOrder(known.code) as unknown as Record<string, any>), code: "Loja Exemplo-650", status: { code: "pedido_misterioso" } }
      sandbox.hub.insertRawOrder(mystery)
      // A run an hour later than any before it lists without a status filter.
      const later = new Date(Date.now() + 61 * 60_000)
      const summary = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"), { now: later })
      expect(summary).toMatchObject({ imported: 1, set_aside: 1 })
      expect(await record("Loja Exemplo-650")).toMatchObject({
        import_state: "set_aside",
        set_aside_reason: "the status code pedido_misterioso has no known type",
      })
      // The runs between read only NEW, APPROVED and CANCELED: the order is not read again.
      const filtered = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"), { now: later })
      expect(filtered).toMatchObject({ seen: 1, set_aside: 0 })
    })

    it("a listing run reads the last day every tick and the whole week every 15 minutes, so its cost follows what is recent", async () => {
      const recent = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-2", qty: 1 }] }))
      const older = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-2", qty: 1 }] }), new Date(Date.now() - 4 * 86_400_000))
      // The first run of a process reads the whole window (and unfiltered): both are imported.
      const start = Date.now() + 3 * 3_600_000
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"), { now: new Date(start) })).toMatchObject({ imported: 2 })

      // The marketplace cancels the older order: a run on the recent days does not read it ...
      sandbox.hub.marketplaceCancel(older.code)
      sandbox.hub.marketplaceApprove(recent.code)
      sandbox.hub.resetRequestLog()
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"), { now: new Date(start + 60_000) })).toMatchObject({ seen: 1, updated: 1 })
      const listings = sandbox.hub.requestLog().filter((entry) => entry.method === "GET" && entry.path.split("?")[0] === "/orders")
      expect(listings).toHaveLength(1)
      expect(await record(older.code)).toMatchObject({ status_type: "NEW" })
      // ... the next whole-window run does, within 15 minutes.
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"), { now: new Date(start + 16 * 60_000) })).toMatchObject({ seen: 2, updated: 1 })
      expect(await record(older.code)).toMatchObject({ status_type: "CANCELED", applied_status_type: "CANCELED" })
    })

    it("sets aside orders beyond the store's bounds, naming the field, and imports the good ones of the same run", async () => {
      const good = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-2", qty: 1 }] }))
      const template = sandbox.hub.getOrder(good.code) as unknown as Record<string, any>
      const item = template.items[0]
      const bounds: [string, (order: Record<string, any>) => void, string][] = [
        ["a quantity of 10^12", (o) => (o.items = [{ ...item, qty: 1_000_000_000_000 }]), "items[SKU-2].qty is above the 1000"],
        ["a country outside the region", (o) => (o.shipping_address = { ...o.shipping_address, country: "US" }), "shipping_address.country US"],
        ["a 5,000-character name", (o) => (o.customer = { ...o.customer, name: "A".repeat(5_000) }), "customer.name is 5000 characters long"],
        ["a 5,000-character e-mail", (o) => (o.customer = { ...o.customer, email: `${"a".repeat(4_990)}@example.com` }), "customer.email"],
        [
          "one SKU on two lines at different prices",
          (o) => (o.items = [item, { ...item, special_price: Number(item.special_price ?? item.original_price) + 1 }]),
          "the SKU SKU-2 is on several lines at different prices",
        ],
      ]
      bounds.forEach(([, mutate], index) => {
        const order = JSON.parse(JSON.stringify(template))
        order.code = `Loja Exemplo-${700 + index}`
        mutate(order)
        sandbox.hub.insertRawOrder(order)
      })
      // One SKU on two lines at one price: one line of both quantities.
      const merged = JSON.parse(JSON.stringify(template))
      merged.code = "Loja Exemplo-799"
      merged.items = [item, { ...item }]
      // As a hub sends it: its total counts both lines (cents, to add up exactly).
      merged.total_ordered = (Math.round(template.total_ordered * 100) + Math.round(Number(item.special_price) * 100) * item.qty) / 100
      sandbox.hub.insertRawOrder(merged)

      const summary = await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(summary).toMatchObject({ imported: 2, set_aside: bounds.length, error: null })
      for (const [index, [name, , reason]] of bounds.entries()) {
        const { import_state, set_aside_reason } = await record(`Loja Exemplo-${700 + index}`)
        expect({ name, import_state, set_aside_reason }).toEqual({ name, import_state: "set_aside", set_aside_reason: expect.stringContaining(reason) })
      }
      expect(await record(good.code)).toMatchObject({ import_state: "imported" })
      const { order_id } = await record("Loja Exemplo-799")
      const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "order", fields: ["items.quantity"], filters: { id: order_id } })
      expect(data[0].items.map((line: { quantity: number }) => Number(line.quantity))).toEqual([2])
      // Nothing reserved for the orders set aside: 5 stocked, 1 + 2 reserved.
      expect(await availableInMedusa("SKU-2")).toBe(2)
    })
  },
})
