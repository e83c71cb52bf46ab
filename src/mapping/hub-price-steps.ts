/*
 * The hub refuses a price cut of a share or more in one update (docs/hub-public-facts.md, Prices: 50 %;
 * merchants step down, 200 -> 110 -> 80). A price the plugin sends that cuts that much goes in steps
 * instead: each the largest cut a margin under the limit, the next sent once the hub took the last (the
 * outbox row stays due while the hub's value is not the wanted one). Pure, in whole cents: exact.
 */
import type { HubProductFields } from "./hub-product"

export type PriceCutLimit = { limitPercent: number; marginPercent: number }

const toCents = (amount: number) => Math.round(amount * 100)

/** The share each step cuts at most, in percent: a margin under the hub's limit, and at least 1. */
const stepPercent = ({ limitPercent, marginPercent }: PriceCutLimit) => Math.max(1, limitPercent - marginPercent)

/**
 * The value to send for a price going from `from` (what the hub holds) to `to`: `to` itself when its
 * cut stays a margin under the limit (or the limit is off, or it is no cut), else the lowest value one
 * step may reach, rounded up to the cent so the cut stays under it; the target itself when that step
 * would not move.
 */
export function priceStep(from: number | null | undefined, to: number, limit: PriceCutLimit): number {
  if (limit.limitPercent === 0 || from == null || from <= 0) return to
  const step = stepPercent(limit)
  const fromCents = toCents(from)
  const lowest = Math.ceil((fromCents * (100 - step)) / 100)
  if (toCents(to) >= lowest) return to
  // Near the cent a step may not move at all (0.02 -> 0.02): the target goes whole rather than the same
  // value for ever; the hub's answer says whether it takes it.
  return lowest >= fromCents ? to : lowest / 100
}

/** How many updates bring a price from `from` to `to` under the limit (1 when it goes at once). */
export function priceStepsLeft(from: number | null | undefined, to: number, limit: PriceCutLimit): number {
  let steps = 1
  for (let at = from; steps < 100; steps++) {
    const next = priceStep(at, to, limit)
    if (toCents(next) === toCents(to)) return steps
    at = next
  }
  return steps
}

/**
 * `send` with each price it cuts too far in one update replaced by its next step. A sale price is cut
 * from the sale price the hub holds, or from the price it holds when there is no sale (the record's
 * example is the sale price; both are treated alike).
 */
export function stepDownPrices(send: HubProductFields, accepted: HubProductFields, limit: PriceCutLimit): HubProductFields {
  const stepped = { ...send }
  if (typeof send.price === "number") stepped.price = priceStep(accepted.price, send.price, limit)
  if (typeof send.promotional_price === "number") {
    stepped.promotional_price = priceStep(accepted.promotional_price ?? accepted.price, send.promotional_price, limit)
  }
  return stepped
}
