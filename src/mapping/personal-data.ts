const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g
/** Phones, tax numbers, postcodes: runs of 8 or more digits, possibly punctuated. */
const LONG_NUMBER = /\d(?:[\d .\-/()]{6,}\d)/g

/**
 * Masks customer e-mails and long numbers (phones, tax numbers, postcodes) in a text bound for
 * a log line or a stored reason: an error raised while importing an order may quote them.
 */
export function maskPersonalData(text: string): string {
  return text
    .replace(EMAIL, (_match, first: string, domain: string) => `${first}***@${domain}`)
    .replace(LONG_NUMBER, (digits) => {
      const plain = digits.replace(/\D/g, "")
      return plain.length >= 8 ? `***${plain.slice(-2)}` : digits
    })
}
