/*
 * A variant's `ean` on the hub: a GTIN of 8, 12, 13 or 14 digits whose last digit checks the others
 * (docs/hub-public-facts.md, Creating products; hubs refuse a wrong one as `invalid_ean`). Medusa
 * keeps three codes on a variant: `ean`, `upc` and the free `barcode`.
 */

export const GTIN_LENGTHS = [8, 12, 13, 14] as const

/**
 * Whether a code of digits is a GTIN: a length the hub takes and a right mod-10 check digit
 * (GS1: from the digit left of the check digit leftwards, weights 3, 1, 3, 1...; the check digit
 * brings the sum to a multiple of 10).
 */
export function isGtin(code: string): boolean {
  if (!/^\d+$/.test(code) || !(GTIN_LENGTHS as readonly number[]).includes(code.length)) return false
  return gtinCheckDigit(code.slice(0, -1)) === Number(code[code.length - 1])
}

/** The check digit that completes `body` (the code without its last digit). */
export function gtinCheckDigit(body: string): number {
  let sum = 0
  for (let i = body.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(body[i]) * weight
  return (10 - (sum % 10)) % 10
}

export type VariantCodes = { ean?: string | null; upc?: string | null; barcode?: string | null }

/** The code to send, none, or why the one given cannot go (the text says what to do). */
export type HubEan = { value?: string } | { problem: string }

/**
 * The hub's `ean` from a variant: its `ean`, else its `upc`, else its `barcode`; spaces and dashes
 * (as printed under a bar code) dropped. `ean` and `upc` exist only to hold a GTIN, so a wrong one
 * is a problem. `barcode` is free text that may hold a store's own code (Code 128...): it is sent
 * only when it is a GTIN's length in digits, and a problem only when it is one with a wrong check
 * digit. No code at all sends no `ean`.
 */
export function hubEan(variant: VariantCodes): HubEan {
  for (const field of ["ean", "upc", "barcode"] as const) {
    const given = variant[field]?.trim()
    if (!given) continue
    // A barcode not shaped as a GTIN is a store's own code: not sent, not a problem.
    if (field === "barcode" && !gtinShaped(given)) return {}
    return hubEanOf(given, `the variant's ${field}`)
  }
  return {}
}

/** The code `label` (where it was read, in the merchant's words) holds, checked as a GTIN; none given, none sent. */
export function hubEanOf(given: string | undefined, label: string): HubEan {
  if (!given?.trim()) return {}
  const code = given.trim().replace(/[\s-]/g, "")
  if (!gtinShaped(code)) return { problem: `${label} "${given.trim()}" must be 8, 12, 13 or 14 digits: correct it or clear it` }
  if (!isGtin(code)) return { problem: `${label} ${code} has a wrong check digit: copy it again from the package, or clear it` }
  return { value: code }
}

function gtinShaped(given: string): boolean {
  const code = given.replace(/[\s-]/g, "")
  return /^\d+$/.test(code) && (GTIN_LENGTHS as readonly number[]).includes(code.length)
}
