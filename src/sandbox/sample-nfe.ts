/*
 * An authorised NF-e XML (nfeProc) for trying the invoice with its XML against the sandbox: the
 * tests', the demo's. Its buyer is made up; its key has a valid check digit unless told otherwise.
 */
import { nfeCheckDigit } from "../hub-client/nfe-key"


/** A 44-digit access key: SP, November 2026, a made-up CNPJ, model 55, series 1, the number given. */
export function sampleNfeKey(number = 1234): string {
  // State 35, year and month 2611, the issuer's CNPJ, model 55, series 001, the number, emission 1, a code.
  const first43 = `35${"2611"}${"12345678000195"}55${"001"}${String(number).padStart(9, "0")}1${"00001234"}`
  return `${first43}${nfeCheckDigit(first43)}`
}

export function sampleNfeXml({
  key = sampleNfeKey(),
  idKey = key,
  status = "100",
  issuedAt = "2026-11-20T10:00:00-03:00",
  buyer = { CPF: "12345678909" },
  items = [],
  purpose,
}: {
  key?: string
  idKey?: string
  status?: string
  issuedAt?: string
  /** The buyer's CPF or CNPJ: the sample order's CPF unless told. */
  buyer?: { CPF: string } | { CNPJ: string }
  /** Its lines (`det/prod`, SKU and quantity); none unless told. */
  items?: Array<{ sku: string; qty: number }>
  /** Its `ide/finNFe` (4: a return of goods); none unless told. */
  purpose?: string
} = {}): string {
  const [[document, number]] = Object.entries(buyer)
  const det = items.map((item, index) => `<det nItem="${index + 1}"><prod><cProd>${item.sku}</cProd><qCom>${item.qty.toFixed(4)}</qCom></prod></det>`).join("")
  return `<?xml version="1.0" encoding="UTF-8"?>
<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">
  <NFe xmlns="http://www.portalfiscal.inf.br/nfe">
    <infNFe Id="NFe${idKey}" versao="4.00">
      <ide><cUF>35</cUF><mod>55</mod><serie>1</serie><nNF>${Number(key.slice(25, 34)) || 0}</nNF>${issuedAt ? `<dhEmi>${issuedAt}</dhEmi>` : ""}${purpose ? `<finNFe>${purpose}</finNFe>` : ""}</ide>
      <dest><${document}>${number}</${document}><xNome>Maria da Silva</xNome><enderDest><xLgr>Rua das Flores</xLgr><nro>100</nro></enderDest></dest>${det}
    </infNFe>
  </NFe>
  <protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><chNFe>${key}</chNFe><nProt>135260000000001</nProt><cStat>${status}</cStat><xMotivo>${status === "100" ? "Autorizado o uso da NF-e" : status === "150" ? "Autorizado o uso da NF-e, autorizacao fora de prazo" : "Rejeicao"}</xMotivo></infProt></protNFe>
</nfeProc>`
}
