import { maskPersonalData } from "../personal-data"

describe("maskPersonalData", () => {
  it("masks e-mails, phones and tax numbers, and leaves the rest of the message", () => {
    const masked = maskPersonalData(
      "Customer ana.souza@example.com (vat 123.456.789-09, phone (11) 99999-8888) already exists for Loja Exemplo-12"
    )
    expect(masked).toBe("Customer a***@example.com (vat ***09, phone (***88) already exists for Loja Exemplo-12")
  })

  it("keeps short numbers such as quantities and order sequences", () => {
    expect(maskPersonalData("items.0.qty: 0 of SKU-00012 in Loja Exemplo-1517")).toBe("items.0.qty: 0 of SKU-00012 in Loja Exemplo-1517")
  })
})
