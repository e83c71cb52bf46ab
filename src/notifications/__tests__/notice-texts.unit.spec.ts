import { NOTIFICATION_LANGUAGES } from "../../modules/hub/options"
import { noticeText, type MerchantNoticeFacts } from "../notice-texts"

/** One of each kind of notice, naming what the merchant must find. */
const EVERY_KIND: MerchantNoticeFacts[] = [
  { about: "set-aside", code: "Loja-1", reason: "no product variant has the SKU X" },
  { about: "needs-stock", code: "Loja-2" },
  { about: "sku-refused", sku: "SKU-3", status: 422, message: "price must be positive", fields: ["price"] },
  { about: "move-refused", code: "Loja-4", kind: "deliver", error: "cannot move to DELIVERED" },
  { about: "leaks", codes: ["Loja-5", "Loja-6", "Loja-7", "Loja-8", "Loja-9", "Loja-10"] },
  { about: "outage", minutes: 7 },
  { about: "marketplace-refused", entity: "products", ids: ["SKU-11"], reason: "Produto sem EAN", solution: "Informe o EAN do produto." },
  { about: "prices-held", skus: [{ sku: "SKU-12", floor: 1104 }] },
  { about: "ship-by-near", code: "Loja-14", remoteCode: "02-114", shipBy: "2026-12-02T21:00:00.000Z" },
  { about: "ship-by-passed", code: "Loja-15", remoteCode: null, shipBy: "2026-12-02T21:00:00.000Z" },
  { about: "sac-message", ticket: "1042", orderCode: "Loja-16", since: "2026-12-02T09:00:00.000Z" },
  { about: "sac-unanswered", ticket: "1043", orderCode: null, since: "2026-12-02T09:00:00.000Z" },
  { about: "order-returned", code: "Loja-17" },
]

describe("the admin feed's notices", () => {
  it.each(NOTIFICATION_LANGUAGES)("in %s: every kind has a title and a description naming its order, SKU or figure", (language) => {
    for (const facts of EVERY_KIND) {
      const { title, description } = noticeText(facts, language, "default")
      expect(title.length).toBeGreaterThan(10)
      expect(description.length).toBeGreaterThan(20)
      const named =
        "code" in facts ? facts.code : "sku" in facts ? facts.sku : "ids" in facts ? facts.ids[0] : "codes" in facts ? String(facts.codes.length) : "skus" in facts ? facts.skus[0].sku : "ticket" in facts ? facts.ticket : String(facts.minutes)
      expect(title + description).toContain(named)
    }
  })

  it("writes Portuguese with none of the English sentences, quoting the hub's words as they came", () => {
    for (const facts of EVERY_KIND) {
      const en = noticeText(facts, "en", "default")
      const pt = noticeText(facts, "ptBR", "default")
      expect(pt.title).not.toBe(en.title)
      expect(pt.description).not.toBe(en.description)
      if (facts.about === "move-refused") expect(pt.description).toContain("cannot move to DELIVERED")
      // The hub's own words (its name and solution for the error) are quoted in both.
      if (facts.about === "marketplace-refused") for (const text of [en, pt]) expect(text.description).toContain("Produto sem EAN. Informe o EAN do produto.")
    }
    // Five codes named at most, in both.
    for (const language of NOTIFICATION_LANGUAGES) {
      const { description } = noticeText(EVERY_KIND[4], language, "default")
      expect(description).toContain("Loja-9, ...")
      expect(description).not.toContain("Loja-10")
    }
    expect(noticeText(EVERY_KIND[3], "ptBR", "default").title).toBe("O hub recusou a entrega do pedido Loja-4 do marketplace")
    expect(noticeText({ about: "leaks", codes: ["A"] }, "ptBR", "default").title).toBe("1 pedido cancelado do marketplace ainda reserva estoque")
    // A held price names its floor as each language writes amounts.
    expect(noticeText(EVERY_KIND[7], "en", "default").description).toContain("SKU-12 (floor 1,104.00)")
    expect(noticeText(EVERY_KIND[7], "ptBR", "default").description).toContain("SKU-12 (piso 1.104,00)")
    // Many SKUs refused for one error: one notice naming five and how many.
    const many = { about: "marketplace-refused", entity: "products", ids: ["A1", "A2", "A3", "A4", "A5", "A6", "A7"], reason: "Produto sem EAN", solution: null } as const
    expect(noticeText({ ...many, ids: [...many.ids] }, "en", "default").title).toBe("A marketplace refused 7 SKUs: A1, A2, A3, A4, A5, ...")
    expect(noticeText({ ...many, ids: [...many.ids] }, "ptBR", "default").title).toBe("Um marketplace recusou 7 SKUs: A1, A2, A3, A4, A5, ...")
  })

  it("ship by (issue 57): names the order, the marketplace's number when there is one, and the deadline in UTC as each language writes it", () => {
    expect(noticeText(EVERY_KIND[8], "en", "default").title).toBe("Marketplace order Loja-14 (marketplace number 02-114) must ship by Dec 2, 2026, 9:00 PM UTC")
    expect(noticeText(EVERY_KIND[8], "ptBR", "default").title).toBe("O pedido Loja-14 (número no marketplace 02-114) do marketplace deve ser enviado até 2 de dez. de 2026, 21:00 UTC")
    expect(noticeText(EVERY_KIND[9], "en", "default")).toEqual({
      title: "Marketplace order Loja-15 is past its ship-by date",
      description: expect.stringContaining("Its dispatch deadline was Dec 2, 2026, 9:00 PM UTC and it is not shipped yet"),
    })
    expect(noticeText(EVERY_KIND[9], "ptBR", "default")).toEqual({
      title: "O pedido Loja-15 do marketplace passou do prazo de envio",
      description: expect.stringContaining("O prazo de expedição era 2 de dez. de 2026, 21:00 UTC e ele ainda não foi enviado"),
    })
  })

  it("a floor it could not read (issue 49): names the SKU and the value as written, in each language, beside floors it read", () => {
    const one = { about: "prices-held", skus: [{ sku: "SKU-13", unreadable: "R$ 90" }] } as const
    expect(noticeText({ ...one, skus: [...one.skus] }, "en", "default")).toEqual({
      title: "The hub price of SKU SKU-13 is held: its floor cannot be read",
      description: expect.stringMatching(/^SKU-13 \(floor "R\$ 90" cannot be read\): .*90,00/),
    })
    expect(noticeText({ ...one, skus: [...one.skus] }, "ptBR", "default")).toEqual({
      title: "O preço do SKU SKU-13 no hub está retido: o piso não pôde ser lido",
      description: expect.stringMatching(/^SKU-13 \(piso "R\$ 90" ilegível\): .*90,00/),
    })
    const mixed = { about: "prices-held", skus: [{ sku: "SKU-12", floor: 1104 }, { sku: "SKU-13", unreadable: "abc" }] } as const
    const en = noticeText({ ...mixed, skus: [...mixed.skus] }, "en", "default")
    expect(en.title).toBe("2 hub prices are held (1 with a floor that cannot be read)")
    expect(en.description).toContain('SKU-12 (floor 1,104.00), SKU-13 (floor "abc" cannot be read)')
    const pt = noticeText({ ...mixed, skus: [...mixed.skus] }, "ptBR", "default")
    expect(pt.title).toBe("2 preços no hub estão retidos (1 com um piso que não pôde ser lido)")
    expect(pt.description).toContain('SKU-12 (piso 1.104,00), SKU-13 (piso "abc" ilegível)')
  })

  it("names the hub account in the title when it is not default, in each language; a single-account store's titles stay as they were", () => {
    for (const facts of EVERY_KIND) {
      expect(noticeText(facts, "en", "default").title).not.toContain("(hub account")
      expect(noticeText(facts, "ptBR", "default").title).not.toContain("(conta do hub")
      expect(noticeText(facts, "en", "brand-b").title).toBe(`${noticeText(facts, "en", "default").title} (hub account brand-b)`)
      expect(noticeText(facts, "ptBR", "brand-b").title).toBe(`${noticeText(facts, "ptBR", "default").title} (conta do hub brand-b)`)
      expect(noticeText(facts, "ptBR", "brand-b").description).toBe(noticeText(facts, "ptBR", "default").description)
    }
  })
})
