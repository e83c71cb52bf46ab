/*
 * How the sandbox hub writes its answers (docs/sandbox.md, "Answers as the real hub writes them"):
 * `realistic` (the default) as real hubs answer (docs/hub-public-facts.md, "What real answers look
 * like": null for an absent value, "" for an absent date or word, keys missing, phones and postcodes
 * as people write them), `tidy` every field in the format the specification gives for what a
 * merchant sends. Pure helpers; which of several real forms an order takes is decided by its
 * sequence number, so the same order always reads the same.
 */
import { z } from "zod"
import { HUB_DAY_MS } from "../hub-client/endpoints"

export const SANDBOX_ANSWER_SHAPES = ["realistic", "tidy"] as const
export const sandboxAnswersSchema = z.enum(SANDBOX_ANSWER_SHAPES)
export type SandboxAnswers = z.infer<typeof sandboxAnswersSchema>
export const DEFAULT_SANDBOX_ANSWERS: SandboxAnswers = "realistic"

/**
 * A phone of digits (DDD and number) as a buyer typed it, one of three ways by `n`:
 * "(11) 98765-4321", "11 3095-9890", "11 30959890". Other lengths stay as given.
 */
export function writtenPhone(digits: string, n: number): string {
  if (!/^\d{10,11}$/.test(digits)) return digits
  const [ddd, number] = [digits.slice(0, 2), digits.slice(2)]
  const split = number.length - 4
  const dashed = `${number.slice(0, split)}-${number.slice(split)}`
  return [`(${ddd}) ${dashed}`, `${ddd} ${dashed}`, `${ddd} ${number}`][n % 3]
}

/** A CEP of 8 digits, with its dash on every other order ("01310-100"). */
export function writtenPostcode(digits: string, n: number): string {
  return n % 2 === 1 && /^\d{8}$/.test(digits) ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits
}

/**
 * The dispatch deadline the marketplace holds the seller to (`expedition_limit_date`): two business
 * days (Monday to Friday, UTC) after `from`, at the same time of day. The record gives no rule; this
 * is the sandbox's own.
 */
export function expeditionLimit(from: Date, businessDays = 2): string {
  let at = from.getTime()
  for (let left = businessDays; left > 0; ) {
    at += HUB_DAY_MS
    const weekday = new Date(at).getUTCDay()
    if (weekday !== 0 && weekday !== 6) left--
  }
  return new Date(at).toISOString()
}

/** Shares of a line's promotion the marketplace pays, by `n`: none, half, all (who paid it is what the record's split tells). */
const SPONSOR_PERCENTAGES = [0, 50, 100] as const

/**
 * The promotion on a line sold below its original price (docs/hub-public-facts.md, "Since 2024"):
 * `value` the whole line's reduction, (original - paid) x qty, split between the seller's share and
 * the marketplace's (the sponsor's), in integer cents so the two add up to the value exactly.
 */
export function linePromotion(line: { originalCents: number; paidCents: number; qty: number }, n: number) {
  const valueCents = (line.originalCents - line.paidCents) * line.qty
  const sponsorPercentage = SPONSOR_PERCENTAGES[n % SPONSOR_PERCENTAGES.length]
  const sponsorCents = Math.round((valueCents * sponsorPercentage) / 100)
  return {
    value: valueCents / 100,
    seller_value: (valueCents - sponsorCents) / 100,
    sponsor_value: sponsorCents / 100,
    sponsor_percentage: sponsorPercentage,
    calculation_type: "fixed_amount",
    name: sponsorPercentage === 0 ? "Oferta do lojista" : "Oferta do marketplace",
    category_type: sponsorPercentage === 0 ? "seller" : "marketplace",
  }
}

/** A valid CNPJ (14 digits, both check digits) made from `n`, for seeded company buyers. */
export function sampleCnpj(n: number): string {
  const base = `${String(n % 100_000_000).padStart(8, "0")}0001`
  const check = (digits: string) => {
    const weights = digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
    const rest = [...digits].reduce((sum, digit, index) => sum + Number(digit) * weights[index], 0) % 11
    return rest < 2 ? "0" : String(11 - rest)
  }
  const first = check(base)
  return `${base}${first}${check(base + first)}`
}
