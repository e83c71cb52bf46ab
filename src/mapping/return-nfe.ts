/*
 * The return NF-e (nota de devolução) of goods coming back after a sale (docs/after-sale.md, *The return
 * NF-e*): an NF-e can be cancelled only within 24 h of its issue and before the goods leave
 * (docs/hub-public-facts.md, After-sale); past that, the goods a return or an exchange takes back need
 * an NF-e of their own from the seller. Pure: the XML is given, never kept (it holds the buyer's tax
 * number and address); only its key and issue date come out.
 */
import { invoiceInputSchema } from "../hub-client/schemas"
import { type NfeProblem, readNfeXml } from "./nfe-xml"

/** How long after its issue an NF-e can still be cancelled (public NF-e rules), so that no return NF-e is needed. */
export const NFE_CANCEL_WINDOW_HOURS = 24

/** `ide/finNFe` of an NF-e that returns goods (public NF-e rules: *devolução de mercadoria*). */
export const RETURN_NFE_PURPOSE = "4"

/**
 * Whether goods coming back from an order need a return NF-e at `now`: its NF-e (as the order keeps it,
 * `metadata.hub_invoice`) issued 24 h or more before. An order never invoiced, or one whose NF-e has no
 * date the plugin can read, asks for none (the hub refuses in its own words if it needs one).
 */
export function returnNfeNeeded(saleInvoice: { issue_date?: string | null } | null | undefined, now: Date): boolean {
  const issued = saleInvoice?.issue_date ? Date.parse(saleInvoice.issue_date) : NaN
  return Number.isFinite(issued) && now.getTime() - issued >= NFE_CANCEL_WINDOW_HOURS * 3_600_000
}

/** The return NF-e as the merchant gives it: its 44-digit key, or its authorised XML. */
export type ReturnNfeInput = { key?: string; xml?: string }

export type ReturnNfeReading =
  | { ok: true; key: string; issueDate: string | null }
  | { ok: false; problem: NfeProblem | "not_return"; message: string }

/**
 * The return NF-e's key (and, from its XML, its issue date), checked as an invoice's is: a key of 44
 * digits with its check digit right; an XML authorised, its keys agreeing, and a return of goods
 * (`ide/finNFe` 4). The messages name the field (`return_invoice.key`, `return_invoice.xml`).
 */
export function readReturnNfe(input: ReturnNfeInput, maxBytes: number): ReturnNfeReading {
  if (input.xml !== undefined) {
    const nfe = readNfeXml(input.xml, maxBytes)
    if (!nfe.ok) return { ok: false, problem: nfe.problem, message: `return_invoice.xml: ${nfe.message}` }
    if (nfe.purpose !== RETURN_NFE_PURPOSE) {
      return { ok: false, problem: "not_return", message: `return_invoice.xml: the NF-e's purpose (ide/finNFe) is ${nfe.purpose ?? "not given"}, not ${RETURN_NFE_PURPOSE} (a return of goods): upload the return NF-e, not the sale's` }
    }
    return { ok: true, key: nfe.key, issueDate: nfe.issueDate }
  }
  const key = invoiceInputSchema.shape.key.safeParse(input.key ?? "")
  if (!key.success) return { ok: false, problem: "key_format", message: `return_invoice.key: ${key.error.issues[0]?.message ?? "not an NF-e key"}` }
  return { ok: true, key: key.data, issueDate: null }
}
