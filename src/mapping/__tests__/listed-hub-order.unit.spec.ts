import { parseHubOrder } from "../../hub-client"
import { sampleTestOrder } from "../../sandbox/sample-order"
import { hubOrderCodeOnRecord, HUB_ORDER_CODE_MAX_LENGTH, keptWhileListed, latestPerCode, unsafeHubOrderCode } from "../listed-hub-order"

const listed = (overrides: Record<string, unknown> = {}) => ({
  code: "Loja-1",
  status: { code: "book_product", type: "NEW", label: "NEW - Pagamento Pendente" },
  ...sampleTestOrder(),
  items: [{ id: "SKU-1", qty: 2, special_price: 10, marketplace_notes: "entregar a Ana, 11999998888" }],
  payments: [{ method: "pix", value: 41, parcels: 1, payer_document: "12345678909" }],
  total_ordered: 41,
  ...overrides,
})

describe("unsafeHubOrderCode", () => {
  it("accepts an ordinary code, refuses the path segments . and .. and a code past the limit, naming the field", () => {
    expect(unsafeHubOrderCode("Loja Exemplo-12")).toBeNull()
    expect(unsafeHubOrderCode("a.b")).toBeNull()
    expect(unsafeHubOrderCode("...")).toBeNull()
    expect(unsafeHubOrderCode(".")).toMatch(/^code "\." is a path segment/)
    expect(unsafeHubOrderCode("..")).toMatch(/^code "\.\." is a path segment/)
    expect(unsafeHubOrderCode("x".repeat(HUB_ORDER_CODE_MAX_LENGTH))).toBeNull()
    expect(unsafeHubOrderCode("x".repeat(HUB_ORDER_CODE_MAX_LENGTH + 1))).toBe(`code is ${HUB_ORDER_CODE_MAX_LENGTH + 1} characters long, more than the ${HUB_ORDER_CODE_MAX_LENGTH} accepted`)
  })

  it("records a code past the limit under a stand-in within it, the same for the same code and different for another", () => {
    const long = "L".repeat(50_000)
    expect(hubOrderCodeOnRecord("..")).toBe("..")
    expect(hubOrderCodeOnRecord("Loja-1")).toBe("Loja-1")
    expect(hubOrderCodeOnRecord(long).length).toBeLessThanOrEqual(HUB_ORDER_CODE_MAX_LENGTH)
    expect(hubOrderCodeOnRecord(long)).toBe(hubOrderCodeOnRecord(long))
    expect(hubOrderCodeOnRecord(long)).not.toBe(hubOrderCodeOnRecord(`${long}M`))
    expect(unsafeHubOrderCode(hubOrderCodeOnRecord(long))).toBeNull()
  })
})

describe("latestPerCode", () => {
  it("keeps one order per code: the newest updated_at, else the last one listed", () => {
    const older = { code: "A", updated_at: "2026-11-20T10:00:00Z", v: 1 }
    const newer = { code: "A", updated_at: "2026-11-20T11:00:00Z", v: 2 }
    const other = { code: "B", v: 3 }
    expect(latestPerCode([newer, other, older])).toEqual([newer, other])
    expect(latestPerCode([older, other, newer])).toEqual([other, newer])
    const [first, second] = [{ code: "C", v: 1 }, { code: "C", v: 2 }]
    expect(latestPerCode([first, second])).toEqual([second])
    expect(latestPerCode([other])).toEqual([other])
  })
})

describe("keptWhileListed", () => {
  it("keeps, for an order to import, exactly what the import reads: it parses and maps the same, without fields nobody reads", () => {
    const order = listed({ customer: { ...sampleTestOrder().customer, mother_name: "Maria" }, shipments: [{ receiver: "Ana" }] })
    const kept = keptWhileListed(order, "import")
    const before = parseHubOrder(order)
    const after = parseHubOrder(kept)
    expect(after.ok && before.ok).toBe(true)
    const json = JSON.stringify(kept)
    for (const unread of ["mother_name", "marketplace_notes", "payer_document", "shipments"]) expect(json).not.toContain(unread)
    expect(kept).toMatchObject({ code: "Loja-1", customer: { email: "ana@example.com" }, payments: [{ method: "pix", value: 41 }], total_ordered: 41 })
  })

  it("keeps, for an order to follow, no customer, address or item: only its code, status, channel and payments", () => {
    const kept = keptWhileListed(listed(), "follow")
    expect(Object.keys(kept).sort()).toEqual(["channel", "code", "payments", "status", "total_ordered"])
    const json = JSON.stringify(kept)
    for (const personal of ["ana@example.com", "Ana Souza", "12345678909", "11999998888", "Paulista", "01310100"]) expect(json).not.toContain(personal)
  })

  it("leaves a malformed part as it is, so the order is set aside for the same reason", () => {
    const malformed = listed({ customer: "Ana", items: ["SKU-1"] })
    const kept = keptWhileListed(malformed, "import")
    const before = parseHubOrder(malformed)
    const after = parseHubOrder(kept)
    expect(before.ok || after.ok).toBe(false)
    expect(!before.ok && !after.ok && after.reason).toBe(!before.ok && before.reason)
  })
})
