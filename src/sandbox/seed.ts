/*
 * Deterministic development data (`npx hub-sandbox --products n --orders n`, the demo, benches):
 * pure builders, so the same count always gives the same records; SandboxHubState stores them.
 */
import { HUB_DAY_MS } from "../hub-client/endpoints"
import { STANDARD_STATUS_CODES, type TestOrderInput } from "../hub-client/schemas"
import { roundMoney, startOfUtcDay, type SandboxProductInput } from "./records"

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
 * up to `now`: calendar days, because that is what the hub's date filters select.
 */
export function seedOrderInputs(
  count: number,
  skus: readonly string[],
  now: Date,
  days: number
): Array<{ input: TestOrderInput; placedAt: Date }> {
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
    return {
      input: {
        channel: SEED_CHANNEL,
        status: STANDARD_STATUS_CODES.NEW,
        items: [{ id: skus[(index * 7) % skus.length], qty: 1 + (index % 3) }],
        customer: {
          name: `Sandbox Customer ${n}`,
          email: `customer${n}@example.com`,
          vat_number: String(10_000_000_000 + n),
          phones: [String(11_900_000_000 + n)],
        },
        billing_address: address,
        shipping_address: address,
        shipping_method: "Sandbox Standard",
        shipping_cost: 10,
        interest: 0,
      },
      placedAt: new Date(start + Math.floor((n * span) / (count + 1))),
    }
  })
}
