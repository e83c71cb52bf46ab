import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import type { CachedFreight, FreightCacheKey, FreightFigures, FreightQuoteRecord, FreightQuoteToRecord } from "../repositories/hub-freight"
import { HubOrderRecords } from "./hub-order-records"

export { FREIGHT_QUOTES_KEPT_DAYS, FREIGHT_SOURCES, FREIGHT_TRY, type CachedFreight, type FreightCacheKey, type FreightFigures, type FreightQuoteRecord, type FreightQuoteToRecord, type FreightSource } from "../repositories/hub-freight"

/**
 * The freight quotes' part of the hub module's service (a split of the file, as hub-order-records.ts
 * is): each account's route token, the quote cache and the answered quotes, all in PostgreSQL so any
 * process answers alike (docs/freight.md); the SQL is the module's repository's (repositories/hub-freight.ts).
 */
export class HubFreightRecords extends HubOrderRecords {
  /** The account's quote route token; null until the admin's workflow made one. */
  @InjectManager()
  async freightToken(account: string, @MedusaContext() context: Context = {}): Promise<string | null> {
    return this.repositories.freight.token(account, context)
  }

  /** Sets the account's token (null removes it); returns the one it replaced, for a workflow's compensation. */
  @InjectManager()
  async setFreightToken(account: string, token: string | null, @MedusaContext() context: Context = {}): Promise<string | null> {
    return this.repositories.freight.setToken(account, token, context)
  }

  /** Cached prices of calculated options, by option id (the key's own row, else the nearest bands'); `maxAgeMs` bounds their age. */
  @InjectManager()
  async cachedFreight(account: string, optionIds: string[], key: Omit<FreightCacheKey, "shippingOptionId">, maxAgeMs: number, @MedusaContext() context: Context = {}): Promise<Map<string, CachedFreight>> {
    return this.repositories.freight.cached(account, optionIds, key, maxAgeMs, context)
  }

  /** Keeps a calculated option's fresh price (one statement, last write wins). */
  @InjectManager()
  async storeFreight(account: string, key: FreightCacheKey, amount: string, @MedusaContext() context: Context = {}): Promise<void> {
    await this.repositories.freight.store(account, key, amount, context)
  }

  /** Keeps answered quotes in one statement (src/queries/freight-recorder.ts batches them). */
  @InjectManager()
  async recordFreightQuotes(records: FreightQuoteToRecord[], @MedusaContext() context: Context = {}): Promise<void> {
    await this.repositories.freight.insertQuotes(records, context)
  }

  /** Drops the account's quotes past FREIGHT_QUOTES_KEPT_DAYS and its cached prices past `cacheMaxAgeMs`. */
  @InjectManager()
  async pruneFreight(account: string, cacheMaxAgeMs: number, @MedusaContext() context: Context = {}): Promise<void> {
    await this.repositories.freight.prune(account, cacheMaxAgeMs, context)
  }

  /** The account's last quotes, newest first, and the last day's percentiles, misses (no options answered) and answers at the deadline. */
  @InjectManager()
  async freightActivity(account: string, limit: number, @MedusaContext() context: Context = {}): Promise<{ last: Array<FreightQuoteRecord & { at: string }>; day: FreightFigures }> {
    return this.repositories.freight.activity(account, limit, context)
  }

  /** Which of these SKUs a variant of the store has. */
  @InjectManager()
  async knownSkus(skus: string[], @MedusaContext() context: Context = {}): Promise<Set<string>> {
    return this.repositories.freight.knownSkus(skus, context)
  }
}
