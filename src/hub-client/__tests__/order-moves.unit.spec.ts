import { HUB_STATUS_TYPES } from "../schemas"
import { merchantOrderMoveSchema, moveAllowedFrom } from "../order-moves"

describe("merchant order moves", () => {
  it("offers each move only from the statuses the hub allows it from", () => {
    const offered = Object.fromEntries(
      HUB_STATUS_TYPES.map((type) => [
        type,
        (["invoice", "ship", "deliver", "shipment_exception", "cancel"] as const).filter((kind) => moveAllowedFrom(kind, type)),
      ])
    )
    expect(offered).toEqual({
      NEW: ["cancel"],
      APPROVED: ["invoice", "cancel"],
      INVOICED: ["ship", "cancel"],
      SHIPPED: ["deliver", "shipment_exception"],
      DELIVERED: [],
      CANCELED: [],
      SHIPMENT_EXCEPTION: ["ship", "deliver"],
    })
    expect(moveAllowedFrom("cancel", undefined)).toBe(false)
  })

  it("validates each move's fields", () => {
    const key = "3".repeat(44)
    expect(merchantOrderMoveSchema.safeParse({ kind: "invoice", invoice: { key } }).success).toBe(true)
    expect(merchantOrderMoveSchema.safeParse({ kind: "invoice", invoice: { key: key.slice(1) } }).success).toBe(false)
    expect(merchantOrderMoveSchema.safeParse({ kind: "ship", shipment: { track: { code: "BR1", carrier: "Correios", method: "PAC" } } }).success).toBe(true)
    expect(merchantOrderMoveSchema.safeParse({ kind: "ship", shipment: { track: { code: "", carrier: "Correios", method: "PAC" } } }).success).toBe(false)
    expect(merchantOrderMoveSchema.parse({ kind: "deliver" })).toEqual({ kind: "deliver", delivery: {} })
    expect(merchantOrderMoveSchema.safeParse({ kind: "shipment_exception", shipment_exception: { occurrence_date: "2026-11-20T10:00:00Z", observation: "" } }).success).toBe(false)
    expect(merchantOrderMoveSchema.safeParse({ kind: "cancel", reason: "extra field" }).success).toBe(false)
    expect(merchantOrderMoveSchema.safeParse({ kind: "refund" }).success).toBe(false)
  })
})
