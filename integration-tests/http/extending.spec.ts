import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { HubEvents, importHubOrdersWorkflow, moveHubOrderWorkflow } from "../../src/workflows"
import { sampleTestOrder } from "../../src/sandbox"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { adminHeaders } from "../helpers/admin"
import { eventually } from "../helpers/eventually"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

const sandbox = sandboxHubForStore()

// A store's hook handlers, as it would write them in src/workflows/hooks/ (README, Extending).
const importedByHook: Array<{ hubOrderCode: string; orderId: string }> = []
const movedByHook: Array<{ code: string; kind: string; state: string }> = []
importHubOrdersWorkflow.hooks.ordersInput(
  ({ hubOrders }) => new StepResponse(Object.fromEntries(hubOrders.map(({ hubOrderCode }) => [hubOrderCode, { metadata: { erp_reference: `ERP-${hubOrderCode}` } }])))
)
importHubOrdersWorkflow.hooks.hubOrdersImported(({ hubOrders }) => {
  importedByHook.push(...hubOrders)
})
moveHubOrderWorkflow.hooks.hubOrderMoved((moved) => {
  movedByHook.push(moved)
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let hubModule: HubModuleService
    const events: Array<{ name: string; data: Record<string, unknown> }> = []

    beforeAll(() => {
      const eventBus = getContainer().resolve(Modules.EVENT_BUS)
      for (const name of [...Object.values(HubEvents), "customer.created"]) {
        eventBus.subscribe(name, async (event) => {
          events.push({ name, data: event.data as Record<string, unknown> })
        })
      }
    })

    beforeEach(async () => {
      container = getContainer()
      hubModule = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      sandbox.hub.upsertProducts([{ sku: "SKU-1", qty: 10, name: "Camiseta", price: 59.9 }])
    })

    it("a store's hooks change the order before it is created and see it imported; subscribers get hub-order.imported and hub-order.set-aside", async () => {
      await seedStore(container, { products: [{ sku: "SKU-1", stocked: 10 }] })
      const good = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      sandbox.hub.insertRawOrder({ ...sandbox.hub.getOrder(good.code)!, code: "Loja Exemplo-BAD", items: [{ id: "SKU-UNKNOWN", qty: 1, special_price: 10 }], total_ordered: 25.5 })
      const other = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 2 }] }))
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))

      // Imported together in one batch, each order with its own answer from the hook.
      for (const hubOrder of [good, other]) {
        const [record] = await hubModule.listHubOrders({ code: hubOrder.code })
        const order = await container.resolve(Modules.ORDER).retrieveOrder(record.order_id!)
        // The hook's field added to the plugin's mapping, which it keeps.
        expect(order.metadata).toMatchObject({ erp_reference: `ERP-${hubOrder.code}`, hub_order_code: hubOrder.code })
        expect(importedByHook).toContainEqual(expect.objectContaining({ hubOrderCode: hubOrder.code, orderId: order.id, needsStock: false }))
      }
      const [record] = await hubModule.listHubOrders({ code: good.code })
      const order = await container.resolve(Modules.ORDER).retrieveOrder(record.order_id!)

      await eventually(() => {
        expect(events).toContainEqual({ name: HubEvents.ORDER_IMPORTED, data: expect.objectContaining({ code: good.code, order_id: order.id }) })
        expect(events).toContainEqual({
          name: HubEvents.ORDER_SET_ASIDE,
          data: { account: "default", code: "Loja Exemplo-BAD", reason: expect.stringContaining("SKU-UNKNOWN") },
        })
      })
      // The buyer became a customer through Medusa's own workflow: a store's customer.created subscribers see it.
      await eventually(() => expect(events).toContainEqual({ name: "customer.created", data: expect.objectContaining({ id: order.customer_id }) }))
      // Once per cause: the next run sets it aside again, but says nothing new.
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(events.filter((event) => event.name === HubEvents.ORDER_SET_ASIDE)).toHaveLength(1)
    })

    it("a merchant's move the hub took: the hubOrderMoved hook and hub-order.moved; a SKU the hub refuses: hub-sku.refused", async () => {
      await seedStore(container, { products: [{ sku: "SKU-1", stocked: 10 }, { sku: "NAO-NO-HUB", stocked: 3 }] })
      const hubOrder = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      sandbox.hub.marketplaceApprove(hubOrder.code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      const headers = await adminHeaders(container)
      const invoice = { kind: "invoice", invoice: { key: "35261112345678000195550010000012341000012346" } }
      const answer = await api.post(`/admin/hub/orders/${encodeURIComponent(hubOrder.code)}/moves`, invoice, headers)
      expect(answer.data.move).toMatchObject({ state: "done" })

      expect(movedByHook).toContainEqual(expect.objectContaining({ code: hubOrder.code, kind: "invoice", state: "done" }))
      await eventually(() => {
        expect(events).toContainEqual({ name: HubEvents.ORDER_MOVED, data: expect.objectContaining({ code: hubOrder.code, kind: "invoice" }) })
        expect(events).toContainEqual({ name: HubEvents.SKU_REFUSED, data: expect.objectContaining({ sku: "NAO-NO-HUB", status: 404 }) })
      })
      // Nothing personal in what a subscriber gets.
      expect(JSON.stringify(events)).not.toMatch(/example\.com|12345678909|Paulista/)
    })
  },
})
