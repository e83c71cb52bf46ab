import type { Context } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { HubFreightCache } from "../models"

/** A calculated option's cached price, keyed as src/mapping/freight-rules.ts keys it (bands bounded there). */
export type FreightCacheKey = { shippingOptionId: string; cepRange: string; weightBand: string; volumeBand: string }
/** Where a quote's calculated options were priced from, the weakest one used: the provider, the exact cache, the merchant's zone table, the zone's nearest cached price. */
export const FREIGHT_SOURCES = ["live", "cache", "zone_table", "zone_cache"] as const
export type FreightSource = (typeof FREIGHT_SOURCES)[number]
/**
 * The contract a merchant's *Try a quote* is kept under: listed among the last quotes, marked as a
 * try, and left out of the day's figures, which are the marketplace's quotes alone.
 */
export const FREIGHT_TRY = "try"
export type FreightQuoteRecord = { account: string; contract: string; cepRange: string; options: number; ms: number; cacheHit: boolean; unknownSkus: number; source: FreightSource; timedOut: boolean }
/** A record to write: when the quote was answered (written later, in a batch). */
export type FreightQuoteToRecord = FreightQuoteRecord & { answeredAt: Date }
/** A cached price of an option: for the CEP range and bands asked (`sameKey`), else the option's nearest bands in any range; `at` its age's start. */
export type CachedFreight = { amount: string; sameKey: boolean; at: number }
export type FreightFigures = { quotes: number; misses: number; cacheHits: number; timedOut: number; p50: number | null; p95: number | null; p99: number | null }

/** How long answered quotes are kept: the admin shows the last day's figures and the last 20. */
export const FREIGHT_QUOTES_KEPT_DAYS = 7
/** The most rows one prune deletes: a bounded statement, the next prune takes the rest. */
const PRUNE_LIMIT = 5_000

/**
 * The freight quotes' SQL (docs/freight.md): each account's route token, the quote cache and the
 * answered quotes, in PostgreSQL so any process answers alike.
 */
export class HubFreightRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubFreightCache) {
  private manager(context: Context) {
    return this.getActiveManager<EntityManager>(context)
  }

  /** The account's quote route token; null until the admin's workflow made one. */
  async token(account: string, context: Context = {}): Promise<string | null> {
    const [row]: Array<{ token: string }> = await this.manager(context).execute(`select token from hub_freight_token where account = ? and deleted_at is null`, [account])
    return row?.token ?? null
  }

  /** Sets the account's token (null removes it); returns the one it replaced, for a workflow's compensation. */
  async setToken(account: string, token: string | null, context: Context = {}): Promise<string | null> {
    const before = await this.token(account, context)
    if (token === null) await this.manager(context).execute(`delete from hub_freight_token where account = ?`, [account])
    else
      await this.manager(context).execute(
        `insert into hub_freight_token (id, account, token) values (?, ?, ?)
         on conflict (account) where deleted_at is null do update set token = excluded.token, updated_at = now()`,
        [generateEntityId(undefined, "hubfrt"), account, token]
      )
    return before
  }

  /**
   * Cached prices of calculated options, by option id: the key's own row first, else the option's
   * row of the nearest weight band, then volume band, the newest among equals, from any CEP range
   * (every range an option was priced for is one its service zone serves). `maxAgeMs` bounds the age.
   */
  async cached(account: string, optionIds: string[], key: Omit<FreightCacheKey, "shippingOptionId">, maxAgeMs: number, context: Context = {}): Promise<Map<string, CachedFreight>> {
    if (!optionIds.length) return new Map()
    const rows: Array<{ shipping_option_id: string; amount: string; same_key: boolean; updated_at: Date }> = await this.manager(context).execute(
      `select distinct on (shipping_option_id) shipping_option_id, amount, (cep_range = ? and weight_band = ? and volume_band = ?) as same_key, updated_at from hub_freight_cache
        where account = ? and deleted_at is null and updated_at > now() - (? * interval '1 millisecond') and shipping_option_id in (${optionIds.map(() => "?").join(", ")})
        order by shipping_option_id, same_key desc, abs(weight_band::numeric - ?::numeric), abs(coalesce(nullif(volume_band, '')::numeric, 0) - ?::numeric), updated_at desc`,
      [key.cepRange, key.weightBand, key.volumeBand, account, maxAgeMs, ...optionIds, key.weightBand, key.volumeBand]
    )
    return new Map(rows.map((row) => [row.shipping_option_id, { amount: row.amount, sameKey: row.same_key, at: new Date(row.updated_at).getTime() }]))
  }

  /** Keeps a calculated option's fresh price (one statement, last write wins). */
  async store(account: string, key: FreightCacheKey, amount: string, context: Context = {}): Promise<void> {
    await this.manager(context).execute(
      `insert into hub_freight_cache (id, account, shipping_option_id, cep_range, weight_band, volume_band, amount) values (?, ?, ?, ?, ?, ?, ?)
       on conflict (account, shipping_option_id, cep_range, weight_band, volume_band) where deleted_at is null do update set amount = excluded.amount, updated_at = now()`,
      [generateEntityId(undefined, "hubfrc"), account, key.shippingOptionId, key.cepRange, key.weightBand, key.volumeBand, amount]
    )
  }

  /** Keeps answered quotes, many in one statement (the process's recorder batches them off the request path). */
  async insertQuotes(records: FreightQuoteToRecord[], context: Context = {}): Promise<void> {
    if (!records.length) return
    await this.manager(context).execute(
      `insert into hub_freight_quote (id, account, contract, cep_range, options, ms, cache_hit, unknown_skus, source, timed_out, created_at) values ${records.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz)").join(", ")}`,
      records.flatMap((record) => [generateEntityId(undefined, "hubfrq"), record.account, record.contract, record.cepRange, record.options, record.ms, record.cacheHit, record.unknownSkus, record.source, record.timedOut, record.answeredAt.toISOString()])
    )
  }

  /** Drops the account's quotes past FREIGHT_QUOTES_KEPT_DAYS and its cached prices older than `cacheMaxAgeMs` (which no quote may answer from): bounded deletes. */
  async prune(account: string, cacheMaxAgeMs: number, context: Context = {}): Promise<void> {
    await this.manager(context).execute(
      `delete from hub_freight_quote where id in (select id from hub_freight_quote where account = ? and created_at < now() - (? * interval '1 day') limit ${PRUNE_LIMIT})`,
      [account, FREIGHT_QUOTES_KEPT_DAYS]
    )
    await this.manager(context).execute(
      `delete from hub_freight_cache where id in (select id from hub_freight_cache where account = ? and updated_at < now() - (? * interval '1 millisecond') limit ${PRUNE_LIMIT})`,
      [account, cacheMaxAgeMs]
    )
  }

  /** The account's last quotes (the tries too), newest first, and the last day's percentiles, misses (no options answered) and answers at the deadline, of the marketplace's quotes. */
  async activity(account: string, limit: number, context: Context = {}): Promise<{ last: Array<FreightQuoteRecord & { at: string }>; day: FreightFigures }> {
    const rows: Array<{ contract: string; cep_range: string; options: number; ms: number; cache_hit: boolean; unknown_skus: number; source: FreightSource; timed_out: boolean; created_at: Date }> = await this.manager(context).execute(
      `select contract, cep_range, options, ms, cache_hit, unknown_skus, source, timed_out, created_at from hub_freight_quote where account = ? and deleted_at is null order by created_at desc, id desc limit ?`,
      [account, limit]
    )
    const [day]: Array<{ quotes: string; misses: string; hits: string; timed_out: string; p50: number | null; p95: number | null; p99: number | null }> = await this.manager(context).execute(
      `select count(*) as quotes, count(*) filter (where options = 0) as misses, count(*) filter (where cache_hit) as hits, count(*) filter (where timed_out) as timed_out,
              percentile_disc(0.5) within group (order by ms) as p50, percentile_disc(0.95) within group (order by ms) as p95,
              percentile_disc(0.99) within group (order by ms) as p99
         from hub_freight_quote where account = ? and deleted_at is null and created_at > now() - interval '1 day' and contract <> ?`,
      [account, FREIGHT_TRY]
    )
    return {
      last: rows.map((row) => ({ account, contract: row.contract, cepRange: row.cep_range, options: row.options, ms: row.ms, cacheHit: row.cache_hit, unknownSkus: row.unknown_skus, source: row.source, timedOut: row.timed_out, at: new Date(row.created_at).toISOString() })),
      day: { quotes: Number(day.quotes), misses: Number(day.misses), cacheHits: Number(day.hits), timedOut: Number(day.timed_out), p50: day.p50, p95: day.p95, p99: day.p99 },
    }
  }

  /** Which of these SKUs a variant of the store has (not deleted). */
  async knownSkus(skus: string[], context: Context = {}): Promise<Set<string>> {
    if (!skus.length) return new Set()
    const rows: Array<{ sku: string }> = await this.manager(context).execute(`select sku from product_variant where deleted_at is null and sku in (${skus.map(() => "?").join(", ")})`, skus)
    return new Set(rows.map((row) => row.sku))
  }
}
