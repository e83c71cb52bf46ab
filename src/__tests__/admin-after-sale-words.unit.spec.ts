import en from "../admin/i18n/after-sale/en.json"
import ptBR from "../admin/i18n/after-sale/ptBR.json"
import { hubStatusWords, instanceProgress, offeredActions, ticketLines } from "../admin/lib/after-sale"

/* The after-sale page's and the order card's words for an instance, a hub status and a ticket's lines (issue 61). */

type Texts = { [key: string]: string | Texts }

/** i18next's t over one language's afterSale texts: a key's text with its {{values}}, else the defaultValue. */
const tOf = (texts: Texts) =>
  ((key: string, values: Record<string, unknown> = {}) => {
    const found = key.split(".").reduce<string | Texts | undefined>((node, part) => (node && typeof node === "object" ? node[part] : undefined), texts)
    const text = typeof found === "string" ? found : String(values.defaultValue ?? key)
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""))
  }) as unknown as Parameters<typeof instanceProgress>[0]

describe("the after-sale words", () => {
  const t = tOf(en)

  it("says where an instance stands: a cancel taken is the order canceled, a return waits for its goods until received", () => {
    expect(instanceProgress(t, { action: "CANCEL", state: "sent", received_at: null })).toBe("Order canceled")
    expect(instanceProgress(t, { action: "RETURN", state: "sent", received_at: null })).toBe("Return requested · waiting for the goods")
    expect(instanceProgress(t, { action: "EXCHANGE", state: "sent", received_at: "2026-12-02T06:00:00.000Z" })).toBe("Exchange · goods received")
    expect(instanceProgress(t, { action: "RETURN", state: "failed", received_at: null })).toBe("Return · not done")
    expect(instanceProgress(tOf(ptBR), { action: "RETURN", state: "sent", received_at: null })).toBe("Devolução solicitada · aguardando a mercadoria")
  })

  it("says the hub's statuses in the merchant's words, one not known yet as the hub wrote it", () => {
    expect(hubStatusWords(t, "PENDING")).toBe("pending")
    expect(hubStatusWords(tOf(ptBR), "REFUNDED")).toBe("reembolsado")
    expect(hubStatusWords(t, "WAITING_PICKUP")).toBe("WAITING_PICKUP")
  })

  it("names a ticket's lines with their SKU, the SKU alone when the hub names none", () => {
    expect(ticketLines(t, [{ id: "1", sku: "CANECA-300", name: "Caneca de cerâmica", quantity: 1 }, { id: "2", sku: "SKU-2", name: null, quantity: 2 }])).toBe("1 × Caneca de cerâmica (CANECA-300), 2 × SKU-2")
    expect(ticketLines(t, [])).toBe("—")
  })

  it("offers what Medusa can carry out: a cancel before the order is fulfilled, a return or an exchange after, and says why", () => {
    const unfulfilled = offeredActions({ id: "order_1", display_id: 1, fulfilled: false, return_invoice_needed: false })
    expect(unfulfilled.actions).toEqual(["CANCEL"])
    expect(t(unfulfilled.none)).toMatch(/^Nothing yet: cancel the order before it ships/)
    const fulfilled = offeredActions({ id: "order_2", display_id: 2, fulfilled: true, return_invoice_needed: true })
    expect(fulfilled.actions).toEqual(["RETURN", "EXCHANGE"])
    expect(t(fulfilled.none)).toContain("Medusa has fulfilled the order")
    expect(tOf(ptBR)(fulfilled.none)).toContain("O Medusa já atendeu o pedido")
  })
})
