import { planAfterImport, planHubOrder, seenHubOrder, type HubOrderRecordState, type SeenHubOrder } from "../plan-hub-order"

const seen = (statusCode: string, statusType: string): SeenHubOrder => ({
  code: "Loja-1",
  channel: "Loja",
  statusCode,
  statusType,
  digest: "d",
  delivery: { calculation_type: null, shipping_method: null, shipping_carrier: null },
  remoteCode: null,
  expeditionLimit: null,
})
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
    expect(planHubOrder(seen("book_product", "NEW"), undefined)).toMatchObject({ action: "import" })
    expect(planHubOrder(seen("book_product", "NEW"), record({ import_state: "set_aside", order_id: null }))).toMatchObject({ action: "import" })
    expect(planHubOrder(seen("book_product", "NEW"), record({ import_state: "importing" }))).toMatchObject({ action: "import" })
  })

  it("shows an order whose status has no known type (the import sets it aside), and leaves one handled elsewhere alone", () => {
    expect(planHubOrder(seen("mystery", "UNKNOWN"), undefined)).toMatchObject({ action: "import" })
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

  it("follows the marketplace's shipment and delivery of an imported order once each, never backwards (issue 40)", () => {
    const approved = record({ status_code: "payment_received", applied_status_type: "APPROVED" })
    expect(planHubOrder(seen("order_shipped", "SHIPPED"), approved)).toEqual({ action: "follow", recordStatus: true, applyStatus: "SHIPPED", recheckStock: false })
    const shipped = record({ status_code: "order_shipped", applied_status_type: "SHIPPED" })
    expect(planHubOrder(seen("order_shipped", "SHIPPED"), shipped)).toEqual({ action: "none" })
    expect(planHubOrder(seen("complete", "DELIVERED"), shipped)).toMatchObject({ applyStatus: "DELIVERED" })
    // Straight from approved (or never approved) to delivered: the delivery applies what came before it.
    expect(planHubOrder(seen("complete", "DELIVERED"), record())).toMatchObject({ applyStatus: "DELIVERED" })
    const delivered = record({ status_code: "complete", applied_status_type: "DELIVERED" })
    expect(planHubOrder(seen("order_shipped", "SHIPPED"), delivered)).toEqual({ action: "follow", recordStatus: true, applyStatus: null, recheckStock: false })
    // Shipped again after a shipment exception: the new parcel is followed.
    const exception = record({ status_code: "shipment_exception", applied_status_type: "SHIPPED" })
    expect(planHubOrder(seen("order_shipped", "SHIPPED"), exception)).toMatchObject({ applyStatus: "SHIPPED" })
    expect(planHubOrder(seen("shipment_exception", "SHIPMENT_EXCEPTION"), shipped)).toEqual({ action: "follow", recordStatus: true, applyStatus: null, recheckStock: false })
    const canceled = record({ status_code: "order_canceled", applied_status_type: "CANCELED" })
    expect(planHubOrder(seen("order_shipped", "SHIPPED"), canceled)).toMatchObject({ applyStatus: null })
  })

  it("re-checks the stock of an order that waits for it, unless it is being canceled", () => {
    const waiting = record({ import_state: "needs_stock" })
    expect(planHubOrder(seen("book_product", "NEW"), waiting)).toMatchObject({ action: "follow", recheckStock: true })
    expect(planHubOrder(seen("order_canceled", "CANCELED"), waiting)).toMatchObject({ applyStatus: "CANCELED", recheckStock: false })
  })
})

describe("planAfterImport", () => {
  it("decides with the import what follows it: the same follow as a plan of the imported record", () => {
    const seens = [seen("book_product", "NEW"), seen("payment_received", "APPROVED"), seen("order_canceled", "CANCELED"), seen("mystery", "UNKNOWN")]
    const before = [undefined, record({ import_state: "set_aside", order_id: null }), record({ import_state: "importing", order_id: null, applied_status_type: "CANCELED" })]
    let followed = 0
    for (const order of seens) {
      for (const prior of before) {
        const plan = planHubOrder(order, prior)
        if (plan.action !== "import") throw new Error(`expected an import of ${order.statusType}`)
        for (const needsStock of [false, true]) {
          // The record as the import leaves it: its claim recorded the status seen; the moves applied before are kept.
          const imported = record({ status_code: order.statusCode, applied_status_type: prior?.applied_status_type ?? null, import_state: needsStock ? "needs_stock" : "imported", order_id: "order_new" })
          const replanned = planHubOrder(order, imported)
          const after = planAfterImport(plan.afterImport, needsStock)
          expect({ order: order.statusType, prior: prior?.import_state, needsStock, after }).toEqual({ order: order.statusType, prior: prior?.import_state, needsStock, after: replanned.action === "follow" ? replanned : null })
          if (after) followed++
        }
      }
    }
    expect(followed).toBeGreaterThan(0)
  })

  it("follows an order approved when first seen, and re-checks the stock of one imported short unless it is canceled", () => {
    const approved = planHubOrder(seen("payment_received", "APPROVED"), undefined)
    if (approved.action !== "import") throw new Error("expected an import")
    expect(planAfterImport(approved.afterImport, true)).toEqual({ action: "follow", recordStatus: false, applyStatus: "APPROVED", recheckStock: true })
    const canceled = planHubOrder(seen("order_canceled", "CANCELED"), undefined)
    if (canceled.action !== "import") throw new Error("expected an import")
    expect(planAfterImport(canceled.afterImport, true)).toEqual({ action: "follow", recordStatus: false, applyStatus: "CANCELED", recheckStock: false })
    const fresh = planHubOrder(seen("book_product", "NEW"), undefined)
    if (fresh.action !== "import") throw new Error("expected an import")
    expect(planAfterImport(fresh.afterImport, false)).toBeNull()
  })
})

describe("seenHubOrder", () => {
  it("resolves the status type through the catalogue, and marks a code without a type UNKNOWN", () => {
    const catalogue = new Map([["pago_custom", "APPROVED"]])
    expect(seenHubOrder({ code: "Loja-1", channel: "Loja", status: { code: "pago_custom" } }, catalogue)).toMatchObject({ statusType: "APPROVED" })
    expect(seenHubOrder({ code: "Loja-2", status: { code: "mystery" } }, catalogue)).toMatchObject({ statusType: "UNKNOWN", channel: null })
  })
})
