/*
 * Deterministic development data (`npx hub-sandbox --products n --orders n`, the demo, benches):
 * pure builders, so the same count always gives the same records; SandboxHubState stores them.
 */
import { HUB_DAY_MS } from "../hub-client/endpoints"
import { STANDARD_STATUS_CODES } from "../hub-client/schemas"
import { sampleCnpj } from "./answers"
import { roundMoney, startOfUtcDay, type SandboxProductInput } from "./records"
import type { SandboxTestOrderInput } from "./test-order-rules"

const SEED_CHANNEL = "Sandbox Marketplace"

/**
 * Seeded orders are placed over this many UTC calendar days, today included: a week, as the plugin's
 * default look-back (importLookbackDays), so a store with default options imports every one of them.
 * The sandbox keeps its own number (it imports nothing of the plugin's); cli-seed's test holds the two equal.
 */
export const DEFAULT_SEED_DAYS = 7

/** Quantity of a store SKU seeded without one (`--skus A,B`). */
export const DEFAULT_SEED_SKU_QTY = 100

/** A store's own SKU to seed on the hub, with the quantity the hub holds. */
export type SeedSku = { sku: string; qty: number }

/** Products for a store's own SKUs (`--skus`, `--skus-file`), enabled, at a fixed price. */
export function seedSkuInputs(skus: readonly SeedSku[]): SandboxProductInput[] {
  return skus.map(({ sku, qty }) => ({ sku, name: `Store product ${sku}`, qty, status: "enabled" as const, price: 99.9 }))
}

/** Products SKU-00001..; every tenth one disabled. */
export function seedProductInputs(count: number): SandboxProductInput[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1
    return {
      sku: `SKU-${String(n).padStart(5, "0")}`,
      name: `Sandbox product ${n}`,
      qty: (n * 37) % 100,
      status: n % 10 === 0 ? ("disabled" as const) : ("enabled" as const),
      price: roundMoney(10 + ((n * 1301) % 90000) / 100),
    }
  })
}

/**
 * Marketplace orders in status book_product, each selling one of `skus` (sorted, not empty when
 * count > 0), placed evenly (oldest first) over the last `days` UTC calendar days, today included
 * up to `now`: calendar days, because that is what the hub's date filters select. As marketplaces
 * sell: every fifth buyer a company (a CNPJ and its state registration), every fourth line sold 10%
 * below its price (realistic answers show the promotion), every other phone a landline, and every
 * tenth order still without its shipping address (filled in on approval; refused with tidy answers,
 * so seeding then gives every order one).
 */
export function seedOrderInputs(
  count: number,
  skus: readonly string[],
  now: Date,
  days: number,
  prices: (sku: string) => number = () => 0,
  withoutShippingAddress = true
): Array<{ input: SandboxTestOrderInput; placedAt: Date }> {
  const end = now.getTime()
  const start = startOfUtcDay(now) - (days - 1) * HUB_DAY_MS
  const span = end - start
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1
    const address = {
      street: "Rua da Sandbox",
      number: 100 + (n % 900),
      neighborhood: "Centro",
      city: "São Paulo",
      region: "SP",
      country: "BR",
      postcode: "01001000",
    }
    const sku = skus[(index * 7) % skus.length]
    const company = n % 5 === 0
    const price = prices(sku)
    return {
      input: {
        channel: SEED_CHANNEL,
        status: STANDARD_STATUS_CODES.NEW,
        items: [{ id: sku, qty: 1 + (index % 3), ...(n % 4 === 0 && price > 0 ? { special_price: roundMoney(price * 0.9) } : {}) }],
        customer: {
          name: company ? `Sandbox Comércio ${n} Ltda` : `Sandbox Customer ${n}`,
          email: `customer${n}@example.com`,
          vat_number: company ? sampleCnpj(n) : String(10_000_000_000 + n),
          ...(company ? { state_registration: String(110_000_000_000 + n) } : {}),
          phones: [n % 2 === 0 ? String(1_130_950_000 + (n % 10_000)) : String(11_900_000_000 + n)],
        },
        billing_address: address,
        ...(withoutShippingAddress && n % 10 === 0 ? {} : { shipping_address: address }),
        shipping_method: "Sandbox Standard",
        shipping_cost: 10,
        interest: 0,
      },
      placedAt: new Date(start + Math.floor((n * span) / (count + 1))),
    }
  })
}
