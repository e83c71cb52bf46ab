import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { sampleTestOrder } from "../../src/sandbox"
import { consumeOrderQueue } from "../../src/sync/orders/order-queue"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { importHubOrdersWorkflow } from "../../src/workflows/hub-orders/import-hub-orders"
import { adminHeaders } from "../helpers/admin"
import { eventually } from "../helpers/eventually"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(300_000)

const QUEUE_LIMITS = { "GET /queues": { limit: 50, windowMs: 1000 }, "DELETE /queues": { limit: 50, windowMs: 1000 } }
process.env.HUB_RATE_LIMITS = JSON.stringify(QUEUE_LIMITS)
process.env.HUB_ORDER_INTAKE = "queue"
// An order handed out and not acknowledged comes back after 3 s: longer than a run that stops at the
// first empty answer, so what a run acknowledged is what the queue no longer holds.
const sandbox = sandboxHubForStore({ queueVisibilityMs: 3_000, rateLimits: QUEUE_LIMITS })

/** An import another run is in the middle of: held inside its workflow until the test lets it go. */
let holdImport: Promise<void> | null = null
importHubOrdersWorkflow.hooks.ordersInput(async () => {
  await holdImport
  return undefined
})

/*
 * The queue acknowledges an order only once what it carries is applied in Medusa: an acknowledged
 * order never comes back, and the listing, the queue's safety net, reads only `importLookbackDays`.
 */
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let hubModule: HubModuleService
    let store: Awaited<ReturnType<typeof seedStore>>

    beforeEach(async () => {
      container = getContainer()
      hubModule = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      sandbox.hub.upsertProducts([{ sku: "SKU-1", qty: 1000, name: "Camiseta", price: 59.9 }])
      store = await seedStore(container, { products: [{ sku: "SKU-1", stocked: 1000 }] })
    })

    it("a marketplace cancel Medusa refuses (the order has a fulfillment) is left queued, and applied once Medusa takes it", async () => {
      const { code } = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 2 }] }))
      expect(await consumeOrderQueue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ imported: 1, error: null })
      const [record] = await hubModule.listHubOrders({ code })
      const order = await container.resolve(Modules.ORDER).retrieveOrder(record.order_id!, { relations: ["items"] })
      const headers = await adminHeaders(container)
      await api.post(
        `/admin/orders/${order.id}/fulfillments`,
        { items: order.items!.map((item) => ({ id: item.id, quantity: item.quantity })), location_id: store.stockLocation.id, shipping_option_id: store.shippingOption.id },
        headers
      )
      const { data: withFulfillments } = await container
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "order", fields: ["fulfillments.id"], filters: { id: order.id } })
      const fulfillmentId = withFulfillments[0].fulfillments![0]!.id

      // The marketplace cancels: Medusa refuses to cancel an order with a fulfillment not canceled.
      sandbox.hub.marketplaceCancel(code)
      expect(await consumeOrderQueue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ seen: 1, updated: 0, error: null })
      expect(sandbox.hub.queueDepth()).toBe(1)
      expect((await container.resolve(Modules.ORDER).retrieveOrder(order.id)).status).not.toBe("canceled")

      // The merchant cancels the fulfillment; the queue hands the order out again and the cancel is applied.
      await api.post(`/admin/orders/${order.id}/fulfillments/${fulfillmentId}/cancel`, {}, headers)
      await eventually(async () => expect(await consumeOrderQueue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ seen: 1, updated: 1 }), 30_000)
      expect(sandbox.hub.queueDepth()).toBe(0)
      expect((await container.resolve(Modules.ORDER).retrieveOrder(order.id)).status).toBe("canceled")
    })

    it("an order the queue hands out while a listing run is importing it is acknowledged once that run has committed it", async () => {
      let letGo!: () => void
      holdImport = new Promise((resolve) => (letGo = resolve))
      const { code } = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      sandbox.hub.marketplaceCancel(code)
      // The listing run claims it and stops inside its import.
      const listing = runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      await eventually(async () => expect((await hubModule.listHubOrders({ code }))[0]?.import_state).toBe("importing"))

      const queue = consumeOrderQueue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      // The queue has handed it out (it is hidden now) and found another run importing it.
      await eventually(() => expect(sandbox.hub.requestLog().some((entry) => entry.method === "GET" && entry.path === "/queues/orders" && entry.status === 200)).toBe(true))
      letGo()
      holdImport = null

      expect(await listing).toMatchObject({ imported: 1, error: null })
      expect(await queue).toMatchObject({ error: null })
      // Acknowledged by the queue run that saw it, not left for the visibility timeout.
      expect(sandbox.hub.queueDepth()).toBe(0)
      const [record] = await hubModule.listHubOrders({ code })
      expect(record).toMatchObject({ import_state: "imported", applied_status_type: "CANCELED" })
    })
  },
})
