const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g
/** Phones, tax numbers, postcodes: runs of 8 or more digits, possibly punctuated. */
const LONG_NUMBER = /\d(?:[\d .\-/()]{6,}\d)/g
/**
 * XML quoted in a message (an NF-e's holds the buyer's name and address, which no pattern finds): from
 * its first tag, escaped or not, to the end of the text (a quote cut short has no closing tag).
 */
const XML_QUOTE = /(?:<|&lt;)[?!/]?[A-Za-z_][\s\S]*$/

/**
 * Masks customer e-mails, long numbers (phones, CPF/CNPJ, CEPs) and quoted XML in a text bound for a
 * log line or a stored reason: an error raised while importing an order, or the hub's refusal of an
 * NF-e upload, may quote them.
 */
export function maskPersonalData(text: string): string {
  return text
    .replace(XML_QUOTE, "[XML omitted]")
    .replace(EMAIL, (_match, first: string, domain: string) => `${first}***@${domain}`)
    .replace(LONG_NUMBER, (digits) => {
      const plain = digits.replace(/\D/g, "")
      return plain.length >= 8 ? `***${plain.slice(-2)}` : digits
    })
}
