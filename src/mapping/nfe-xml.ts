/*
 * An authorised NF-e as the merchant uploads it to invoice an order the marketplace's Direct delivery
 * carries (docs/hub-public-facts.md, Invoices with the NF-e XML): what the plugin reads of it before
 * anything is sent, and every reason to refuse it, in the merchant's words. Pure: the XML is given,
 * never kept (it holds the buyer's tax number and address); only the key, number, series and issue
 * date come out.
 *
 * Read with fast-xml-parser (no native code, no network, no DTD processing): entities are not
 * expanded, and an XML that declares a DOCTYPE or an entity is refused before it is parsed (an NF-e
 * never has one), so nothing in the file can reach a file or a host, or grow in memory.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser"
import { nfeInvoiceInputSchema } from "../hub-client/schemas"
import { nfeCheckDigit, nfeCheckDigitValid } from "../hub-client/nfe-key"

export const NFE_PROBLEMS = [
  "too_large",
  "not_xml",
  "declares_entities",
  "not_nfe",
  "keys_differ",
  "key_format",
  "check_digit",
  "not_authorised",
  "no_issue_date",
  "issue_date_format",
  "buyer_differs",
  "lines_differ",
] as const
export type NfeProblem = (typeof NFE_PROBLEMS)[number]

export type NfeReading =
  /** `purpose`: its `ide/finNFe` (public NF-e rules: 1 normal, 2 complementary, 3 adjustment, 4 a return of goods), null when absent. */
  | { ok: true; key: string; number: string | null; series: string | null; issueDate: string; purpose: string | null }
  | { ok: false; problem: NfeProblem; message: string }

const refuse = (problem: NfeProblem, message: string): NfeReading => ({ ok: false, problem, message })

/** `cStat` of an NF-e whose use is authorised (public NF-e rules): 100, or 150 when authorised late. */
export const NFE_AUTHORISED_STATUSES = ["100", "150"]

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  processEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
})

/**
 * The NF-e's key and issue date, or why it cannot invoice an order: larger than `maxBytes`; not XML;
 * a DOCTYPE or entity declared; not an authorised NF-e (`nfeProc` with `NFe/infNFe` and
 * `protNFe/infProt`); the key in `infNFe/@Id` and in `infProt/chNFe` differing; a key that is not 44
 * digits or whose check digit is wrong; not authorised (`cStat` other than 100 or 150); no issue date,
 * or one without its time and offset (`dEmi`, a date only: the hub takes ISO 8601 with its offset).
 */
export function readNfeXml(xml: string, maxBytes: number): NfeReading {
  const bytes = Buffer.byteLength(xml, "utf8")
  if (bytes > maxBytes) return refuse("too_large", `the XML file is ${Math.ceil(bytes / 1024)} KB; an NF-e XML is at most ${Math.floor(maxBytes / 1024)} KB here (option invoiceXmlMaxBytes)`)
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return refuse("declares_entities", "the XML file declares a DOCTYPE or entities, which an NF-e never does: it is not read")
  const valid = XMLValidator.validate(xml)
  if (valid !== true) return refuse("not_xml", `the file is not XML (line ${valid.err.line}: ${valid.err.msg})`)
  const document = parse(xml)
  if (!document) return refuse("not_nfe", "the XML is not an NF-e: it nests tags deeper than an NF-e does, or names a tag no NF-e has (such as __proto__)")
  const proc = document.nfeProc
  const infNFe = proc?.NFe?.infNFe
  const infProt = proc?.protNFe?.infProt
  if (!infNFe || !infProt) return refuse("not_nfe", "the XML is not an authorised NF-e (nfeProc with NFe/infNFe and protNFe/infProt): upload the XML the SEFAZ authorised, not the one sent to it")
  const idKey = String(infNFe["@Id"] ?? "").replace(/^NFe/, "")
  const protKey = String(infProt.chNFe ?? "")
  if (idKey !== protKey) return refuse("keys_differ", `the access key in infNFe/@Id (${idKey || "none"}) and in protNFe/infProt/chNFe (${protKey || "none"}) differ`)
  if (!/^\d{44}$/.test(protKey)) return refuse("key_format", `the access key ${protKey || "(none)"} is not 44 digits`)
  if (!nfeCheckDigitValid(protKey)) return refuse("check_digit", `the access key ${protKey} has a wrong check digit (its last digit should be ${nfeCheckDigit(protKey.slice(0, 43))})`)
  const status = String(infProt.cStat ?? "")
  if (!NFE_AUTHORISED_STATUSES.includes(status)) return refuse("not_authorised", `the NF-e is not authorised (cStat ${status || "none"}${infProt.xMotivo ? `: ${infProt.xMotivo}` : ""}); only an authorised NF-e (cStat 100 or 150) invoices an order`)
  const issueDate = String(infNFe.ide?.dhEmi ?? infNFe.ide?.dEmi ?? "")
  if (!issueDate) return refuse("no_issue_date", "the NF-e has no issue date (ide/dhEmi)")
  // The hub client's own rule for the form's issue_date, so nothing read here is refused after.
  if (!nfeInvoiceInputSchema.shape.issue_date.safeParse(issueDate).success) {
    return refuse("issue_date_format", `the NF-e's issue date (ide/dhEmi) ${JSON.stringify(issueDate.slice(0, 40))} is not a date and time in ISO 8601 with its offset, e.g. 2026-11-20T10:00:00-03:00, which the hub requires`)
  }
  const text = (value: unknown) => (value === undefined || value === null || value === "" ? null : String(value))
  return { ok: true, key: protKey, number: text(infNFe.ide?.nNF), series: text(infNFe.ide?.serie), issueDate, purpose: text(infNFe.ide?.finNFe) }
}

/** The parsed XML, or null when the parser refuses it (tags nested past its depth, a tag named `__proto__`). */
function parse(xml: string): Record<string, any> | null {
  try {
    return parser.parse(xml) as Record<string, any>
  } catch {
    // Its message is not passed on: it may quote the file.
    return null
  }
}

/** The order an NF-e is to invoice, as the hub holds it: its buyer's CPF or CNPJ (digits; null when the hub has none) and its lines by SKU. */
export type NfeOrderFacts = { buyer: string | null; items: Array<{ sku: string; qty: number }> }

/**
 * Whether an NF-e read by `readNfeXml` belongs to this order: its buyer (`dest/CPF` or `dest/CNPJ`)
 * is the order's, and its lines (`det/prod`: `cProd` the SKU, `qCom` the quantity) are the order's,
 * SKU by SKU. Null when it does; else the first difference, in the merchant's words and without the
 * buyer's number (an error may be logged). Either side missing its part is not a difference: a hub
 * order without a tax number, an NF-e without lines. `lines_differ` may be the merchant's coding
 * (their NF-e's product codes are not the SKUs): the route asks them to confirm it.
 */
export function nfeOrderDifference(xml: string, order: NfeOrderFacts): { problem: "buyer_differs" | "lines_differ"; message: string } | null {
  const infNFe = parse(xml)?.nfeProc?.NFe?.infNFe
  if (!infNFe) return null
  const digits = (value: unknown) => String(value ?? "").replace(/\D/g, "")
  const buyer = digits(infNFe.dest?.CPF) || digits(infNFe.dest?.CNPJ)
  if (buyer && order.buyer && buyer !== digits(order.buyer)) {
    const kind = infNFe.dest?.CPF ? "CPF" : "CNPJ"
    return { problem: "buyer_differs", message: `the NF-e's buyer (its ${kind}) is not this order's buyer: upload the NF-e issued to this order's buyer` }
  }
  const lines = ([] as unknown[]).concat(infNFe.det ?? []).map((det) => (det as { prod?: { cProd?: unknown; qCom?: unknown } })?.prod)
  if (!lines.length) return null
  const sum = (entries: Array<[string, number]>) => entries.reduce((totals, [sku, qty]) => totals.set(sku, (totals.get(sku) ?? 0) + qty), new Map<string, number>())
  const invoiced = sum(lines.map((prod) => [String(prod?.cProd ?? ""), Number(prod?.qCom ?? 0)]))
  const ordered = sum(order.items.map((item) => [item.sku, item.qty]))
  const same = invoiced.size === ordered.size && [...ordered].every(([sku, qty]) => invoiced.get(sku) === qty)
  if (same) return null
  const list = (totals: Map<string, number>) => [...totals].map(([sku, qty]) => `${sku || "(no code)"} × ${qty}`).join(", ")
  return { problem: "lines_differ", message: `the NF-e's lines (${list(invoiced)}) are not this order's (${list(ordered)})` }
}

/** Why an invoice is refused whose NF-e key `holder` (another hub order of the account) was invoiced with: one NF-e invoices one order. */
export const nfeKeyInUseMessage = (key: string, holder: string, code: string): string =>
  `The NF-e key ${key} invoices the hub order ${holder} already: an NF-e invoices one order, so ${code} needs its own`
