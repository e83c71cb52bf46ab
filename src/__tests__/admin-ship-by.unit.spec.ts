import { shipByOverdue } from "../admin/components/hub-order/hub-order-kept"

/** The card's and the list's *ship by* (issue 57): red only once passed while the order is still the merchant's to ship. */
describe("ship by, overdue", () => {
  const now = Date.parse("2030-06-03T15:00:00.000Z")
  const at = (offsetMs: number) => new Date(now + offsetMs).toISOString()

  it("is overdue from its deadline on, while the order is APPROVED or INVOICED", () => {
    for (const status_type of ["APPROVED", "INVOICED"] as const) {
      expect(shipByOverdue({ status_type, expedition_limit_date: at(-1) }, now)).toBe(true)
      expect(shipByOverdue({ status_type, expedition_limit_date: at(0) }, now)).toBe(true)
      expect(shipByOverdue({ status_type, expedition_limit_date: at(1) }, now)).toBe(false)
    }
  })

  it("is never overdue once shipped, delivered or canceled, before it is paid, or without a deadline", () => {
    for (const status_type of ["NEW", "SHIPPED", "DELIVERED", "SHIPMENT_EXCEPTION", "CANCELED"] as const) {
      expect(shipByOverdue({ status_type, expedition_limit_date: at(-86_400_000) }, now)).toBe(false)
    }
    expect(shipByOverdue({ status_type: "APPROVED", expedition_limit_date: null }, now)).toBe(false)
  })
})
