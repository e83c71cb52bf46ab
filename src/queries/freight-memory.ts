import type { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import type { FreightCacheKey } from "../modules/hub/types"

/*
 * What freight quotes remember per process besides the shipping setup (freight-setup.ts): which SKUs
 * the store has, and the calculated options' last prices in front of the shared cache (PostgreSQL,
 * hub_freight_cache). Both bounded in entries, oldest forgotten first.
 */

/** A Map that forgets its oldest entry past `max` (insertion order; a set moves an entry last). */
class Bounded<V> {
  private readonly entries = new Map<string, V>()
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    return this.entries.get(key)
  }
  set(key: string, value: V): void {
    this.entries.delete(key)
    this.entries.set(key, value)
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string)
  }
}

/** How long a SKU's presence in the store is believed: a new product is named within it. */
const SKU_TTL_MS = 60_000

export class KnownSkus {
  private readonly kept = new Bounded<{ known: boolean; at: number }>(20_000)

  /** The SKUs the store has no variant for: read from the database only for those not seen within SKU_TTL_MS. */
  async unknownOf(hubModule: HubModuleService, skus: string[]): Promise<string[]> {
    const now = Date.now()
    const toRead = skus.filter((sku) => {
      const kept = this.kept.get(sku)
      return !kept || now - kept.at >= SKU_TTL_MS
    })
    if (toRead.length) {
      const known = await hubModule.knownSkus(toRead)
      for (const sku of toRead) this.kept.set(sku, { known: known.has(sku), at: Date.now() })
    }
    return skus.filter((sku) => !this.kept.get(sku)?.known)
  }
}

export class FreightQuoteCache {
  private readonly kept = new Bounded<{ amount: string; at: number }>(50_000)
  private readonly running = new Map<string, Promise<string>>()

  private static id(account: string, key: FreightCacheKey): string {
    return `${account}|${key.shippingOptionId}|${key.cepRange}|${key.weightBand}|${key.volumeBand}`
  }

  /** The option's last price for the key, no older than `maxAgeMs`. */
  get(account: string, key: FreightCacheKey, maxAgeMs: number): { amount: string; at: number } | null {
    const kept = this.kept.get(FreightQuoteCache.id(account, key))
    return kept && Date.now() - kept.at < maxAgeMs ? kept : null
  }

  set(account: string, key: FreightCacheKey, amount: string): void {
    this.kept.set(FreightQuoteCache.id(account, key), { amount, at: Date.now() })
  }

  /** The provider's price by `price`, one call at a time per key (null: an uncached parcel, never shared), kept once it comes. */
  refresh(account: string, key: FreightCacheKey | null, price: () => Promise<string>): Promise<string> {
    if (!key) return price()
    const id = FreightQuoteCache.id(account, key)
    const running = this.running.get(id)
    if (running) return running
    const call = price()
      .then((amount) => {
        this.kept.set(id, { amount, at: Date.now() })
        return amount
      })
      .finally(() => this.running.delete(id))
    this.running.set(id, call)
    return call
  }
}

export const knownSkus = (container: MedusaContainer) => container.resolve<HubModuleService>(HUB_MODULE).processPart("freight-known-skus", () => new KnownSkus())
export const freightQuoteCache = (container: MedusaContainer) => container.resolve<HubModuleService>(HUB_MODULE).processPart("freight-quote-cache", () => new FreightQuoteCache())
