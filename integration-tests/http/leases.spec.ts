import { medusaIntegrationTestRunner } from "../helpers/test-runner"
import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { ListedHubOrder } from "../../src/hub-client"
import { HUB_MODULE } from "../../src/modules/hub"
import { HUB_LEASE_TIMES } from "../../src/modules/hub/leases"
import { HUB_RESERVATION_LOCK } from "../../src/modules/hub/locks"
import HubModuleService from "../../src/modules/hub/service"
import { sampleTestOrder } from "../../src/sandbox"
import { HubOrderHandler } from "../../src/sync/orders/hub-order-handler"
import { runOrderImport } from "../../src/sync/orders/order-listing"
import { settleUnknownHubOrderMoves } from "../../src/sync/moves/unknown-moves"
import { adminHeaders } from "../helpers/admin"
import { eventually } from "../helpers/eventually"
import { sandboxHubForStore } from "../helpers/sandbox-store"
import { seedStore } from "../helpers/store"

jest.setTimeout(240_000)

const sandbox = sandboxHubForStore()
const INVOICE_KEY = "35240112345678000190550010000012341000012340"

type ApiAnswer = { status: number; data: any }

/**
 * Leases that outlive the work (issue 30): an import or a move made slow by a gate the test holds
 * (the reservation lock, a hub answer held by the sandbox), with leases of about a second. Each
 * waits on what it needs (a row, a call, a request arriving), never a fixed time.
 */
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    let container: MedusaContainer
    let hubModule: HubModuleService

    beforeEach(async () => {
      container = getContainer()
      hubModule = container.resolve(HUB_MODULE)
      sandbox.hub.reset()
      sandbox.hub.upsertProducts([{ sku: "SKU-1", qty: 40, name: "Camiseta", price: 59.9 }])
      await seedStore(container, { products: [{ sku: "SKU-1", stocked: 40 }] })
      // The status catalogue, read by a run with nothing to import.
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
    })
    afterEach(() => {
      Object.assign(hubModule.leases, HUB_LEASE_TIMES)
      jest.restoreAllMocks()
    })

    const record = async (code: string) => (await hubModule.listHubOrders({ code }))[0]
    const handler = async () => HubOrderHandler.create(container, hubModule.account("default"), await hubModule.account("default").records.statuses.catalogue())
    /** The Medusa orders of a hub code and what each holds reserved. */
    async function medusaOrdersOf(code: string) {
      const orders = await container.resolve(Modules.ORDER).listOrders({ metadata: { hub_order_code: code } } as never, { select: ["id"], take: null })
      const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "order", fields: ["id", "items.id"], filters: { id: orders.map((order) => order.id) } })
      return Promise.all(
        data.map(async (order: any) => {
          const reservations = await container.resolve(Modules.INVENTORY).listReservationItems({ line_item_id: order.items.map((item: { id: string }) => item.id) })
          return { id: order.id, reserved: reservations.reduce((sum, reservation) => sum + Number(reservation.quantity), 0) }
        })
      )
    }
    /** The reservation step's read of stock levels, made right before it waits for its turn. */
    function turnsWaited() {
      const inventory = container.resolve(Modules.INVENTORY)
      const spy = jest.spyOn(inventory, "listInventoryLevels")
      return () => spy.mock.calls.filter(([filters, config]) => config === undefined && (filters as { location_id?: string }).location_id).length
    }
    const claimOutlived = async (code: string, leaseMs: number, since: Date) => {
      const [row] = (await dbConnection.raw(`select now() > ?::timestamptz + make_interval(secs => ?) as outlived from hub_order where code = ?`, [since, leaseMs / 1000, code])).rows
      return row.outlived as boolean
    }

    it("a slow import is not taken over: its claim and lock are renewed while it waits, and a second worker leaves it", async () => {
      Object.assign(hubModule.leases, { importClaimMs: 1_000, orderLockSeconds: 0.5 })
      const hubOrder = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 2 }] }))
      const listed = sandbox.hub.getOrder(hubOrder.code) as unknown as ListedHubOrder
      const locking = container.resolve(Modules.LOCKING)
      await locking.acquire(HUB_RESERVATION_LOCK, { ownerId: "test-gate", expire: 120 })
      const turns = turnsWaited()
      const first = (await handler()).handle(listed)
      await eventually(() => expect(turns()).toBe(1))
      const claimedAt = (await record(hubOrder.code)).claimed_at as Date
      // Three leases later by the database's clock, the claim was renewed meanwhile.
      await eventually(async () => expect(await claimOutlived(hubOrder.code, 3_000, claimedAt)).toBe(true))
      expect(new Date((await record(hubOrder.code)).claimed_at as Date).getTime()).toBeGreaterThan(new Date(claimedAt).getTime())

      expect(await (await handler()).handle(listed)).toBe("unsettled")
      expect(await record(hubOrder.code)).toMatchObject({ import_state: "importing", attempts: 1 })
      await locking.release(HUB_RESERVATION_LOCK, { ownerId: "test-gate" })
      expect(await first).toBe("imported")
      const orders = await medusaOrdersOf(hubOrder.code)
      expect(orders).toEqual([{ id: expect.any(String), reserved: 2 }])
      expect(await record(hubOrder.code)).toMatchObject({ import_state: "imported", order_id: orders[0].id })
    })

    it("a slow import whose claim is taken over reserves once: the first stops at its fence, the taker finishes", async () => {
      // The first import's renewals stall (a paused process): its claim and lock run out while it waits.
      Object.assign(hubModule.leases, { importClaimMs: 1_000, orderLockSeconds: 0.5 })
      const stalled = jest.spyOn(hubModule.leases, "renewing").mockReturnValue(false)
      const hubOrder = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 2 }] }))
      const listed = sandbox.hub.getOrder(hubOrder.code) as unknown as ListedHubOrder
      const locking = container.resolve(Modules.LOCKING)
      await locking.acquire(HUB_RESERVATION_LOCK, { ownerId: "test-gate", expire: 120 })
      const turns = turnsWaited()
      const first = (await handler()).handle(listed)
      // Its Medusa order made, it waits for its reservation's turn.
      await eventually(() => expect(turns()).toBe(1))
      const claimedAt = (await record(hubOrder.code)).claimed_at as Date
      await eventually(async () => expect(await claimOutlived(hubOrder.code, 1_500, claimedAt)).toBe(true))

      // A second worker takes the claim over, finds the first's Medusa order and waits for its turn too.
      const second = (await handler()).handle(listed)
      await eventually(() => expect(turns()).toBe(2))
      expect(await record(hubOrder.code)).toMatchObject({ attempts: 2 })
      await locking.release(HUB_RESERVATION_LOCK, { ownerId: "test-gate" })
      const outcomes = await Promise.all([first, second])
      stalled.mockRestore()
      // Whatever a lost race left (an order removed before the taker reserved) the next run completes.
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))

      expect(outcomes[0]).toBe("unsettled")
      const orders = await medusaOrdersOf(hubOrder.code)
      expect(orders).toEqual([{ id: expect.any(String), reserved: 2 }])
      expect(await record(hubOrder.code)).toMatchObject({ import_state: "imported", order_id: orders[0].id })
    })

    it("a move taken over is sent once: the taker reads the hub order and sends nothing, the first's outcome is settled by reading", async () => {
      const hubOrder = sandbox.hub.createOrder(sampleTestOrder({ items: [{ id: "SKU-1", qty: 1 }] }))
      sandbox.hub.marketplaceApprove(hubOrder.code)
      await runOrderImport(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
      const headers = await adminHeaders(container)
      const move = () =>
        api
          .post(`/admin/hub/orders/${encodeURIComponent(hubOrder.code)}/moves`, { kind: "invoice", invoice: { key: INVOICE_KEY } }, headers)
          .catch((error: { response: ApiAnswer }) => error.response)
      const invoicePath = `/orders/${encodeURIComponent(hubOrder.code)}/invoice`
      const posts = () => sandbox.hub.requestArrivals().filter((entry) => entry.method === "POST" && entry.path === invoicePath).length

      // The first try's POST is held by the hub while its renewals stall: its claim and lock run out.
      Object.assign(hubModule.leases, { moveClaimMs: 1_000, orderLockSeconds: 0.5 })
      const stalled = jest.spyOn(hubModule.leases, "renewing").mockReturnValue(false)
      const hold = sandbox.hub.holdRequests("POST", invoicePath)
      const first = move()
      await hold.reached
      const [claimed] = await hubModule.listHubOrderMoves({ code: hubOrder.code, kind: "invoice" })
      await eventually(async () => {
        const [row] = (await dbConnection.raw(`select now() > claimed_until + interval '0.5 seconds' as outlived from hub_order_move where id = ?`, [claimed.id])).rows
        expect(row.outlived).toBe(true)
      })

      // The merchant sends it again: taken over, read, not sent.
      let secondAnswer: ApiAnswer | undefined
      const second = move().then((answer: ApiAnswer) => (secondAnswer = answer))
      await eventually(() => expect(Boolean(secondAnswer) || posts() > 1).toBe(true))
      hold.release()
      const [firstAnswer] = await Promise.all([first, second])
      expect(posts()).toBe(1)
      expect(secondAnswer).toMatchObject({ data: { move: { state: "unknown" } } })
      // The first, its claim lost, recorded nothing over the taker's: the move is still of unknown outcome ...
      expect(firstAnswer.data?.move ?? firstAnswer.data).toBeTruthy()
      expect((await hubModule.listHubOrderMoves({ id: claimed.id }))[0]).toMatchObject({ state: "unknown", attempts: 2 })
      // ... until the hub order is read: it landed.
      stalled.mockRestore()
      expect(await settleUnknownHubOrderMoves(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))).toMatchObject({ landed: 1 })
      expect((await hubModule.listHubOrderMoves({ id: claimed.id }))[0]).toMatchObject({ state: "done" })
      expect(sandbox.hub.getOrder(hubOrder.code)?.invoices).toHaveLength(1)
      expect(posts()).toBe(1)
    })
  },
})
