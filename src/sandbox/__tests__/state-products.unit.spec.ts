import { STANDARD_SANDBOX_STATUSES } from "../records"
import { SandboxHubState } from "../state"
import { refusal, stateAt, testOrder } from "./state-helpers"

describe("sandbox hub state", () => {
  describe("products", () => {
    it("updates only the fields sent", () => {
      const { state } = stateAt()
      expect(state.updateProduct("SKU-1", { qty: 7 })).toEqual({
        sku: "SKU-1",
        name: "Camiseta",
        status: "enabled",
        qty: 7,
        price: 50,
        promotional_price: null,
      })
      expect(refusal(() => state.updateProduct("SKU-1", {})).message).toContain("at least one field")
      expect(refusal(() => state.updateProduct("SKU-1", { variations: [] })).message).toMatch(/^product: Unrecognized key/)
      expect(refusal(() => state.updateProduct("NOPE", { qty: 1 })).status).toBe(404)
    })

    it("upserts keep what an update does not name", () => {
      const { state } = stateAt()
      state.upsertProducts([{ sku: "SKU-1", qty: 3 }])
      expect(state.getProduct("SKU-1")).toMatchObject({ qty: 3, name: "Camiseta", price: 50 })
      expect(refusal(() => state.upsertProducts([{ sku: "SKU-9", qty: -1 }])).message).toMatch(/^products\.0\.qty/)
    })

    it("continues after a cursor SKU, with no deep-paging limit", () => {
      const { state } = stateAt()
      state.reset()
      state.seedProducts(10_050)
      const listing = state.listProducts({ perPage: 100, afterSku: "SKU-09999", filters: {} })
      expect(listing.products.map((product) => product.sku)).toEqual(
        Array.from({ length: 51 }, (_, i) => `SKU-${String(10_000 + i).padStart(5, "0")}`)
      )
      expect(listing).toMatchObject({ total: 10_050, more: false, lastSku: "SKU-10050" })
      expect(refusal(() => state.listProducts({ perPage: 100, page: 101, filters: {} })).status).toBe(400)
    })

    it("filters by sku, name, status and a qty range", () => {
      const { state } = stateAt()
      state.upsertProducts([{ sku: "SKU-3", qty: 5, name: "Camiseta Azul", status: "disabled" }])
      const skus = (filters: Record<string, unknown>) =>
        state.listProducts({ perPage: 100, filters }).products.map((product) => product.sku)
      expect(skus({ name: "camiseta" })).toEqual(["SKU-1", "SKU-3"])
      expect(skus({ status: "enabled" })).toEqual(["SKU-1", "SKU-2"])
      expect(skus({ qty_from: 1, qty_to: 5 })).toEqual(["SKU-3"])
      expect(skus({ sku: "SKU-2" })).toEqual(["SKU-2"])
      expect(refusal(() => skus({ status: "on" })).status).toBe(400)
    })
  })

  describe("seeding", () => {
    it("is deterministic and spreads orders over the last days", () => {
      const first = stateAt().state
      const second = stateAt().state
      for (const state of [first, second]) {
        state.reset()
        state.seedProducts(20)
        state.seedOrders(50, 10)
      }
      const all = (state: SandboxHubState) => state.listOrders({ page: 1, perPage: 100, filters: {} })
      expect(all(first)).toEqual(all(second))
      expect(first.getProduct("SKU-00010")?.status).toBe("disabled")
      const placed = all(first).orders.map((order) => Date.parse(order.placed_at!))
      const now = Date.parse("2025-03-10T12:00:00.000Z")
      // Ten UTC calendar days, today included: from 2025-03-01T00:00Z up to now.
      expect(Math.min(...placed)).toBeGreaterThanOrEqual(Date.parse("2025-03-01T00:00:00.000Z"))
      expect(Math.min(...placed)).toBeLessThan(Date.parse("2025-03-01T06:00:00.000Z"))
      expect(Math.max(...placed)).toBeLessThan(now)
      expect(Math.max(...placed)).toBeGreaterThan(now - 6 * 3_600_000)
      expect(all(first).orders.every((order) => order.status.code === "book_product")).toBe(true)
      expect(refusal(() => new SandboxHubState().seedOrders(1)).status).toBe(422)
    })

    it("with days = 1 places every order today, so one date filter selects them all", () => {
      const { state } = stateAt()
      state.seedOrders(30, 1)
      const today = new Date("2025-03-10T00:00:00.000Z")
      expect(state.listOrders({ page: 1, perPage: 100, filters: { startDate: today, endDate: today } }).total).toBe(30)
    })

    it("seeds over the days up to endAt, out of the queue when asked, and returns the codes", () => {
      const { state } = stateAt()
      state.seedProducts(5)
      const codes = state.seedOrders(40, 3, { endAt: new Date("2025-03-08T12:00:00.000Z"), queued: false })
      expect(codes).toHaveLength(40)
      expect(state.queue.depth()).toBe(0)
      const placed = codes.map((code) => Date.parse(state.getOrder(code)!.placed_at!))
      expect(Math.min(...placed)).toBeGreaterThanOrEqual(Date.parse("2025-03-06T00:00:00.000Z"))
      expect(Math.max(...placed)).toBeLessThan(Date.parse("2025-03-08T12:00:00.000Z"))
      state.seedOrders(2, 1)
      expect(state.queue.depth()).toBe(2)
    })

    it("reset leaves only the standard statuses (tidy answers)", () => {
      const { state } = stateAt()
      state.addStatus({ code: "x", label: "x", type: "NEW" })
      state.createOrder(testOrder())
      state.reset()
      expect(state.listStatuses()).toEqual(STANDARD_SANDBOX_STATUSES)
      expect(state.getProduct("SKU-1")).toBeUndefined()
      expect(state.listOrders({ page: 1, perPage: 1, filters: {} }).total).toBe(0)
    })
  })
})
