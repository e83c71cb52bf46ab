import type { Context, DAL } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import type { CachedFreight, FreightCacheKey, FreightFigures, FreightQuoteRecord, HubFreightRepository } from "./repositories/hub-freight"

/**
 * One account's freight quotes in this store (`hub.account(id).records.freight`; docs/freight.md): its
 * quote route token, the cache of its calculated options' prices and the quotes it answered, all in
 * PostgreSQL so any process answers alike. The SQL is the repository's (repositories/hub-freight.ts).
 */
export class HubFreightRecords {
  constructor(
    private readonly account: string,
    private readonly freight: HubFreightRepository,
    /** The module's base repository: where `@InjectManager` takes a manager from. */
    protected readonly baseRepository_: DAL.RepositoryService
  ) {}

  /** The account's quote route token; null until the admin's workflow made one. */
  @InjectManager()
  async token(@MedusaContext() sharedContext: Context = {}): Promise<string | null> {
    return this.freight.token(this.account, sharedContext)
  }

  /** Sets the account's token (null removes it); returns the one it replaced, for a workflow's compensation. */
  @InjectManager()
  async setToken(token: string | null, @MedusaContext() sharedContext: Context = {}): Promise<string | null> {
    return this.freight.setToken(this.account, token, sharedContext)
  }

  /** Cached prices of calculated options, by option id (the key's own row, else the nearest bands'); `maxAgeMs` bounds their age. */
  @InjectManager()
  async cached(optionIds: string[], key: Omit<FreightCacheKey, "shippingOptionId">, maxAgeMs: number, @MedusaContext() sharedContext: Context = {}): Promise<Map<string, CachedFreight>> {
    return this.freight.cached(this.account, optionIds, key, maxAgeMs, sharedContext)
  }

  /** Keeps a calculated option's fresh price (one statement, last write wins). */
  @InjectManager()
  async store(key: FreightCacheKey, amount: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.freight.store(this.account, key, amount, sharedContext)
  }

  /** Drops the account's quotes past FREIGHT_QUOTES_KEPT_DAYS and its cached prices past `cacheMaxAgeMs`. */
  @InjectManager()
  async prune(cacheMaxAgeMs: number, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.freight.prune(this.account, cacheMaxAgeMs, sharedContext)
  }

  /** The account's last quotes, newest first, and the last day's percentiles, misses (no options answered) and answers at the deadline. */
  @InjectManager()
  async activity(limit: number, @MedusaContext() sharedContext: Context = {}): Promise<{ last: Array<FreightQuoteRecord & { at: string }>; day: FreightFigures }> {
    return this.freight.activity(this.account, limit, sharedContext)
  }
}
