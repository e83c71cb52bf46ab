import { marketplaceText, MARKETPLACE_TEXT_MAX_LENGTH, maskPersonalData } from "../personal-data"

describe("maskPersonalData", () => {
  it("masks e-mails, phones and tax numbers, and leaves the rest of the message", () => {
    const masked = maskPersonalData(
      "Customer ana.souza@example.com (vat 123.456.789-09, phone (11) 99999-8888) already exists for Loja Exemplo-12"
    )
    expect(masked).toBe("Customer a***@example.com (vat ***09, phone (***88) already exists for Loja Exemplo-12")
  })

  it("masks CPF and CNPJ digits, CEPs and any quoted XML (an NF-e's buyer), escaped or cut short", () => {
    expect(maskPersonalData("CPF 12345678909, CNPJ 12.345.678/0001-95, CEP 01310-100 inválidos")).toBe("CPF ***09, CNPJ ***95, CEP ***00 inválidos")
    const quoting = "Nota rejeitada: <dest><CPF>12345678909</CPF><xNome>Maria da Silva</xNome><enderDest><xLgr>Rua das Flores</xLgr>"
    expect(maskPersonalData(quoting)).toBe("Nota rejeitada: [XML omitted]")
    expect(maskPersonalData("XML inválido: &lt;xNome&gt;Maria da Silva&lt;/xNome&gt;")).toBe("XML inválido: [XML omitted]")
    expect(maskPersonalData("volume_qty must be <= 100 and qty < 5")).toBe("volume_qty must be <= 100 and qty < 5")
  })

  it("keeps short numbers such as quantities and order sequences", () => {
    expect(maskPersonalData("items.0.qty: 0 of SKU-00012 in Loja Exemplo-1517")).toBe("items.0.qty: 0 of SKU-00012 in Loja Exemplo-1517")
  })
})

describe("marketplaceText", () => {
  it("masks the buyer's data in a marketplace's refusal, drops control characters and bounds its length", () => {
    const refusal = "Pedido recusado: comprador ana.souza@example.com, CPF 123.456.789-09, tel (11) 98765-4321\n\u001b[31mforged"
    const kept = marketplaceText(refusal)!
    expect(kept).not.toMatch(/ana\.souza|123\.456|98765/)
    expect(kept).toContain("a***@example.com")
    // eslint-disable-next-line no-control-regex
    expect(kept).not.toMatch(/[\u0000-\u001f]/)
    const long = marketplaceText("x".repeat(5000))!
    expect(long).toHaveLength(MARKETPLACE_TEXT_MAX_LENGTH)
    expect(long.endsWith("…")).toBe(true)
    expect(marketplaceText(null)).toBeNull()
  })
})
