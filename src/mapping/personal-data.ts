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

/** The longest text of the marketplace's kept, shown or notified (a refusal's message, name, solution). */
export const MARKETPLACE_TEXT_MAX_LENGTH = 500

/**
 * A marketplace's words as the store keeps them: personal data masked (a refusal may quote the buyer
 * or an NF-e), control characters gone, at most `MARKETPLACE_TEXT_MAX_LENGTH` characters.
 */
export function marketplaceText(text: string | null): string | null {
  if (text === null) return null
  // eslint-disable-next-line no-control-regex
  const masked = maskPersonalData(text.replace(/[\u0000-\u001f\u007f]+/g, " ")).trim()
  return masked.length > MARKETPLACE_TEXT_MAX_LENGTH ? `${masked.slice(0, MARKETPLACE_TEXT_MAX_LENGTH - 1)}…` : masked
}
