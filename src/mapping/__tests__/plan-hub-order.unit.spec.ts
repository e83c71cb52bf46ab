import { planHubOrder, seenHubOrder, type HubOrderRecordState, type SeenHubOrder } from "../plan-hub-order"

const seen = (statusCode: string, statusType: string): SeenHubOrder => ({ code: "Loja-1", channel: "Loja", statusCode, statusType, digest: "d" })
const record = (overrides: Partial<HubOrderRecordState> = {}): HubOrderRecordState => ({
  id: "hubord_1",
  order_id: "order_1",
  status_code: "book_product",
  import_state: "imported",
  applied_status_type: null,
  ...overrides,
})

describe("planHubOrder", () => {
  it("imports an order the store has no record of, one set aside, and one still being imported", () => {
    expect(planHubOrder(seen("book_product", "NEW"), undefined)).toEqual({ action: "import" })
    expect(planHubOrder(seen("book_product", "NEW"), record({ import_state: "set_aside", order_id: null }))).toEqual({ action: "import" })
    expect(planHubOrder(seen("book_product", "NEW"), record({ import_state: "importing" }))).toEqual({ action: "import" })
  })

  it("shows an order whose status has no known type (the import sets it aside), and leaves one handled elsewhere alone", () => {
    expect(planHubOrder(seen("mystery", "UNKNOWN"), undefined)).toEqual({ action: "import" })
    expect(planHubOrder(seen("order_shipped", "SHIPPED"), undefined)).toEqual({ action: "none" })
    expect(planHubOrder(seen("order_invoiced", "INVOICED"), record({ import_state: "set_aside", order_id: null }))).toEqual({ action: "none" })
  })

  it("does nothing for an imported order that has not changed", () => {
    expect(planHubOrder(seen("book_product", "NEW"), record())).toEqual({ action: "none" })
  })

  it("follows the marketplace's approval once, recording the new status", () => {
    expect(planHubOrder(seen("payment_received", "APPROVED"), record())).toEqual({
      action: "follow",
      recordStatus: true,
      applyStatus: "APPROVED",
      recheckStock: false,
    })
    const applied = record({ status_code: "payment_received", applied_status_type: "APPROVED" })
    expect(planHubOrder(seen("payment_received", "APPROVED"), applied)).toEqual({ action: "none" })
  })

  it("keeps a canceled order canceled whatever the listing says later", () => {
    const canceled = record({ status_code: "order_canceled", applied_status_type: "CANCELED", import_state: "needs_stock" })
    expect(planHubOrder(seen("payment_received", "APPROVED"), canceled)).toEqual({
      action: "follow",
      recordStatus: true,
      applyStatus: null,
      recheckStock: false,
    })
  })

  it("re-checks the stock of an order that waits for it, unless it is being canceled", () => {
    const waiting = record({ import_state: "needs_stock" })
    expect(planHubOrder(seen("book_product", "NEW"), waiting)).toMatchObject({ action: "follow", recheckStock: true })
    expect(planHubOrder(seen("order_canceled", "CANCELED"), waiting)).toMatchObject({ applyStatus: "CANCELED", recheckStock: false })
  })
})

describe("seenHubOrder", () => {
  it("resolves the status type through the catalogue, and marks a code without a type UNKNOWN", () => {
    const catalogue = new Map([["pago_custom", "APPROVED"]])
    expect(seenHubOrder({ code: "Loja-1", channel: "Loja", status: { code: "pago_custom" } }, catalogue)).toMatchObject({ statusType: "APPROVED" })
    expect(seenHubOrder({ code: "Loja-2", status: { code: "mystery" } }, catalogue)).toMatchObject({ statusType: "UNKNOWN", channel: null })
  })
})
