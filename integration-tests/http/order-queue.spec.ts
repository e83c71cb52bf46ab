import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../src/modules/hub"
import HubModuleService from "../../src/modules/hub/service"
import { sampleTestOrder } from "../../src/sandbox"
import { consumeOrderQueue } from "../../src/sync/orders/order-queue"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { adminHeaders } from "../helpers/admin"
import { eventually } from "../helpers/eventually"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(600_000)

// The queue's budget raised on both sides, so 200 orders take seconds, not minutes; an order handed
// out and not acknowledged comes back after 1.5 s instead of 5 minutes.
const QUEUE_LIMITS = { "GET /queues": { limit: 50, windowMs: 1000 }, "DELETE /queues": { limit: 50, windowMs: 1000 } }
process.env.HUB_RATE_LIMITS = JSON.stringify(QUEUE_LIMITS)
process.env.HUB_ORDER_INTAKE = "queue"
const sandbox = sandboxHubForStore({ queueVisibilityMs: 1_500, rateLimits: QUEUE_LIMITS })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let container: MedusaContainer
    let hubModule: HubModuleService

    beforeEach(async () => {
      container = getContainer()
      hubModule = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      sandbox.hub.upsertProducts([{ sku: "SKU-1", qty: 1000, name: "Camiseta", price: 59.9 }])
      await seedStore(container, { products: [{ sku: "SKU-1", stocked: 1000 }] })
    })

    async function medusaOrdersByHubCode(): Promise<Map<string, number>> {
      const orders = await container.resolve(Modules.ORDER).listOrders({}, { select: ["id", "metadata"], take: null })
      const counts = new Map<string, number>()
      for (const order of orders) {
        const code = order.metadata?.hub_order_code as string | undefined
        if (code) counts.set(code, (counts.get(code) ?? 0) + 1)
      }
      return counts
    }

    async function reservedUnits(): Promise<number> {
      const reservations = await container.resolve(Modules.INVENTORY).listReservationItems({}, { take: null })
      return reservations.reduce((sum, reservation) => sum + Number(reservation.quantity), 0)
    }

    it("imports a burst of 200 orders through the queue, caught up from the listing, each once, acknowledging each; status changes come back through it", async () => {
      const codes = Array.from({ length: 200 }, () => sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] })).code)
      expect(sandbox.hub.queueDepth()).toBe(200)

      const summary = await consumeOrderQueue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"), { maxDurationMs: 480_000 })
      expect(summary).toMatchObject({ set_aside: 0, error: null })
      expect(summary!.seen).toBeGreaterThanOrEqual(200)
      // An order still hidden from an earlier hand-out comes back after the visibility timeout and is
      // recognised as done: nothing imported again, the queue emptied.
      await eventually(async () => {
        expect(await consumeOrderQueue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ imported: 0, set_aside: 0, error: null })
        expect(sandbox.hub.queueDepth()).toBe(0)
      }, 10_000)
      // The burst was caught up from the listing (100 a request), not one order a second; the queue's
      // orders were then recognised as done.
      const [catchUp] = await hubModule.listHubImportRuns({ intake: "listing" })
      expect(catchUp.imported).toBeGreaterThan(100)
      expect(catchUp.imported + summary!.imported).toBe(200)
      const byCode = await medusaOrdersByHubCode()
      expect(codes.filter((code) => byCode.get(code) !== 1)).toEqual([])
      expect(await reservedUnits()).toBe(200)

      // The marketplace approves ten: they re-enter the queue and are followed, once.
      for (const code of codes.slice(0, 10)) sandbox.hub.marketplaceApprove(code)
      // (Ten in a row are a burst too: the catch-up listing may follow some of them first.)
      expect(await consumeOrderQueue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ seen: 10, imported: 0 })
      expect(sandbox.hub.queueDepth()).toBe(0)
      const approved = await hubModule.listHubOrders({ code: codes.slice(0, 10) })
      expect(approved.map((record) => [record.status_type, record.applied_status_type])).toEqual(Array(10).fill(["APPROVED", "APPROVED"]))

      // The hub page knows the intake, and when the queue was last found empty.
      const { data } = await api.get("/admin/hub/import-runs", await adminHeaders(container))
      expect(data.intake).toMatchObject({ mode: "queue", queueLastEmptyAt: expect.any(String), oldestUnreservedSeenAt: null })
      expect(data.import_runs.find((run: { intake: string }) => run.intake === "queue")).toMatchObject({ drained: true })
    })

    it("a scheduled consumer keeps asking while the queue is empty: an order placed during its run is reserved by that run", async () => {
      sandbox.hub.resetRequestLog()
      const running = consumeOrderQueue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"), { maxDurationMs: 8_000, stopWhenEmpty: false })
      // The run has found the queue empty and asked again.
      const queueReads = () => sandbox.hub.requestLog().filter((entry) => entry.method === "GET" && entry.path.startsWith("/queues/orders")).length
      await eventually(() => expect(queueReads()).toBeGreaterThanOrEqual(2), 8_000)
      const { code } = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      await eventually(async () => expect((await hubModule.listHubOrders({ code }))[0]?.import_state).toBe("imported"), 8_000)
      // Reserved by the run already under way (not at the next tick); how fast is bench material.
      expect(await running).toMatchObject({ imported: 1, error: null })
    })

    it("an order a dead consumer took comes back after the visibility timeout and is imported once", async () => {
      const { code } = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 2 }] }))
      // A consumer reads it and dies before doing anything: the hub hides it for a while.
      expect((await hubModule.account("default").orders.nextQueued())?.code).toBe(code)
      expect(await consumeOrderQueue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ seen: 0, imported: 0 })

      // Back after the visibility timeout.
      await eventually(async () => expect(await consumeOrderQueue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ seen: 1, imported: 1 }), 10_000)
      expect((await medusaOrdersByHubCode()).get(code)).toBe(1)
      expect(sandbox.hub.queueDepth()).toBe(0)
    })

    it("an order the queue lost is imported by the listing, the queue's safety net", async () => {
      const { code } = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      // Taken off the queue without its effect (a hub that drops it, a consumer of another system).
      await hubModule.account("default").orders.acknowledgeQueued((await hubModule.account("default").orders.nextQueued())!.code)
      expect(await consumeOrderQueue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ seen: 0, imported: 0 })
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ imported: 1 })
      expect((await medusaOrdersByHubCode()).get(code)).toBe(1)
    })

    it("a queue that stops answering: the listing safety net imports the orders placed meanwhile, each once, and the queue's redelivery adds none", async () => {
      const setQueueFault = async (fault: "unavailable" | null) => {
        const response = await fetch(`${sandbox.hub.url}/_sandbox/queue`, {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ fault }),
        })
        expect(response.status).toBe(200)
      }
      await setQueueFault("unavailable")
      const codes = Array.from({ length: 5 }, (_, i) => sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: i + 1 }] })).code)

      // The consumer's run ends early, naming the hub's answer; nothing imported, nothing acknowledged.
      const down = await consumeOrderQueue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      expect(down).toMatchObject({ seen: 0, imported: 0 })
      expect(down!.error).toMatch(/503|unavailable/i)
      expect(sandbox.hub.queueDepth()).toBe(5)

      // The listing (the safety net the scheduled job runs every queueListingEveryMinutes) imports them.
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ imported: 5, error: null })
      let byCode = await medusaOrdersByHubCode()
      expect(codes.filter((code) => byCode.get(code) !== 1)).toEqual([])
      expect(await reservedUnits()).toBe(1 + 2 + 3 + 4 + 5)

      // The queue answers again and hands out the same five: recognised as done, acknowledged, not imported again.
      await setQueueFault(null)
      expect(await consumeOrderQueue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ seen: 5, imported: 0, set_aside: 0, error: null })
      expect(sandbox.hub.queueDepth()).toBe(0)
      byCode = await medusaOrdersByHubCode()
      expect(codes.filter((code) => byCode.get(code) !== 1)).toEqual([])
      expect(await reservedUnits()).toBe(15)
    })

    it("an order imported before its acknowledgement (the consumer died after committing) is recognised as done when it comes back", async () => {
      const { code } = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 3 }] }))
      // Its effect committed (here by the listing, the queue's safety net), its acknowledgement never sent.
      expect(await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ imported: 1 })
      expect(sandbox.hub.queueDepth()).toBe(1)

      expect(await consumeOrderQueue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ seen: 1, imported: 0, set_aside: 0 })
      expect((await medusaOrdersByHubCode()).get(code)).toBe(1)
      expect(await reservedUnits()).toBe(3)
      expect(sandbox.hub.queueDepth()).toBe(0)
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({ entity: "hub_order", fields: ["import_state"], filters: { code } })
      expect(data[0].import_state).toBe("imported")
    })
  },
})
