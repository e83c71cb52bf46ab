import { HUB_STATUS_TYPES, STANDARD_STATUS_CODES, type HubStatusType } from "../../hub-client/schemas"
import type { MoveTargetType } from "../move-bodies"
import { SandboxHubState } from "../state"
import { refusal, stateAt, testOrder } from "./state-helpers"

const invoice = { key: "35250312345678000190550010000012341000012340" }
const shipment = { items: [{ sku: "SKU-1", qty: 2 }], track: { code: "BR1", carrier: "Correios", method: "PAC" } }
const exception = { occurrence_date: "2025-03-12T10:00:00Z", observation: "Recipient absent" }

/** Every move the state offers, by target type, with a valid body and the standard code. */
const MOVES: Record<MoveTargetType, (state: SandboxHubState, code: string) => unknown> = {
  APPROVED: (state, code) => state.approve(code),
  INVOICED: (state, code) => state.invoice(code, STANDARD_STATUS_CODES.INVOICED, invoice),
  SHIPPED: (state, code) => state.ship(code, STANDARD_STATUS_CODES.SHIPPED, shipment),
  DELIVERED: (state, code) => state.deliver(code, STANDARD_STATUS_CODES.DELIVERED, {}),
  CANCELED: (state, code) => state.cancel(code),
  SHIPMENT_EXCEPTION: (state, code) =>
    state.reportShipmentException(code, STANDARD_STATUS_CODES.SHIPMENT_EXCEPTION, exception),
}

/** Written out by hand (not derived from the strict profile) so that a change to the sandbox's rules fails here. */
const EXPECTED_ALLOWED = new Set([
  "NEW->APPROVED",
  "APPROVED->INVOICED",
  "INVOICED->SHIPPED",
  "SHIPMENT_EXCEPTION->SHIPPED",
  "SHIPPED->DELIVERED",
  "SHIPMENT_EXCEPTION->DELIVERED",
  "NEW->CANCELED",
  "APPROVED->CANCELED",
  "INVOICED->CANCELED",
  "SHIPPED->SHIPMENT_EXCEPTION",
])

describe("sandbox hub state", () => {
  describe("statuses", () => {
    it("starts (tidy answers) with the seven standard statuses of docs/hub-interface.md §3, one per type", () => {
      const { state } = stateAt()
      const statuses = state.listStatuses()
      expect(statuses).toHaveLength(7)
      for (const type of HUB_STATUS_TYPES) {
        expect(statuses.find((status) => status.type === type)?.code).toBe(STANDARD_STATUS_CODES[type])
      }
      expect(statuses.find((status) => status.code === "book_product")?.label).toBe("NEW - Pagamento Pendente (Sandbox)")
    })

    it("adds custom statuses but never redefines a standard one", () => {
      const { state } = stateAt()
      state.addStatus({ code: "aguardando_pix", label: "Aguardando PIX", type: "NEW" })
      expect(state.listStatuses()).toHaveLength(8)
      expect(refusal(() => state.addStatus({ code: "complete", label: "x", type: "NEW" })).status).toBe(422)
      expect(refusal(() => state.addStatus({ code: "x", label: "x", type: "BOGUS" as HubStatusType })).message).toMatch(
        /^status\.type/
      )
    })
  })

  describe("orders", () => {
    it("creates an order with the full representation (tidy answers), priced from the products", () => {
      const { state } = stateAt()
      const order = state.createOrder(testOrder())
      expect(order).toMatchObject({
        code: "Loja Exemplo-1",
        channel: "Loja Exemplo",
        placed_at: "2025-03-10T12:00:00.000Z",
        updated_at: "2025-03-10T12:00:00.000Z",
        approved_date: null,
        status: { code: "book_product", type: "NEW" },
        total_ordered: 116.75,
        shipping_cost: 15.5,
        interest: 1.25,
        discount: 0,
        estimated_delivery: "2025-03-17",
        items: [{ id: "SKU-1", product_id: "SKU-1", name: "Camiseta", qty: 2, original_price: 50, special_price: 50 }],
        billing_address: { full_name: "Ana Souza", postcode: "01310100" },
        payments: [{ method: "credit_card", value: 116.75, parcels: 1, status: "pending", transaction_date: null }],
        invoices: [],
        shipments: [],
      })
    })

    it("numbers order codes per channel from the configured first sequence", () => {
      const state = new SandboxHubState({ firstOrderSequence: 1732240000000, answers: "tidy" })
      state.upsertProducts([{ sku: "SKU-1", qty: 10, name: "Camiseta", price: 50 }])
      expect(state.createOrder(testOrder()).code).toBe("Loja Exemplo-1732240000000")
      expect(state.createOrder(testOrder()).code).toBe("Loja Exemplo-1732240000001")
      expect(state.createOrder(testOrder({ channel: "Outra Loja" })).code).toBe("Outra Loja-1732240000000")
    })

    it("takes a discount and instalments (the sandbox's own fields): the total and the payment add up to the cent", () => {
      const { state } = stateAt()
      const order = state.createOrder({ ...testOrder({ items: [{ id: "SKU-1", qty: 2, special_price: 44.9 }], shipping_cost: 12.5, interest: 7.35 }), discount: 10, parcels: 3 })
      expect(order).toMatchObject({ total_ordered: 99.65, discount: 10, payments: [{ value: 99.65, parcels: 3, status: "pending" }] })
      expect(state.approve(order.code).payments).toEqual([expect.objectContaining({ status: "approved", transaction_date: expect.any(String) })])
      expect(() => state.createOrder({ ...testOrder(), discount: 1000 })).toThrow("order.discount")
    })

    it("takes item prices from the body when given", () => {
      const { state } = stateAt()
      const order = state.createOrder(testOrder({ items: [{ id: "SKU-1", qty: 1, original_price: 60, special_price: 45 }] }))
      expect(order.items[0]).toMatchObject({ original_price: 60, special_price: 45 })
      expect(order.total_ordered).toBe(61.75)
    })

    it("numbers codes per channel from 1, skipping a code a raw order already holds", () => {
      const { state } = stateAt()
      state.insertRawOrder({ code: "Loja B-2" })
      const codes = [
        state.createOrder(testOrder()).code,
        state.createOrder(testOrder({ channel: "Loja B" })).code,
        state.createOrder(testOrder({ channel: "Loja B" })).code,
        state.createOrder(testOrder()).code,
      ]
      expect(codes).toEqual(["Loja Exemplo-1", "Loja B-1", "Loja B-3", "Loja Exemplo-2"])
    })

    it("refuses unknown SKUs, invalid fields and a non-NEW initial status, naming the field", () => {
      const { state } = stateAt()
      expect(refusal(() => state.createOrder(testOrder({ items: [{ id: "NOPE", qty: 1 }] }))).message).toMatch(
        /^order\.items\.0\.id: unknown product "NOPE"/
      )
      const badEmail = refusal(() => state.createOrder(testOrder({ customer: { name: "A", email: "not-an-email" } })))
      expect(badEmail.status).toBe(422)
      expect(badEmail.message).toMatch(/^order\.customer\.email/)
      expect(refusal(() => state.createOrder(testOrder({ status: "payment_received" }))).message).toContain(
        "not a status of type NEW"
      )
    })

    it("accepts a custom status of type NEW as the initial status", () => {
      const { state } = stateAt()
      state.addStatus({ code: "aguardando_pix", label: "Aguardando PIX", type: "NEW" })
      expect(state.createOrder(testOrder({ status: "aguardando_pix" })).status).toEqual({
        code: "aguardando_pix",
        label: "Aguardando PIX",
        type: "NEW",
      })
    })

    it("hands out copies: changing a returned order changes nothing stored", () => {
      const { state } = stateAt()
      const order = state.createOrder(testOrder())
      order.status.code = "complete"
      expect(state.getOrder(order.code)?.status.code).toBe("book_product")
    })
  })

  describe("state machine", () => {
    const targets = Object.keys(MOVES) as MoveTargetType[]
    for (const target of targets) {
      for (const source of HUB_STATUS_TYPES) {
        const allowed = EXPECTED_ALLOWED.has(`${source}->${target}`)
        it(`${source} -> ${target} is ${allowed ? "allowed" : "refused with 422"}`, () => {
          const { state } = stateAt()
          const code = state.createOrder(testOrder()).code
          state.insertRawOrder({ ...state.getOrder(code), status: { code: STANDARD_STATUS_CODES[source] } })
          if (allowed) {
            MOVES[target](state, code)
            expect(state.getOrder(code)?.status.type).toBe(target)
          } else {
            const error = refusal(() => MOVES[target](state, code))
            expect(error.status).toBe(422)
            expect(error.message).toContain(`from status ${STANDARD_STATUS_CODES[source]} (${source})`)
            expect(state.getOrder(code)?.status.code).toBe(STANDARD_STATUS_CODES[source])
          }
        })
      }
    }

    it("walks the happy path, recording each move's data and time", () => {
      const { state, clock } = stateAt()
      const code = state.createOrder(testOrder()).code
      const at = (iso: string) => (clock.now = new Date(iso))

      at("2025-03-10T13:00:00.000Z")
      expect(state.approve(code)).toMatchObject({ approved_date: "2025-03-10T13:00:00.000Z", status: { type: "APPROVED" } })
      at("2025-03-11T09:00:00.000Z")
      const invoiced = state.invoice(code, "order_invoiced", invoice)
      expect(invoiced.invoices).toEqual([
        { key: invoice.key, number: "1234", line: "1", issue_date: "2025-03-11T09:00:00.000Z" },
      ])
      const shipped = state.ship(code, "order_shipped", { ...shipment, code })
      expect(shipped.shipments).toEqual([{ code, items: shipment.items, tracks: [shipment.track] }])
      state.reportShipmentException(code, "shipment_exception", exception)
      state.ship(code, "order_shipped", shipment)
      at("2025-03-14T18:00:00.000Z")
      const delivered = state.deliver(code, "complete", {})
      expect(delivered).toMatchObject({
        status: { code: "complete", label: "Completo (entregue) (Sandbox)", type: "DELIVERED" },
        updated_at: "2025-03-14T18:00:00.000Z",
        delivered_date: "2025-03-14T18:00:00.000Z",
      })
      expect(delivered.shipments).toHaveLength(2)
    })

    it("refuses a status code of another type, an unknown order, and a shipment of SKUs not in the order", () => {
      const { state } = stateAt()
      const code = state.createOrder(testOrder()).code
      expect(refusal(() => state.approve(code, "order_canceled")).message).toContain("not a status of type APPROVED")
      expect(refusal(() => state.cancel("Loja Exemplo-99")).status).toBe(404)
      state.approve(code)
      state.invoice(code, "order_invoiced", invoice)
      const error = refusal(() => state.ship(code, "order_shipped", { ...shipment, items: [{ sku: "SKU-2", qty: 1 }] }))
      expect(error.message).toMatch(/^shipment\.items\.0\.sku/)
      expect(state.getOrder(code)?.shipments).toEqual([])
    })

    it("moves to a custom status of the target type", () => {
      const { state } = stateAt()
      state.addStatus({ code: "em_separacao", label: "Em separação", type: "INVOICED" })
      const code = state.createOrder(testOrder()).code
      state.approve(code)
      expect(state.invoice(code, "em_separacao", invoice).status).toEqual({
        code: "em_separacao",
        label: "Em separação",
        type: "INVOICED",
      })
      // A custom source status is resolved through its type.
      expect(state.cancel(code).status.type).toBe("CANCELED")
    })

    it("refuses to move a raw order whose status the account does not know", () => {
      const { state } = stateAt()
      state.insertRawOrder({ code: "RAW-1", status: { code: "mystery" } })
      state.insertRawOrder({ code: "RAW-2" })
      expect(refusal(() => state.approve("RAW-1")).message).toContain("from status mystery (unknown type)")
      expect(refusal(() => state.cancel("RAW-2")).message).toContain("from status (none)")
      expect(refusal(() => state.insertRawOrder({ status: {} })).message).toMatch(/^code/)
    })
  })

  describe("order listing", () => {
    function listingState() {
      const { state } = stateAt()
      state.createOrder(testOrder({ channel: "B" }), new Date("2025-03-02T00:00:00.000Z"))
      state.createOrder(testOrder({ channel: "A" }), new Date("2025-03-02T00:00:00.000Z"))
      state.createOrder(testOrder(), new Date("2025-03-01T23:59:59.999Z"))
      const last = state.createOrder(testOrder(), new Date("2025-03-03T00:00:00.000Z"))
      state.approve(last.code)
      return state
    }
    const codes = (listing: { orders: Array<{ code: string }> }) => listing.orders.map((order) => order.code)

    it("sorts by placed_at then code", () => {
      const listing = listingState().listOrders({ page: 1, perPage: 100, filters: {} })
      expect(listing.total).toBe(4)
      expect(codes(listing)).toEqual(["Loja Exemplo-1", "A-1", "B-1", "Loja Exemplo-2"])
    })

    it("filters by UTC calendar days, both ends inclusive, and by any of several statuses", () => {
      const state = listingState()
      const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`)
      expect(codes(state.listOrders({ page: 1, perPage: 100, filters: { startDate: day("2025-03-02"), endDate: day("2025-03-02") } }))).toEqual(["A-1", "B-1"])
      expect(codes(state.listOrders({ page: 1, perPage: 100, filters: { endDate: day("2025-03-01") } }))).toEqual(["Loja Exemplo-1"])
      expect(codes(state.listOrders({ page: 1, perPage: 100, filters: { statuses: ["payment_received"] } }))).toEqual(["Loja Exemplo-2"])
      expect(state.listOrders({ page: 1, perPage: 100, filters: { statuses: ["payment_received", "book_product"] } }).total).toBe(4)
    })

    it("pages, and refuses a page beyond the first 10,000 entries", () => {
      const state = listingState()
      expect(codes(state.listOrders({ page: 2, perPage: 3, filters: {} }))).toEqual(["Loja Exemplo-2"])
      expect(state.listOrders({ page: 10_000, perPage: 1, filters: {} }).orders).toEqual([])
      const error = refusal(() => state.listOrders({ page: 10_001, perPage: 1, filters: {} }))
      expect(error.status).toBe(400)
      expect(error.message).toContain("10,000")
    })

    it("lists raw orders without placed_at or status, and leaves them out of filtered listings", () => {
      const state = listingState()
      state.insertRawOrder({ code: "RAW-1" })
      expect(state.listOrders({ page: 1, perPage: 100, filters: {} }).total).toBe(5)
      expect(state.listOrders({ page: 1, perPage: 100, filters: { startDate: new Date(0) } }).total).toBe(4)
      expect(state.listOrders({ page: 1, perPage: 100, filters: { statuses: ["book_product"] } }).total).toBe(3)
    })
  })

})
