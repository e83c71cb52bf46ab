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
    // A valid check digit: 6 (public NF-e rules).
    const key = `${"3".repeat(43)}6`
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

describe("merchantOrderMoveSchema's messages", () => {
  const TRACK = { code: "BR1", carrier: "Correios", method: "PAC" }
  const messageOf = (body: unknown) => {
    const parsed = merchantOrderMoveSchema.safeParse(body)
    return parsed.success ? "" : parsed.error.issues.map((issue) => issue.message).join("; ")
  }

  it("refuses a tracking URL that is not a web address, naming the field", () => {
    expect(messageOf({ kind: "ship", shipment: { track: { ...TRACK, url: "javascript:alert(1)" } } })).toContain("track.url must be an http or https address")
    expect(messageOf({ kind: "ship", shipment: { track: { ...TRACK, url: "https://rastreio.example/BR1" } } })).toBe("")
  })

  it("refuses an invoice key whose check digit is wrong, naming the field and the digit it should be", () => {
    const key = `${"3".repeat(43)}6`
    expect(messageOf({ kind: "invoice", invoice: { key } })).toBe("")
    expect(messageOf({ kind: "invoice", invoice: { key: `${"3".repeat(43)}7` } })).toBe("the invoice key's check digit is wrong: invoice.key's last digit should be 6 (public NF-e rules)")
    expect(messageOf({ kind: "invoice", invoice: { key: "123" } })).toBe("the invoice key must be exactly 44 digits")
  })

  it("names the date field a malformed date belongs to", () => {
    expect(messageOf({ kind: "shipment_exception", shipment_exception: { occurrence_date: "22/11/2026", observation: "x" } })).toContain("occurrence_date must be")
  })

  it("says which kinds exist when the kind is unknown", () => {
    expect(messageOf({ kind: "refund" })).toBe("kind must be one of invoice, ship, deliver, shipment_exception, cancel")
  })
})

