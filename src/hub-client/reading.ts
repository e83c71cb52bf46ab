import { z } from "zod"

/*
 * How the hub's answers are read: for what the store needs, and no stricter (docs/hub-public-facts.md,
 * What real answers look like). The formats docs/hub-interface.md §2.2 gives are for what the merchant
 * SENDS (a test order's phones "digits only"); the hub's answers carry `null` for absent values, empty
 * strings for absent dates and words, formatted phones and CEPs. So:
 * - `null`, `""` and a missing key all mean absent (`absent`);
 * - a field the import does not need is read when it has the shape expected, and is absent otherwise
 *   (`loose`): it never refuses an order;
 * - a field whose value decides what the store does (a SKU, a quantity, money) is read strictly once
 *   present (`present`): a wrong one sets the order aside with the field named;
 * - phones, CEPs and tax numbers are normalised to their digits (a phone that is not one is absent).
 */

/** `null`, `""` (or only spaces) and `undefined` are all "absent". */
export function absent(value: unknown): unknown {
  return value === null || (typeof value === "string" && value.trim() === "") ? undefined : value
}

/** Absent when null, "" or missing; otherwise held to `schema` (a wrong value is an issue naming the field). */
export const present = <T extends z.ZodType>(schema: T) => z.preprocess(absent, schema.optional())

/** Absent when null, "" or missing, and also when it has another shape: for fields the import does not need. */
export const loose = <T extends z.ZodType>(schema: T) => present(schema).catch(undefined)

/** A word of the hub's: a string, or a number written as one (ids, codes). Trimmed. */
export const hubText = z.union([z.string(), z.number().finite()]).transform((value) => String(value).trim())

/** A word the import does not need: absent unless a non-empty string (or a number). */
export const looseText = loose(hubText.pipe(z.string().min(1)))

/** A number sent as a JSON number or as a decimal string ("49.90"). */
const decimal = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, "expected a number")
    .transform(Number),
])

/** An amount of money: finite and not negative, as a number or a decimal string. */
export const decimalAmount = decimal.pipe(z.number().finite("expected a finite amount").nonnegative("an amount may not be negative"))

/** An amount of money the hub answers; absent when null, "" or missing. */
export const hubMoney = present(decimalAmount)

/** A count (a quantity, instalments): a whole number, as a number or a string of digits. */
export const hubWholeNumber = decimal.pipe(z.number().int("expected a whole number"))

/** Digits kept: "11 3095-9890" -> "1130959890"; absent when none remain. */
export function digitsOf(value: unknown): string | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined
  const digits = String(value).replace(/\D/g, "")
  return digits || undefined
}

/** The longest phone number (E.164, country code included) and the shortest (a local number without its area). */
const PHONE_DIGITS = { min: 8, max: 15 }

/** A phone as people write it ("(11) 98765-4321", "+55 11 3095-9890") -> its digits; a text that is no phone is absent. */
export const hubPhone = z.unknown().transform((value) => {
  const digits = digitsOf(value)
  return digits && digits.length >= PHONE_DIGITS.min && digits.length <= PHONE_DIGITS.max ? digits : undefined
})

/** A list of phones: each normalised, those that are none dropped; a list of another shape is none. */
export const hubPhones = loose(z.array(hubPhone)).transform((phones) => {
  const kept = (phones ?? []).filter((phone): phone is string => phone !== undefined)
  return kept.length ? kept : undefined
})

/** A CEP, CPF or CNPJ as written ("01310-100", "123.456.789-09") -> its digits; absent when it holds none. */
export const hubDigits = z.unknown().transform(digitsOf)
