import { sampleNfeKey, sampleNfeXml } from "../../sandbox/sample-nfe"
import { readReturnNfe, returnNfeNeeded } from "../return-nfe"

const MAX = 1024 * 1024
const KEY = sampleNfeKey(4321)

describe("returnNfeNeeded", () => {
  const issued = "2026-11-20T10:00:00-03:00"
  const at = (iso: string) => new Date(iso)

  it("asks for a return NF-e from the 24th hour after the sale's NF-e was issued, not before", () => {
    expect(returnNfeNeeded({ issue_date: issued }, at("2026-11-21T09:59:59-03:00"))).toBe(false)
    expect(returnNfeNeeded({ issue_date: issued }, at("2026-11-21T10:00:00-03:00"))).toBe(true)
    expect(returnNfeNeeded({ issue_date: issued }, at("2026-12-03T10:00:00Z"))).toBe(true)
  })

  it("asks for none when the order was never invoiced or its NF-e has no date it can read", () => {
    const later = at("2026-12-03T10:00:00Z")
    for (const invoice of [null, undefined, {}, { issue_date: null }, { issue_date: "" }, { issue_date: "ontem" }]) {
      expect(returnNfeNeeded(invoice, later)).toBe(false)
    }
  })
})

describe("readReturnNfe", () => {
  it("takes a key whose check digit is right, and names the field of a wrong one", () => {
    expect(readReturnNfe({ key: KEY }, MAX)).toEqual({ ok: true, key: KEY, issueDate: null })
    const wrong = `${KEY.slice(0, 43)}${(Number(KEY[43]) + 1) % 10}`
    expect(readReturnNfe({ key: wrong }, MAX)).toMatchObject({ ok: false, problem: "key_format", message: expect.stringMatching(/^return_invoice\.key: the invoice key's check digit is wrong/) })
    expect(readReturnNfe({ key: "123" }, MAX)).toMatchObject({ ok: false, message: "return_invoice.key: the invoice key must be exactly 44 digits" })
  })

  it("takes an authorised return NF-e's XML (finNFe 4) for its key and issue date, nothing of the buyer", () => {
    const reading = readReturnNfe({ xml: sampleNfeXml({ key: KEY, purpose: "4" }) }, MAX)
    expect(reading).toEqual({ ok: true, key: KEY, issueDate: "2026-11-20T10:00:00-03:00" })
    expect(JSON.stringify(reading)).not.toContain("Maria")
  })

  it("refuses the sale's own kind of NF-e (finNFe 1, or none) and an XML an invoice would be refused for, naming the field", () => {
    for (const purpose of ["1", undefined]) {
      expect(readReturnNfe({ xml: sampleNfeXml({ key: KEY, purpose }) }, MAX)).toMatchObject({ ok: false, problem: "not_return", message: expect.stringMatching(/^return_invoice\.xml: the NF-e's purpose \(ide\/finNFe\) is (1|not given), not 4/) })
    }
    expect(readReturnNfe({ xml: sampleNfeXml({ key: KEY, purpose: "4", status: "110" }) }, MAX)).toMatchObject({ ok: false, problem: "not_authorised", message: expect.stringMatching(/^return_invoice\.xml: /) })
    expect(readReturnNfe({ xml: "not xml" }, MAX)).toMatchObject({ ok: false, problem: "not_xml" })
  })
})
