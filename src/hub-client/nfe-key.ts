/*
 * An NF-e's 44-digit access key (docs/hub-public-facts.md, Invoices with the NF-e XML): state, year and
 * month, the issuer's CNPJ, model, series, number, emission type, a code, and a check digit. Pure and
 * framework-free: the admin's invoice form checks a key with it before sending, the routes after.
 */

/**
 * The check digit of an access key's first 43 digits (public NF-e rules): weights 2 to 9 from the
 * right, again and again; the sum mod 11; 0 when that is 0 or 1, else 11 less it.
 */
export function nfeCheckDigit(first43: string): number {
  let sum = 0
  for (let index = 0; index < first43.length; index++) sum += Number(first43[first43.length - 1 - index]) * (2 + (index % 8))
  const rest = sum % 11
  return rest < 2 ? 0 : 11 - rest
}

export const nfeCheckDigitValid = (key: string): boolean => /^\d{44}$/.test(key) && nfeCheckDigit(key.slice(0, 43)) === Number(key[43])
