import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, FulfillmentWorkflowEvents, Modules } from "@medusajs/framework/utils"
import { cancelOrderWorkflow, createShippingOptionsWorkflow } from "@medusajs/medusa/core-flows"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { sampleTestOrder } from "../../src/sandbox"
import { SANDBOX_MOVE_PROFILES } from "../../src/sandbox/move-rules"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { finishUnfinishedHubOrderMoves } from "../../src/sync/moves/unfinished-moves"
import { settleUnknownHubOrderMoves } from "../../src/sync/moves/unknown-moves"
import { sendFulfillmentToHubWorkflow } from "../../src/workflows/hub-orders/send-fulfillment-to-hub"
import { adminHeaders } from "../helpers/admin"
import { eventually } from "../helpers/eventually"
import { subscribersRan } from "../helpers/events"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(180_000)

const sandbox = sandboxHubForStore()

const INVOICE_KEY = "35261112345678000195550010000012341000012346"
const track = (code: string) => ({ code, carrier: "Correios", method: "PAC", url: `https://rastreamento.example/${code}` })

type ApiAnswer = { status: number; data: any }
type Fulfillment = {
  id: string
  shipped_at: string | null
  delivered_at: string | null
  metadata: Record<string, unknown> | null
  labels: Array<{ tracking_number: string; tracking_url: string }>
  items: Array<{ line_item_id: string; quantity: number }>
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let hubModule: HubModuleService
    let headers: Awaited<ReturnType<typeof adminHeaders>>
    let store: Awaited<ReturnType<typeof seedStore>>

    beforeEach(async () => {
      container = getContainer()
      hubModule = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      sandbox.hub.setMoveRules("strict")
      sandbox.hub.upsertProducts([
        { sku: "SKU-1", qty: 10, name: "Camiseta", price: 59.9 },
        { sku: "SKU-2", qty: 5, name: "Boné", price: 35 },
      ])
      store = await seedStore(container, { products: [{ sku: "SKU-1", stocked: 10 }, { sku: "SKU-2", stocked: 5 }] })
      headers = await adminHeaders(container)
    })

    /** A hub order imported into the store and invoiced from the card (the strict hub ships only then). */
    async function invoicedHubOrder(overrides: Parameters<typeof sampleTestOrder>[0] = {}) {
      const hubOrder = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 2 }, { id: "SKU-2", qty: 1 }], ...overrides }))
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
    const adminOrder = async (orderId: string) =>
      (await api.get(`/admin/orders/${orderId}?fields=+fulfillment_status,+metadata`, headers)).data.order as {
        fulfillment_status: string
        metadata: Record<string, any>
      }
    async function orderOf(orderId: string) {
      const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
        entity: "order",
        fields: ["items.*", "fulfillments.*", "fulfillments.labels.*", "fulfillments.items.*"],
        filters: { id: orderId },
      })
      const order = data[0] as unknown as { items: Array<{ id: string; variant_sku: string; quantity: number }>; fulfillments: Fulfillment[] }
      return { lineOf: (sku: string) => order.items.find((item) => item.variant_sku === sku)!, fulfillments: order.fulfillments }
    }

    it("ships from the card: the hub ships it, and Medusa gets a shipped fulfillment with the tracking as its label; deliver does both too", async () => {
      // With instalment interest: its line (no goods) rides with the parcel, so the order still reads shipped, then delivered.
      const { code, orderId } = await invoicedHubOrder({ interest: 4.5 })
      expect((await adminOrder(orderId)).metadata.hub_invoice).toEqual({ key: INVOICE_KEY, issue_date: expect.any(String) })

      // Medusa's events reach the subscribers on their own time: what did not happen is counted once they ran.
      const shipmentHandled = subscribersRan(container, FulfillmentWorkflowEvents.SHIPMENT_CREATED)
      const shipped = await move(code, { kind: "ship", shipment: { track: track("BR-CARD-1") } })
      expect(shipped.status).toBe(200)
      expect(shipped.data.move).toMatchObject({ state: "done", medusaError: null })
      expect(sandbox.hub.getOrder(code)?.status).toMatchObject({ code: "order_shipped", type: "SHIPPED" })
      expect(sandbox.hub.getOrder(code)?.shipments).toEqual([expect.objectContaining({ tracks: [track("BR-CARD-1")] })])

      expect((await adminOrder(orderId)).fulfillment_status).toBe("shipped")
      const [fulfillment] = (await orderOf(orderId)).fulfillments
      expect(fulfillment).toMatchObject({
        shipped_at: expect.anything(),
        metadata: expect.objectContaining({ hub_move_id: shipped.data.move.moveId }),
        labels: [expect.objectContaining({ tracking_number: "BR-CARD-1", tracking_url: "https://rastreamento.example/BR-CARD-1" })],
      })
      expect(fulfillment.items).toHaveLength(3)
      expect(sandbox.hub.getOrder(code)?.shipments?.[0]).toMatchObject({ items: [{ sku: "SKU-1", qty: 2 }, { sku: "SKU-2", qty: 1 }] })

      const exception = { occurrence_date: "2026-11-20T10:00:00.000Z", observation: "Destinatário ausente" }
      expect((await move(code, { kind: "shipment_exception", shipment_exception: exception })).status).toBe(200)
      expect((await adminOrder(orderId)).metadata.hub_shipment_exception).toEqual(exception)
      // Kept through Medusa's own order update: it is among the order's changes.
      const changes = (await api.get(`/admin/orders/${orderId}/changes?change_type=update_order`, headers)).data.order_changes
      expect(changes.some((change: any) => change.actions?.[0]?.details?.new?.hub_shipment_exception)).toBe(true)

      // The parcel sent again with a new tracking code: the hub ships it again; Medusa has fulfilled those goods already.
      const reshipped = await move(code, { kind: "ship", shipment: { track: track("BR-CARD-2") } })
      expect(reshipped.data.move).toMatchObject({ state: "done", medusaError: null })
      expect(sandbox.hub.getOrder(code)?.shipments).toHaveLength(2)
      expect((await orderOf(orderId)).fulfillments).toHaveLength(1)

      const deliveryHandled = subscribersRan(container, FulfillmentWorkflowEvents.DELIVERY_CREATED)
      expect((await move(code, { kind: "deliver" })).status).toBe(200)
      expect(sandbox.hub.getOrder(code)?.status).toMatchObject({ code: "complete", type: "DELIVERED" })
      expect((await adminOrder(orderId)).fulfillment_status).toBe("delivered")

      // Medusa's shipment.created and delivery.created of the plugin's own fulfillment send nothing back.
      await Promise.all([shipmentHandled, deliveryHandled])
      expect(hubWrites(code, "shipments")).toHaveLength(2)
      expect(hubWrites(code, "delivery")).toHaveLength(1)
    })

    it("sends a shipment made in Medusa's own admin to the hub once: redelivered, and two runs at once", async () => {
      const { code, orderId } = await invoicedHubOrder()
      const { lineOf } = await orderOf(orderId)
      const items = [{ id: lineOf("SKU-1").id, quantity: 2 }, { id: lineOf("SKU-2").id, quantity: 1 }]
      await api.post(
        `/admin/orders/${orderId}/fulfillments`,
        { items, location_id: store.stockLocation.id, shipping_option_id: store.shippingOption.id },
        headers
      )
      const fulfillmentId = (await orderOf(orderId)).fulfillments[0].id
      const label = { tracking_number: "BR-ADMIN-1", tracking_url: "https://rastreamento.example/BR-ADMIN-1", label_url: "https://labels.example/1.pdf" }
      await api.post(`/admin/orders/${orderId}/fulfillments/${fulfillmentId}/shipments`, { items, labels: [label] }, headers)

      await eventually(() =>
        expect(sandbox.hub.getOrder(code)?.shipments).toEqual([
          expect.objectContaining({
            items: [{ sku: "SKU-1", qty: 2 }, { sku: "SKU-2", qty: 1 }],
            // No shipmentCarrier/shipmentMethod options: the fulfillment's provider and shipping option name.
            tracks: [{ code: "BR-ADMIN-1", carrier: "manual_manual", method: "Marketplace", url: "https://rastreamento.example/BR-ADMIN-1" }],
          }),
        ])
      )
      expect(sandbox.hub.getOrder(code)?.status.type).toBe("SHIPPED")

      // The event delivered again, and the subscriber's workflow run twice at once.
      const redeliveredShipment = subscribersRan(container, FulfillmentWorkflowEvents.SHIPMENT_CREATED)
      await container.resolve(Modules.EVENT_BUS).emit({ name: FulfillmentWorkflowEvents.SHIPMENT_CREATED, data: { id: fulfillmentId } })
      const runs = await Promise.all([1, 2].map(() => sendFulfillmentToHubWorkflow(container).run({ input: { fulfillmentId, kind: "ship" } })))
      expect(runs.map(({ result }) => result.move?.state)).toEqual(["done", "done"])
      expect(runs.every(({ result }) => result.move?.alreadyOnHub)).toBe(true)
      await redeliveredShipment
      expect(hubWrites(code, "shipments")).toHaveLength(1)
      const moves = await hubModule.listHubOrderMoves({ code, kind: "ship" })
      expect(moves).toEqual([expect.objectContaining({ claim_key: `ship:${fulfillmentId}`, state: "done", attempts: 1 })])
      // Below the lock (processes that share no locking provider), the fulfillment's claim alone lets none through again.
      const [record] = await hubModule.listHubOrders({ code })
      const claims = await Promise.all(
        [1, 2].map(() => hubModule.claimHubOrderMove({ account: "default", hubOrderId: record.id, code, kind: "ship", request: {}, claimKey: `ship:${fulfillmentId}` }))
      )
      expect(claims).toEqual([null, null])
      const fresh = await Promise.all(
        [1, 2].map(() => hubModule.claimHubOrderMove({ account: "default", hubOrderId: record.id, code, kind: "ship", request: {}, claimKey: "ship:ful_other" }))
      )
      expect(fresh.filter(Boolean)).toHaveLength(1)
      // Medusa's own fulfillment is left as the merchant made it: no second one for the hub's shipment.
      expect((await orderOf(orderId)).fulfillments).toHaveLength(1)

      await api.post(`/admin/orders/${orderId}/fulfillments/${fulfillmentId}/mark-as-delivered`, {}, headers)
      await eventually(() => expect(sandbox.hub.getOrder(code)?.status.type).toBe("DELIVERED"))
      const redeliveredDelivery = subscribersRan(container, FulfillmentWorkflowEvents.DELIVERY_CREATED)
      await container.resolve(Modules.EVENT_BUS).emit({ name: FulfillmentWorkflowEvents.DELIVERY_CREATED, data: { id: fulfillmentId } })
      await redeliveredDelivery
      expect(hubWrites(code, "delivery")).toHaveLength(1)
    })

    it("sends Medusa's own mark-as-delivered of the card's shipment to the hub once, and the hub's delivery back never", async () => {
      const { code, orderId } = await invoicedHubOrder()
      expect((await move(code, { kind: "ship", shipment: { track: track("BR-CARD-DELIVER-1") } })).status).toBe(200)
      const [fulfillment] = (await orderOf(orderId)).fulfillments
      expect(fulfillment.metadata).toEqual(expect.objectContaining({ hub_move_id: expect.any(String) }))

      // The fulfillment the ship move made, delivered with Medusa's own button.
      const delivered = subscribersRan(container, FulfillmentWorkflowEvents.DELIVERY_CREATED)
      expect((await api.post(`/admin/orders/${orderId}/fulfillments/${fulfillment.id}/mark-as-delivered`, {}, headers)).status).toBe(200)
      await delivered
      expect(sandbox.hub.getOrder(code)?.status).toMatchObject({ type: "DELIVERED" })
      const [record] = await hubModule.listHubOrders({ code })
      expect(record.status_type).toBe("DELIVERED")
      expect(await hubModule.listHubOrderMoves({ code, kind: "deliver" })).toEqual([
        expect.objectContaining({ claim_key: `deliver:${fulfillment.id}`, state: "done", attempts: 1 }),
      ])

      // Redelivered, and run twice at once: nothing sent again, and the card's move finds it done.
      const redelivered = subscribersRan(container, FulfillmentWorkflowEvents.DELIVERY_CREATED)
      await container.resolve(Modules.EVENT_BUS).emit({ name: FulfillmentWorkflowEvents.DELIVERY_CREATED, data: { id: fulfillment.id } })
      await Promise.all([1, 2].map(() => sendFulfillmentToHubWorkflow(container).run({ input: { fulfillmentId: fulfillment.id, kind: "deliver" } })))
      await redelivered
      expect(hubWrites(code, "delivery")).toHaveLength(1)
      expect((await orderOf(orderId)).fulfillments).toEqual([expect.objectContaining({ id: fulfillment.id, delivered_at: expect.anything() })])
    })

    it("keeps Medusa's own refusal in its words when it will not record a move the hub took", async () => {
      const { code, orderId } = await invoicedHubOrder()
      // Shipped outside this store, then canceled in Medusa (the hub refuses that cancel; Medusa's order is canceled).
      await hubModule.account("default").orders.move(await hubModule.account("default").orders.get(code), { kind: "ship", shipment: { items: [{ sku: "SKU-1", qty: 2 }], track: track("BR-OUTSIDE-1") } })
      await cancelOrderWorkflow(container).run({ input: { order_id: orderId } })
      const exception = await move(code, { kind: "shipment_exception", shipment_exception: { occurrence_date: "2026-11-21T09:00:00Z", observation: "Extraviado" } })
      expect(exception.status).toBe(200)
      expect(exception.data.move.medusaError).toMatch(/^Done on the hub, not recorded in Medusa: .*cancel/i)
      expect(exception.data.move.medusaError).not.toContain("[object Object]")
    })

    it("records in Medusa a card shipment whose answer was lost, once its settling finds it on the hub", async () => {
      const { code, orderId } = await invoicedHubOrder()
      sandbox.hub.setFaults({ loseAnswerRate: 1 })
      const lost = await move(code, { kind: "ship", shipment: { track: track("BR-LOST-1") } })
      sandbox.hub.setFaults({})
      expect(lost.status).toBe(502)
      expect((await orderOf(orderId)).fulfillments).toHaveLength(0)

      expect(await settleUnknownHubOrderMoves(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toEqual({ landed: 1, notLanded: 0, unread: 0 })
      expect((await orderOf(orderId)).fulfillments).toEqual([
        expect.objectContaining({ shipped_at: expect.anything(), labels: [expect.objectContaining({ tracking_number: "BR-LOST-1" })] }),
      ])
      expect((await hubModule.listHubOrderMoves({ id: lost.data.move.moveId }))[0]).toMatchObject({ state: "done", medusa_error: null })
      expect(hubWrites(code, "shipments")).toHaveLength(1)
    })

    it("records in Medusa a card shipment whose process died after the hub took it", async () => {
      const { code, orderId } = await invoicedHubOrder()
      const request = { kind: "ship" as const, shipment: { items: [{ sku: "SKU-1", qty: 2 }], track: track("BR-KILLED-1") } }
      // What a process killed between the hub's answer and Medusa's fulfillment leaves behind.
      const [record] = await hubModule.listHubOrders({ code })
      const claim = await hubModule.claimHubOrderMove({ account: "default", hubOrderId: record.id, code, kind: "ship", request })
      await hubModule.account("default").orders.move(await hubModule.account("default").orders.get(code), { kind: "ship", shipment: request.shipment })
      await hubModule.finishHubOrderMove(claim!.id, { state: "done" }, null)
      expect((await hubModule.listHubOrderMoves({ id: claim!.id }))[0].medusa_error).toContain("not recorded in Medusa yet")

      expect(await finishUnfinishedHubOrderMoves(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toEqual({ recorded: 1, resent: 0, stillUnfinished: 0 })
      const { lineOf, fulfillments } = await orderOf(orderId)
      expect(fulfillments).toEqual([
        expect.objectContaining({
          shipped_at: expect.anything(),
          metadata: expect.objectContaining({ hub_move_id: claim!.id }),
          items: [expect.objectContaining({ line_item_id: lineOf("SKU-1").id, quantity: 2 })],
        }),
      ])
      expect((await hubModule.listHubOrderMoves({ id: claim!.id }))[0].medusa_error).toBeNull()
      expect(hubWrites(code, "shipments")).toHaveLength(1)
    })

    it("sends again a shipment from Medusa's admin the hub never got (unreachable), through its fulfillment's claim", async () => {
      const { code, orderId } = await invoicedHubOrder()
      const { lineOf } = await orderOf(orderId)
      const items = [{ id: lineOf("SKU-1").id, quantity: 2 }]
      await api.post(`/admin/orders/${orderId}/fulfillments`, { items, location_id: store.stockLocation.id, shipping_option_id: store.shippingOption.id }, headers)
      const fulfillmentId = (await orderOf(orderId)).fulfillments[0].id
      sandbox.hub.setFaults({ errorRate: 1 })
      const label = { tracking_number: "BR-DOWN-1", tracking_url: "https://rastreamento.example/BR-DOWN-1", label_url: "https://labels.example/2.pdf" }
      await api.post(`/admin/orders/${orderId}/fulfillments/${fulfillmentId}/shipments`, { items, labels: [label] }, headers)
      await eventually(async () =>
        expect(await hubModule.listHubOrderMoves({ claim_key: `ship:${fulfillmentId}` })).toEqual([expect.objectContaining({ state: "failed" })])
      )
      sandbox.hub.setFaults({})
      expect(hubWrites(code, "shipments")).toHaveLength(0)

      expect(await finishUnfinishedHubOrderMoves(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toEqual({ recorded: 0, resent: 1, stillUnfinished: 0 })
      expect(sandbox.hub.getOrder(code)?.shipments).toEqual([expect.objectContaining({ items: [{ sku: "SKU-1", qty: 2 }], tracks: [expect.objectContaining({ code: "BR-DOWN-1" })] })])
      expect(await finishUnfinishedHubOrderMoves(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toEqual({ recorded: 0, resent: 0, stillUnfinished: 0 })
      expect(hubWrites(code, "shipments")).toHaveLength(1)
    })

    it("ships one of two items from the card: both sides show that one item shipped; a second parcel where the hub takes several", async () => {
      const { code, orderId } = await invoicedHubOrder()
      const first = await move(code, { kind: "ship", shipment: { items: [{ sku: "SKU-2", qty: 1 }], track: track("BR-PART-1") } })
      expect(first.status).toBe(200)
      expect(sandbox.hub.getOrder(code)?.shipments).toEqual([expect.objectContaining({ items: [{ sku: "SKU-2", qty: 1 }] })])
      const { lineOf, fulfillments } = await orderOf(orderId)
      expect(fulfillments).toEqual([expect.objectContaining({ shipped_at: expect.anything(), items: [expect.objectContaining({ line_item_id: lineOf("SKU-2").id, quantity: 1 })] })])
      expect((await adminOrder(orderId)).fulfillment_status).toBe("partially_shipped")

      // The strict hub refuses a second shipment of a SHIPPED order, in its words; Medusa records nothing.
      const refused = await move(code, { kind: "ship", shipment: { items: [{ sku: "SKU-1", qty: 2 }], track: track("BR-PART-2") } })
      expect(refused.status).toBe(422)
      expect(refused.data.message).toContain("cannot move to SHIPPED from status order_shipped")
      expect((await orderOf(orderId)).fulfillments).toHaveLength(1)

      // A hub that takes parcels one by one.
      const strict = SANDBOX_MOVE_PROFILES.strict
      sandbox.hub.setMoveRules({
        APPROVED: [...strict.APPROVED],
        INVOICED: [...strict.INVOICED],
        SHIPPED: [...strict.SHIPPED, "SHIPPED"],
        DELIVERED: [...strict.DELIVERED],
        CANCELED: [...strict.CANCELED],
        SHIPMENT_EXCEPTION: [...strict.SHIPMENT_EXCEPTION],
      })
      const second = await move(code, { kind: "ship", shipment: { items: [{ sku: "SKU-1", qty: 2 }], track: track("BR-PART-3") } })
      expect(second.status).toBe(200)
      expect(sandbox.hub.getOrder(code)?.shipments).toHaveLength(2)
      expect((await orderOf(orderId)).fulfillments).toHaveLength(2)
      expect((await adminOrder(orderId)).fulfillment_status).toBe("shipped")
    })

    it("keeps a shipment the hub took when Medusa cannot record it, and records it on the next try without a second request", async () => {
      const { code, orderId } = await invoicedHubOrder()
      // Two ways of shipping from the location and none configured: the plugin will not guess.
      const [other] = (
        await createShippingOptionsWorkflow(container).run({
          input: [
            {
              name: "Expresso",
              price_type: "flat",
              provider_id: "manual_manual",
              service_zone_id: store.shippingOption.service_zone_id,
              shipping_profile_id: store.shippingOption.shipping_profile_id,
              type: { label: "Expresso", description: "Expresso", code: "express" },
              prices: [{ currency_code: "brl", amount: 10 }],
              rules: [],
            },
          ],
        })
      ).result
      const body = { kind: "ship", shipment: { track: track("BR-RETRY-1") } }
      const first = await move(code, body)
      expect(first.status).toBe(200)
      expect(first.data.move.medusaError).toContain("shippingOptionId")
      expect(sandbox.hub.getOrder(code)?.status.type).toBe("SHIPPED")
      expect((await orderOf(orderId)).fulfillments).toHaveLength(0)
      const [failed] = await hubModule.listHubOrderMoves({ id: first.data.move.moveId })
      expect(failed).toMatchObject({ state: "done", medusa_error: expect.stringContaining("not recorded in Medusa") })

      // Still unrecordable: the job's try leaves it for the next one.
      expect(await finishUnfinishedHubOrderMoves(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toEqual({ recorded: 0, resent: 0, stillUnfinished: 1 })
      await container.resolve(Modules.FULFILLMENT).deleteShippingOptions(other.id)
      expect(await finishUnfinishedHubOrderMoves(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toEqual({ recorded: 1, resent: 0, stillUnfinished: 0 })
      expect((await orderOf(orderId)).fulfillments).toEqual([expect.objectContaining({ shipped_at: expect.anything() })])
      expect(await finishUnfinishedHubOrderMoves(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toEqual({ recorded: 0, resent: 0, stillUnfinished: 0 })

      // The merchant sending it again finds it on both sides: nothing twice.
      const retried = await move(code, body)
      expect(retried.status).toBe(200)
      expect(retried.data.move).toMatchObject({ state: "done", alreadyOnHub: true, medusaError: null })
      expect((await orderOf(orderId)).fulfillments).toHaveLength(1)
      expect(hubWrites(code, "shipments")).toHaveLength(1)
    })
  },
})
