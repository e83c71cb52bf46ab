import { sampleNfeKey, sampleNfeXml } from "../../sandbox/sample-nfe"
import { nfeCheckDigit, nfeCheckDigitValid } from "../../hub-client/nfe-key"
import { nfeOrderDifference, readNfeXml } from "../nfe-xml"

const KEY = sampleNfeKey(1234)
const MAX = 1024 * 1024
const good = () => sampleNfeXml({ key: KEY })

describe("readNfeXml", () => {
  it("reads an authorised NF-e's key, number, series and issue date, nothing of the buyer", () => {
    const reading = readNfeXml(sampleNfeXml({ key: KEY }), MAX)
    expect(reading).toEqual({ ok: true, key: KEY, number: "1234", series: "1", issueDate: "2026-11-20T10:00:00-03:00", purpose: null })
    expect(JSON.stringify(reading)).not.toContain("Maria")
    expect(readNfeXml(sampleNfeXml({ key: KEY, purpose: "4" }), MAX)).toMatchObject({ ok: true, purpose: "4" })
  })

  it("names each reason to refuse one, before anything is sent", () => {
    const problem = (xml: string, max = MAX) => {
      const reading = readNfeXml(xml, max)
      return reading.ok ? "ok" : reading.problem
    }
    const wrongDigit = `${KEY.slice(0, 43)}${(Number(KEY[43]) + 1) % 10}`
    const good = sampleNfeXml({ key: KEY })
    expect(problem(good, Buffer.byteLength(good) - 1)).toBe("too_large")
    expect(problem("not xml at all <")).toBe("not_xml")
    expect(problem("%PDF-1.4 a PDF renamed .xml")).toBe("not_xml")
    expect(problem(`<?xml version="1.0"?><!DOCTYPE nfeProc [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><nfeProc>&xxe;</nfeProc>`)).toBe("declares_entities")
    expect(problem(`<NFe><infNFe Id="NFe${KEY}"/></NFe>`)).toBe("not_nfe")
    expect(problem(sampleNfeXml({ key: KEY, idKey: sampleNfeKey(99) }))).toBe("keys_differ")
    expect(problem(sampleNfeXml({ key: "123" }))).toBe("key_format")
    expect(problem(sampleNfeXml({ key: wrongDigit }))).toBe("check_digit")
    expect(problem(sampleNfeXml({ key: KEY, status: "110" }))).toBe("not_authorised")
    expect(problem(sampleNfeXml({ key: KEY, issuedAt: "" }))).toBe("no_issue_date")
  })

  it("takes an NF-e authorised late (cStat 150) as authorised, and refuses a date-only issue date here, not at the hub", () => {
    expect(readNfeXml(sampleNfeXml({ key: KEY, status: "150" }), MAX)).toMatchObject({ ok: true, key: KEY })
    for (const issuedAt of ["2026-11-20", "2026-11-20T10:00:00"]) {
      expect(readNfeXml(sampleNfeXml({ key: KEY, issuedAt }), MAX)).toEqual({
        ok: false,
        problem: "issue_date_format",
        message: `the NF-e's issue date (ide/dhEmi) "${issuedAt}" is not a date and time in ISO 8601 with its offset, e.g. 2026-11-20T10:00:00-03:00, which the hub requires`,
      })
    }
    // NF-e 2.0's date-only dEmi, the same.
    expect(readNfeXml(good().replace(/<dhEmi>[^<]*<\/dhEmi>/, "<dEmi>2026-11-20</dEmi>"), MAX)).toMatchObject({ ok: false, problem: "issue_date_format" })
  })

  it("refuses, never throws on, an XML the parser will not build: nested past its depth, a tag named __proto__ or constructor", () => {
    const deep = good().replace("</infNFe>", `${"<x>".repeat(200)}${"</x>".repeat(200)}</infNFe>`)
    for (const xml of [deep, good().replace("<ide>", "<__proto__><polluted>1</polluted></__proto__><ide>"), good().replace("<ide>", "<constructor>1</constructor><ide>")]) {
      const reading = readNfeXml(xml, MAX)
      expect(reading).toMatchObject({ ok: false, problem: "not_nfe", message: expect.stringContaining("nests tags deeper than an NF-e does") })
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it("checks an access key's mod-11 digit as the public NF-e rules do (0 when the rest is 0 or 1)", () => {
    expect(nfeCheckDigitValid(KEY)).toBe(true)
    expect(nfeCheckDigitValid(`${KEY.slice(0, 43)}${(Number(KEY[43]) + 1) % 10}`)).toBe(false)
    // Worked by hand: the last digit weighs 2, the one before it 3, ...
    const zeros = "0".repeat(42)
    expect(nfeCheckDigit(`${zeros}1`)).toBe(9) // 2 -> 11 - 2
    expect(nfeCheckDigit(`${zeros}5`)).toBe(1) // 10 -> 11 - 10
    expect(nfeCheckDigit(`${zeros}6`)).toBe(0) // 12 % 11 = 1 -> 0
    expect(nfeCheckDigit(`${"0".repeat(41)}10`)).toBe(8) // 1 × 3 = 3 -> 11 - 3
    expect(nfeCheckDigit("0".repeat(43))).toBe(0)
    expect(nfeCheckDigitValid("123")).toBe(false)
  })
})

describe("nfeOrderDifference", () => {
  const order = { buyer: "12345678909", items: [{ sku: "SKU-1", qty: 2 }, { sku: "SKU-2", qty: 1 }] }
  const lines = [{ sku: "SKU-2", qty: 1 }, { sku: "SKU-1", qty: 1 }, { sku: "SKU-1", qty: 1 }]

  it("takes an NF-e of the order's buyer and lines, SKU by SKU, in any order and split", () => {
    expect(nfeOrderDifference(sampleNfeXml({ key: KEY, items: lines }), order)).toBeNull()
    // A CPF written with its dots and dash on the hub's side is the same CPF.
    expect(nfeOrderDifference(sampleNfeXml({ key: KEY, items: lines }), { ...order, buyer: "123.456.789-09" })).toBeNull()
  })

  it("refuses another buyer's, CPF or CNPJ, without saying their number", () => {
    for (const buyer of [{ CPF: "98765432100" }, { CNPJ: "12345678000195" }]) {
      const difference = nfeOrderDifference(sampleNfeXml({ key: KEY, buyer, items: lines }), order)
      expect(difference).toMatchObject({ problem: "buyer_differs" })
      expect(difference!.message).not.toMatch(/\d{6}/)
    }
  })

  it("names lines that are not the order's: another quantity, a SKU missing or added", () => {
    expect(nfeOrderDifference(sampleNfeXml({ key: KEY, items: [{ sku: "SKU-1", qty: 3 }, { sku: "SKU-2", qty: 1 }] }), order)).toEqual({
      problem: "lines_differ",
      message: "the NF-e's lines (SKU-1 × 3, SKU-2 × 1) are not this order's (SKU-1 × 2, SKU-2 × 1)",
    })
    expect(nfeOrderDifference(sampleNfeXml({ key: KEY, items: [{ sku: "SKU-1", qty: 2 }] }), order)?.problem).toBe("lines_differ")
    expect(nfeOrderDifference(sampleNfeXml({ key: KEY, items: [...lines, { sku: "SKU-9", qty: 1 }] }), order)?.problem).toBe("lines_differ")
  })

  it("finds no difference where a side lacks its part: a hub order without a tax number, an NF-e without lines", () => {
    expect(nfeOrderDifference(sampleNfeXml({ key: KEY, buyer: { CPF: "98765432100" }, items: lines }), { ...order, buyer: null })).toBeNull()
    expect(nfeOrderDifference(sampleNfeXml({ key: KEY }), order)).toBeNull()
  })
})
