import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, getVariantAvailability, InventoryEvents, Modules, ProductWorkflowEvents } from "@medusajs/framework/utils"
import {
  cancelOrderWorkflow,
  createOrderFulfillmentWorkflow,
  createOrderWorkflow,
  createReservationsWorkflow,
} from "@medusajs/medusa/core-flows"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { adminHeaders } from "../helpers/admin"
import { expectBadPagesRefused } from "../helpers/pages"
import { eventually } from "../helpers/eventually"
import { subscribersRan } from "../helpers/events"
import { productUpdatesFor, sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

const sandbox = sandboxHubForStore()

const putsFor = (sku: string) => productUpdatesFor(sandbox.hub, sku)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let hub: HubModuleService
    let store: Awaited<ReturnType<typeof seedStore>>

    beforeEach(async () => {
      container = getContainer()
      hub = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      // A name and a status of its own on the hub, which a quantity push must leave alone.
      sandbox.hub.upsertProducts([
        { sku: "CAMISETA-P", qty: 0, name: "CAMISETA-P", status: "enabled" },
        { sku: "CAMISETA-M", qty: 0 },
      ])
      store = await seedStore(container, {
        products: [
          { sku: "CAMISETA-P", stocked: 10 },
          { sku: "CAMISETA-M", stocked: 4 },
          // A SKU the hub does not know: it answers 404.
          { sku: "NAO-NO-HUB", stocked: 3 },
        ],
      })
    })

    /** Medusa's own figure (its storefront availability), not the plugin's mapping. */
    async function medusaAvailable(sku: string): Promise<number> {
      const variantId = store.variantsBySku[sku].id as string
      const availability = await getVariantAvailability(container.resolve(ContainerRegistrationKeys.QUERY), {
        variant_ids: [variantId],
        sales_channel_id: store.salesChannel.id,
      })
      return availability[variantId].availability as number
    }

    /** The sandbox holds Medusa's available quantity and the outbox has nothing left to send. */
    async function expectInSync(sku: string, expected: number) {
      expect(await medusaAvailable(sku)).toBe(expected)
      await eventually(async () => {
        expect(sandbox.hub.getProduct(sku)?.qty).toBe(expected)
        expect((await hub.account("default").records.catalogueFigures()).backlog).toBe(0)
      })
    }

    async function placeReservedOrder(sku: string, quantity: number) {
      const { result: order } = await createOrderWorkflow(container).run({
        input: {
          region_id: store.region.id,
          sales_channel_id: store.salesChannel.id,
          email: "cliente@example.com",
          currency_code: "brl",
          items: [{ variant_id: store.variantsBySku[sku].id as string, quantity, title: sku, unit_price: 100 }],
          shipping_methods: [{ name: "Marketplace", amount: 0, shipping_option_id: store.shippingOption.id }],
        },
      })
      const lineItem = order.items![0]
      await createReservationsWorkflow(container).run({
        input: {
          reservations: [
            {
              inventory_item_id: store.inventoryItemsBySku[sku],
              location_id: store.stockLocation.id,
              quantity,
              line_item_id: lineItem.id,
            },
          ],
        },
      })
      return { order, lineItem }
    }

    describe("Medusa's available quantity reaches the hub", () => {
      it("after seeding, each SKU's stock is on the hub", async () => {
        await expectInSync("CAMISETA-P", 10)
        await expectInSync("CAMISETA-M", 4)
      })

      it("a stock edit", async () => {
        await expectInSync("CAMISETA-P", 10)
        const inventory = container.resolve(Modules.INVENTORY)
        await inventory.updateInventoryLevels([
          { inventory_item_id: store.inventoryItemsBySku["CAMISETA-P"], location_id: store.stockLocation.id, stocked_quantity: 7 },
        ])
        await expectInSync("CAMISETA-P", 7)
        // Only the quantity is sent (docs/hub-interface.md §4 rule 2), wrapped as the hub expects.
        expect(sandbox.hub.getProduct("CAMISETA-P")?.name).toBe("CAMISETA-P")
      })

      it("a reservation, then its order's cancellation", async () => {
        await expectInSync("CAMISETA-P", 10)
        const { order } = await placeReservedOrder("CAMISETA-P", 3)
        await expectInSync("CAMISETA-P", 7)

        await cancelOrderWorkflow(container).run({ input: { order_id: order.id } })
        await expectInSync("CAMISETA-P", 10)
      })

      it("a fulfillment (stock and reservation both go down) and then more stock arriving", async () => {
        const { order, lineItem } = await placeReservedOrder("CAMISETA-M", 3)
        await expectInSync("CAMISETA-M", 1)

        await createOrderFulfillmentWorkflow(container).run({
          input: { order_id: order.id, items: [{ id: lineItem.id, quantity: 3 }], location_id: store.stockLocation.id },
        })
        const [level] = await container
          .resolve(Modules.INVENTORY)
          .listInventoryLevels({ inventory_item_id: store.inventoryItemsBySku["CAMISETA-M"] })
        expect([Number(level.stocked_quantity), Number(level.reserved_quantity)]).toEqual([1, 0])
        await expectInSync("CAMISETA-M", 1)

        await container.resolve(Modules.INVENTORY).updateInventoryLevels([
          { inventory_item_id: store.inventoryItemsBySku["CAMISETA-M"], location_id: store.stockLocation.id, stocked_quantity: 6 },
        ])
        await expectInSync("CAMISETA-M", 6)
      })

      it("never sends a negative quantity: reservations beyond stock count as zero", async () => {
        await placeReservedOrder("CAMISETA-M", 4)
        await expectInSync("CAMISETA-M", 0)
        // Stock counted again and found short: 2 on the shelf, 4 promised.
        const recorded = subscribersRan(container, InventoryEvents.INVENTORY_LEVEL_UPDATED)
        await container.resolve(Modules.INVENTORY).updateInventoryLevels([
          { inventory_item_id: store.inventoryItemsBySku["CAMISETA-M"], location_id: store.stockLocation.id, stocked_quantity: 2 },
        ])
        await hubFlushSettled(recorded)
        // Medusa's own figure goes negative; the hub's is available stock and stops at zero.
        expect(await medusaAvailable("CAMISETA-M")).toBe(-2)
        expect(sandbox.hub.getProduct("CAMISETA-M")?.qty).toBe(0)
        expect((await hub.account("default").records.catalogueFigures()).skusInError.map((entry) => entry.sku)).toEqual(["NAO-NO-HUB"])
      })
    })

    describe("bursts are coalesced", () => {
      it("200 changes to one SKU in a burst make a handful of requests and end at the right number", async () => {
        await expectInSync("CAMISETA-P", 10)
        sandbox.hub.resetRequestLog()
        const inventory = container.resolve(Modules.INVENTORY)
        const burstStartedAt = Date.now()
        for (let change = 1; change <= 200; change++) {
          await inventory.updateInventoryLevels([
            { inventory_item_id: store.inventoryItemsBySku["CAMISETA-P"], location_id: store.stockLocation.id, stocked_quantity: 10 + change },
          ])
        }
        const burstMs = Date.now() - burstStartedAt
        await expectInSync("CAMISETA-P", 210)
        const puts = putsFor("CAMISETA-P")
        expect(puts.length).toBeGreaterThanOrEqual(1)
        // A handful however slow the machine: one push per interval the burst lasted, and the last value after it.
        expect(puts.length).toBeLessThanOrEqual(Math.ceil(burstMs / hub.hubOptions.catalogueMinPushIntervalMs) + 2)
        expect(puts.length).toBeLessThan(20)
        // However long the burst lasts, the SKU is pushed at most once per interval.
        const gaps = puts.slice(1).map((put, index) => put.at - puts[index].at)
        for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(hub.hubOptions.catalogueMinPushIntervalMs - 50)
      })
    })

    describe("a SKU the hub refuses", () => {
      it("is recorded with the hub's message and not sent again until its quantity changes", async () => {
        const { inventoryItemsBySku } = store
        await eventually(async () => {
          const figures = await hub.account("default").records.catalogueFigures()
          expect(figures.skusInError).toEqual([
            expect.objectContaining({ sku: "NAO-NO-HUB", state: "refused", status: 404, reason: "Product not found", availableQuantity: 3 }),
          ])
        })
        const refused = putsFor("NAO-NO-HUB").length
        expect(putsFor("NAO-NO-HUB").every((entry) => entry.status === 404)).toBe(true)

        // Same quantity again (an unrelated edit of the level): nothing is sent.
        const inventory = container.resolve(Modules.INVENTORY)
        await inventory.updateInventoryLevels([
          { inventory_item_id: inventoryItemsBySku["NAO-NO-HUB"], location_id: store.stockLocation.id, stocked_quantity: 3 },
        ])
        // An update that changes nothing emits no event (Medusa's inventory module): only the outbox to wait for.
        await hubFlushSettled()
        expect(putsFor("NAO-NO-HUB")).toHaveLength(refused)

        // The merchant creates it on the hub; the next change of quantity goes out.
        sandbox.hub.upsertProducts([{ sku: "NAO-NO-HUB", qty: 0 }])
        await inventory.updateInventoryLevels([
          { inventory_item_id: inventoryItemsBySku["NAO-NO-HUB"], location_id: store.stockLocation.id, stocked_quantity: 5 },
        ])
        await eventually(() => expect(sandbox.hub.getProduct("NAO-NO-HUB")?.qty).toBe(5))
        expect(putsFor("NAO-NO-HUB")).toHaveLength(refused + 1)
        await eventually(async () => expect((await hub.account("default").records.catalogueFigures()).skusInError).toEqual([]))
      })
    })

    describe("without catalogueFields", () => {
      it("sends nothing but qty: a price change, a sale and an unpublished product leave the hub's fields alone", async () => {
        await expectInSync("CAMISETA-P", 10)
        expect(hub.hubOptions.catalogueFields).toEqual([])
        const headers = await adminHeaders(container)
        const { id: variantId, product_id: productId } = store.variantsBySku["CAMISETA-P"] as { id: string; product_id: string }
        await api.post(`/admin/products/${productId}/variants/${variantId}`, { prices: [{ currency_code: "brl", amount: 150 }] }, headers)
        await api.post(
          "/admin/price-lists",
          { title: "Promoção", description: "Black Friday", type: "sale", status: "active", prices: [{ variant_id: variantId, currency_code: "brl", amount: 90 }] },
          headers
        )
        const recorded = Promise.all([
          subscribersRan(container, ProductWorkflowEvents.UPDATED),
          subscribersRan(container, InventoryEvents.INVENTORY_LEVEL_UPDATED),
        ])
        await api.post(`/admin/products/${productId}`, { status: "draft" }, headers)
        await container.resolve(Modules.INVENTORY).updateInventoryLevels([
          { inventory_item_id: store.inventoryItemsBySku["CAMISETA-P"], location_id: store.stockLocation.id, stocked_quantity: 8 },
        ])
        await expectInSync("CAMISETA-P", 8)
        await hubFlushSettled(recorded)
        const bodies = putsFor("CAMISETA-P").map((entry) => entry.body as { product: Record<string, unknown> })
        expect(bodies.length).toBeGreaterThan(0)
        for (const body of bodies) expect(Object.keys(body.product)).toEqual(["qty"])
        expect(sandbox.hub.getProduct("CAMISETA-P")).toMatchObject({ status: "enabled", promotional_price: null })
      })
    })

    describe("GET /admin/hub/catalogue", () => {
      it("shows backlog, pushes per hour and errors, without any credential", async () => {
        await expectInSync("CAMISETA-P", 10)
        await expectInSync("CAMISETA-M", 4)
        await eventually(async () => expect((await hub.account("default").records.catalogueFigures()).skusInError).toHaveLength(1))
        const response = await api.get("/admin/hub/catalogue", await adminHeaders(container))
        expect(response.status).toBe(200)
        const { catalogue } = response.data
        expect(catalogue.backlog).toBe(0)
        expect(catalogue.oldestPendingChangeAt).toBeNull()
        expect(catalogue.pushesByHour[0].sent).toBe(putsFor("CAMISETA-P").length + putsFor("CAMISETA-M").length)
        expect(catalogue.pushesByHour[0].failed).toBe(putsFor("NAO-NO-HUB").length)
        expect(catalogue.skusInError).toEqual([
          expect.objectContaining({ sku: "NAO-NO-HUB", state: "refused", status: 404, reason: "Product not found" }),
        ])
        const body = JSON.stringify(response.data)
        for (const secret of Object.values(sandbox.hub.credentials)) expect(body).not.toContain(secret)
      })

      it("pages the SKUs in error (the hub page's list), the count holding past the last page", async () => {
        await eventually(async () => expect((await hub.account("default").records.catalogueFigures()).skusInError).toHaveLength(1))
        const headers = await adminHeaders(container)
        const { data } = await api.get("/admin/hub/catalogue/skus-in-error?limit=1", headers)
        expect(data).toMatchObject({ count: 1, limit: 1, offset: 0, skus_in_error: [expect.objectContaining({ sku: "NAO-NO-HUB", status: 404 })] })
        expect((await api.get("/admin/hub/catalogue/skus-in-error?limit=1&offset=1", headers)).data).toMatchObject({ count: 1, offset: 1, skus_in_error: [] })
        await expectBadPagesRefused(api, headers, "/admin/hub/catalogue/skus-in-error")
      })

      it("answers under its name before 0.4, /admin/hub/stock, the same until the next minor version", async () => {
        await eventually(async () => expect((await hub.account("default").records.catalogueFigures()).skusInError).toHaveLength(1))
        const headers = await adminHeaders(container)
        const [now, before] = await Promise.all([api.get("/admin/hub/catalogue", headers), api.get("/admin/hub/stock", headers)])
        expect(before.data).toEqual({ stock: now.data.catalogue, accounts: now.data.accounts })
        for (const page of ["skus-in-error?limit=1", "price-steps"]) {
          expect((await api.get(`/admin/hub/stock/${page}`, headers)).data).toEqual((await api.get(`/admin/hub/catalogue/${page}`, headers)).data)
        }
        await expectBadPagesRefused(api, headers, "/admin/hub/stock/skus-in-error")
        expect((await api.post("/admin/hub/stock/reconcile", {}, headers)).data).toEqual({ started: true })
      })

      it("refuses an anonymous caller", async () => {
        for (const path of ["/admin/hub/catalogue", "/admin/hub/stock"]) {
          const response = await api.get(path).catch((error: { response: { status: number } }) => error.response)
          expect(response.status).toBe(401)
        }
      })
    })

    /** Waits until the change's subscribers have recorded it, then until no push is due or in flight. */
    async function hubFlushSettled(recorded: Promise<unknown> = Promise.resolve()) {
      await recorded
      await eventually(async () => expect(await hub.account("default").records.catalogueClaims.nextDueInMs()).toBeNull())
    }
  },
})
