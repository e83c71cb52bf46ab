import { z } from "zod"
import { absent, decimalAmount, hubWholeNumber, loose, looseText, type HubOrder, type HubOrderItem } from "../hub-client"

/**
 * How the money of a hub order lands in a Medusa order, so that the order's total is the hub's
 * `total_ordered` to the cent (docs/hub-public-facts.md, Orders: the fields seen in real responses):
 * - each item at the price the buyer paid (`special_price`, else `original_price`);
 * - `shipping_cost` as the shipping method's amount (else the items' own `shipping_cost`, added up);
 * - `interest` (instalment interest) as a line item without a variant: a charge, never reserved or pushed;
 * - `discount` as adjustments, Medusa's model of a discount: spread over the items in proportion to their
 *   totals (largest remainder, to the cent), what the items cannot hold on the shipping method.
 * A one-cent rounding difference from `total_ordered` is taken up by the discount (else the interest,
 * else the shipping); more than that and the order is set aside naming both figures.
 *
 * Amounts are counted in integer cents: the hub sends two-decimal decimals, and integer sums are exact
 * where a float sum of 0.1s is not (Medusa stores the results as its BigNumbers).
 */

/** An amount in cents. */
type Cents = number

export type HubOrderLineMoney = { unitPrice: number; discount: number }

export type HubOrderMoney = {
  /** Per item, in the order given: the unit price and the line's share of the discount. */
  lines: HubOrderLineMoney[]
  shipping: { amount: number; discount: number }
  /** The instalment interest charged, or 0. */
  interest: number
  /** What Medusa's order total will be: the hub's `total_ordered` when it sent one. */
  total: number
}

export const toCents = (amount: number): Cents => Math.round(amount * 100)
const fromCents = (cents: Cents): number => cents / 100
const show = (cents: Cents): string => (cents < 0 ? "-" : "") + (Math.abs(cents) / 100).toFixed(2)

/** The price the marketplace sold the item at: the special price when there is one. */
export function hubItemUnitPrice(item: HubOrderItem): number | undefined {
  return item.special_price ?? item.original_price
}

/** `items` are the order's lines as they will be created (same SKU merged), each with a price. */
export function hubOrderMoney(hubOrder: HubOrder, items: HubOrderItem[]): { ok: true; money: HubOrderMoney } | { ok: false; reason: string } {
  const lineTotals = items.map((item) => toCents(hubItemUnitPrice(item)!) * item.qty)
  const itemsTotal = sum(lineTotals)
  const shipping =
    hubOrder.shipping_cost !== undefined ? toCents(hubOrder.shipping_cost) : sum(hubOrder.items.map((item) => toCents(item.shipping_cost ?? 0)))
  let interest = toCents(hubOrder.interest ?? 0)
  let discount = toCents(hubOrder.discount ?? 0)
  let shippingAmount = shipping

  const parts = itemsTotal + shipping + interest - discount
  if (hubOrder.total_ordered !== undefined) {
    const expected = toCents(hubOrder.total_ordered)
    const difference = expected - parts
    if (Math.abs(difference) > 1) {
      return {
        ok: false,
        reason:
          `total_ordered ${show(expected)} is not what its parts add up to, ${show(parts)} ` +
          `(items ${show(itemsTotal)} + shipping_cost ${show(shipping)} + interest ${show(interest)} - discount ${show(discount)})`,
      }
    }
    if (difference < 0 || discount >= difference) discount -= difference
    else if (interest > 0) interest += difference
    else shippingAmount += difference
  }
  if (discount > itemsTotal + shippingAmount) {
    return { ok: false, reason: `discount ${show(discount)} is more than the items and shipping it could apply to (${show(itemsTotal + shippingAmount)})` }
  }

  const itemDiscounts = spread(Math.min(discount, itemsTotal), lineTotals)
  return {
    ok: true,
    money: {
      lines: items.map((item, index) => ({ unitPrice: hubItemUnitPrice(item)!, discount: fromCents(itemDiscounts[index]) })),
      shipping: { amount: fromCents(shippingAmount), discount: fromCents(Math.max(0, discount - itemsTotal)) },
      interest: fromCents(interest),
      total: fromCents(itemsTotal + shippingAmount + interest - discount),
    },
  }
}

/**
 * `amount` split over `weights` in proportion, in whole cents that add up to it exactly (largest
 * remainder). Exact integers leave fewer cents than weights to hand out; amounts past 2^53 (which the
 * import's bounds never let through) lose cents to rounding by the billion, so at most one cent per
 * weight is handed out: the work follows the weights, never the amount.
 */
export function spread(amount: Cents, weights: Cents[]): Cents[] {
  const total = sum(weights)
  if (amount === 0 || total === 0) return weights.map(() => 0)
  const shares = weights.map((weight) => Math.floor((amount * weight) / total))
  const byRemainder = weights
    .map((weight, index) => ({ index, remainder: (amount * weight) % total }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index)
  const left = Math.min(amount - sum(shares), byRemainder.length)
  for (let i = 0; i < left; i++) shares[byRemainder[i].index]++
  return shares
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0)
}

/**
 * A payment as the hub reports it (docs/hub-public-facts.md, Orders), read liberally (a `status` of
 * null at NEW, a date of ""); only `value` is needed.
 */
export const hubPaymentSchema = z.looseObject({
  method: looseText,
  description: looseText,
  value: z.preprocess(absent, decimalAmount),
  parcels: loose(hubWholeNumber.pipe(z.number().nonnegative())),
  status: looseText,
  transaction_date: looseText,
})

/** What the buyer paid, as the hub says, and the details kept on Medusa's payment. */
export type HubPayment = { amount: number; data: { hub_payments: Array<z.infer<typeof hubPaymentSchema>> } }

/**
 * The payment to record when the marketplace approves: the sum of `payments[].value`; without
 * payments, `total_ordered`; without either (or with a payment the schema refuses), null: the order's own total.
 */
export function hubPaymentOf(listed: Record<string, unknown>): HubPayment | null {
  const payments = z.array(hubPaymentSchema).safeParse(absent(listed.payments) ?? [])
  if (payments.success && payments.data.length) {
    return { amount: fromCents(sum(payments.data.map((payment) => toCents(payment.value)))), data: { hub_payments: payments.data } }
  }
  const total = z.number().finite().nonnegative().safeParse(listed.total_ordered)
  return total.success ? { amount: fromCents(toCents(total.data)), data: { hub_payments: [] } } : null
}
