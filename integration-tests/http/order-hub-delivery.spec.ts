import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, FulfillmentWorkflowEvents } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { sampleTestOrder } from "../../src/sandbox"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { adminHeaders } from "../helpers/admin"
import { subscribersRan } from "../helpers/events"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

/*
 * The hub's own moves followed into Medusa (issue 40): an order the marketplace's delivery ships and
 * delivers (or the merchant moves on the hub's panel) becomes Medusa fulfillments, shipped with the
 * hub's tracking, then delivered; once, and never sent back to the hub.
 */
// The store's public URL (Medusa's admin.backendUrl): a marketplace order's fulfillment label links to its label there.
const BACKEND_URL = "http://store.example:9000"
const sandbox = sandboxHubForStore({}, { MEDUSA_BACKEND_URL: BACKEND_URL })

const INVOICE_KEY = "35261112345678000195550010000012341000012346"

type ApiAnswer = { status: number; data: any }
type Fulfillment = {
  id: string
  shipped_at: string | null
  delivered_at: string | null
  metadata: Record<string, unknown> | null
  labels: Array<{ tracking_number: string; tracking_url: string; label_url: string }>
  items: Array<{ line_item_id: string; quantity: number }>
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let hubModule: HubModuleService
    let headers: Awaited<ReturnType<typeof adminHeaders>>

    beforeEach(async () => {
      container = getContainer()
      hubModule = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      sandbox.hub.setMoveRules("strict")
      sandbox.hub.upsertProducts([
        { sku: "SKU-1", qty: 10, name: "Camiseta", price: 59.9 },
        { sku: "SKU-2", qty: 5, name: "Boné", price: 35 },
      ])
      await seedStore(container, { products: [{ sku: "SKU-1", stocked: 10 }, { sku: "SKU-2", stocked: 5 }] })
      headers = await adminHeaders(container)
    })

    /** A hub order the marketplace carries (Correios), imported into the store and invoiced from the card (the hub's delivery takes it from there). */
    async function invoicedHubOrder() {
      const hubOrder = sandbox.hub.createOrder({
        ...sampleTestOrder({ items: [{ id: "SKU-1", qty: 2 }, { id: "SKU-2", qty: 1 }], interest: 4.5, shipping_method: "Pac" }),
        calculation_type: "b2wentregacorreios",
        shipping_carrier: "Courier",
      })
      sandbox.hub.marketplaceApprove(hubOrder.code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      const [record] = await hubModule.listHubOrders({ code: hubOrder.code })
      expect(record.order_id).toBeTruthy()
      expect((await move(hubOrder.code, { kind: "invoice", invoice: { key: INVOICE_KEY } })).status).toBe(200)
      return { code: hubOrder.code, orderId: record.order_id as string }
    }

    const move = (code: string, body: object): Promise<ApiAnswer> =>
      api.post(`/admin/hub/orders/${encodeURIComponent(code)}/moves`, body, headers).catch((error: { response: ApiAnswer }) => error.response)
    const hubWrites = (code: string, action: string) =>
      sandbox.hub.requestLog().filter((entry) => entry.method === "POST" && entry.path === `/orders/${encodeURIComponent(code)}/${action}`)
    const fulfillmentStatus = async (orderId: string) => (await api.get(`/admin/orders/${orderId}?fields=+fulfillment_status`, headers)).data.order.fulfillment_status as string
    async function fulfillmentsOf(orderId: string): Promise<Fulfillment[]> {
      const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
        entity: "order",
        fields: ["fulfillments.*", "fulfillments.labels.*", "fulfillments.items.*"],
        filters: { id: orderId },
      })
      return (data[0] as unknown as { fulfillments: Fulfillment[] }).fulfillments
    }

    it("the hub ships and then delivers an order by itself: Medusa's fulfillment shipped with the hub's tracking, then delivered, once, nothing echoed", async () => {
      const { code, orderId } = await invoicedHubOrder()
      const shipmentHandled = subscribersRan(container, FulfillmentWorkflowEvents.SHIPMENT_CREATED)
      const shipped = sandbox.hub.marketplaceShip(code)
      const [hubTrack] = (shipped.shipments as Array<{ tracks: Array<{ code: string; url: string }> }>)[0].tracks
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))

      expect(await fulfillmentStatus(orderId)).toBe("shipped")
      const [fulfillment, ...others] = await fulfillmentsOf(orderId)
      expect(others).toEqual([])
      expect(fulfillment).toMatchObject({
        shipped_at: expect.anything(),
        delivered_at: null,
        metadata: expect.objectContaining({ hub_move_id: `hub-shipment:${code}` }),
        // Medusa's own order page offers the marketplace's label through the plugin's route.
        labels: [expect.objectContaining({ tracking_number: hubTrack.code, tracking_url: hubTrack.url, label_url: `${BACKEND_URL}/admin/hub/orders/${encodeURIComponent(code)}/label?account=default` })],
      })
      // Both goods and the interest line: the order reads shipped as a whole.
      expect(fulfillment.items).toHaveLength(3)
      const [record] = await hubModule.listHubOrders({ code })
      expect(record).toMatchObject({ status_type: "SHIPPED", applied_status_type: "SHIPPED" })

      // Read again: nothing more.
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(await fulfillmentsOf(orderId)).toHaveLength(1)

      const deliveryHandled = subscribersRan(container, FulfillmentWorkflowEvents.DELIVERY_CREATED)
      sandbox.hub.marketplaceDeliver(code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(await fulfillmentStatus(orderId)).toBe("delivered")
      expect((await fulfillmentsOf(orderId))[0].delivered_at).toBeTruthy()

      // Medusa's own shipment and delivery events of these fulfillments sent nothing to the hub.
      await Promise.all([shipmentHandled, deliveryHandled])
      expect(hubWrites(code, "shipments")).toEqual([])
      expect(hubWrites(code, "delivery")).toEqual([])
    })

    it("an order the marketplace carries, marked delivered in Medusa's admin before the hub delivers it: nothing sent to the hub, which delivers it itself", async () => {
      const { code, orderId } = await invoicedHubOrder()
      sandbox.hub.marketplaceShip(code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      const [fulfillment] = await fulfillmentsOf(orderId)
      const deliveryHandled = subscribersRan(container, FulfillmentWorkflowEvents.DELIVERY_CREATED)
      expect((await api.post(`/admin/orders/${orderId}/fulfillments/${fulfillment.id}/mark-as-delivered`, {}, headers)).status).toBe(200)
      await deliveryHandled
      // The marketplace moves its own deliveries to DELIVERED (docs/hub-public-facts.md, The hub's own delivery).
      expect(hubWrites(code, "delivery")).toEqual([])
      const [record] = await hubModule.listHubOrders({ code })
      expect(record.status_type).toBe("SHIPPED")
    })

    it("an order knows its delivery: the hub's words kept on its record and answered to the card", async () => {
      const { code, orderId } = await invoicedHubOrder()
      const own = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }], shipping_method: "Sedex" }))
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      const { data } = await api.get(`/admin/hub/orders?order_id=${orderId}`, headers)
      expect(data.hub_orders).toEqual([expect.objectContaining({ code, calculation_type: "b2wentregacorreios", shipping_method: "Pac", shipping_carrier: "Courier" })])
      expect((await hubModule.listHubOrders({ code: own.code }))[0]).toMatchObject({ calculation_type: null, shipping_method: "Sedex", shipping_carrier: null })
    })

    it("an order the hub shipped and delivered between two reads is shipped and delivered in Medusa in one", async () => {
      const { code, orderId } = await invoicedHubOrder()
      sandbox.hub.marketplaceShip(code)
      sandbox.hub.marketplaceDeliver(code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(await fulfillmentStatus(orderId)).toBe("delivered")
      expect(await fulfillmentsOf(orderId)).toHaveLength(1)
      expect(hubWrites(code, "shipments")).toEqual([])
    })

    it("a process killed after making the fulfillment and before recording the move makes nothing twice", async () => {
      const { code, orderId } = await invoicedHubOrder()
      sandbox.hub.marketplaceShip(code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(await fulfillmentsOf(orderId)).toHaveLength(1)
      // As the record stood before the follow: the fulfillment made, the move not recorded.
      const db = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await db.raw(`update hub_order set status_code = 'payment_received', status_type = 'APPROVED', applied_status_type = 'APPROVED' where code = ?`, [code])
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      const fulfillments = await fulfillmentsOf(orderId)
      expect(fulfillments).toHaveLength(1)
      expect(fulfillments[0].shipped_at).toBeTruthy()
      expect((await hubModule.listHubOrders({ code }))[0]).toMatchObject({ applied_status_type: "SHIPPED" })
    })

    it("an order shipped from the card and then delivered by the hub: its one fulfillment delivered, the card's shipment not made twice", async () => {
      const { code, orderId } = await invoicedHubOrder()
      const track = { code: "BR-CARD-9", carrier: "Correios", method: "PAC" }
      expect((await move(code, { kind: "ship", shipment: { track } })).data.move).toMatchObject({ state: "done" })
      sandbox.hub.marketplaceDeliver(code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(await fulfillmentStatus(orderId)).toBe("delivered")
      const fulfillments = await fulfillmentsOf(orderId)
      expect(fulfillments.map((fulfillment) => fulfillment.labels[0]?.tracking_number)).toEqual(["BR-CARD-9"])
      expect(hubWrites(code, "shipments")).toHaveLength(1)
      expect(hubWrites(code, "delivery")).toEqual([])
    })
  },
})
