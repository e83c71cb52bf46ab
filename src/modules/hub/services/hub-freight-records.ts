import type { Context } from "@medusajs/framework/types"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId, InjectManager, MedusaContext } from "@medusajs/framework/utils"
import { HubOrderRecords } from "./hub-order-records"

/** A calculated option's cached price, keyed as src/mapping/freight-rules.ts keys it. */
export type FreightCacheKey = { shippingOptionId: string; cepRange: string; weightBand: string }
/** Where a quote's calculated options were priced from, the weakest one used: the provider, the exact cache, the merchant's zone table, the zone's nearest cached price. */
export const FREIGHT_SOURCES = ["live", "cache", "zone_table", "zone_cache"] as const
export type FreightSource = (typeof FREIGHT_SOURCES)[number]
export type FreightQuoteRecord = { account: string; contract: string; cepRange: string; options: number; ms: number; cacheHit: boolean; unknownSkus: number; source: FreightSource; timedOut: boolean }
/** A cached price of an option: for the CEP range and weight band asked (`sameKey`), else the option's nearest band in any range. */
export type CachedFreight = { amount: string; sameKey: boolean }
export type FreightFigures = { quotes: number; misses: number; cacheHits: number; timedOut: number; p50: number | null; p95: number | null; p99: number | null }

/** How long answered quotes are kept: the admin shows the last day's figures and the last 20. */
export const FREIGHT_QUOTES_KEPT_DAYS = 7

const managerOf = (context: Context) => context.manager as EntityManager

/**
 * The freight quotes' part of the hub module's service (a split of the file, as hub-order-records.ts
 * is): each account's route token, the quote cache and the answered quotes, all in PostgreSQL so any
 * process answers alike (docs/freight.md).
 */
export class HubFreightRecords extends HubOrderRecords {
  /** The account's quote route token; null until the admin's workflow made one. */
  @InjectManager()
  async freightToken(account: string, @MedusaContext() context: Context = {}): Promise<string | null> {
    const [row]: Array<{ token: string }> = await managerOf(context).execute(`select token from hub_freight_token where account = ? and deleted_at is null`, [account])
    return row?.token ?? null
  }

  /** Sets the account's token (null removes it); returns the one it replaced, for a workflow's compensation. */
  @InjectManager()
  async setFreightToken(account: string, token: string | null, @MedusaContext() context: Context = {}): Promise<string | null> {
    const manager = managerOf(context)
    const [before]: Array<{ token: string }> = await manager.execute(`select token from hub_freight_token where account = ? and deleted_at is null`, [account])
    if (token === null) await manager.execute(`delete from hub_freight_token where account = ?`, [account])
    else
      await manager.execute(
        `insert into hub_freight_token (id, account, token) values (?, ?, ?)
         on conflict (account) where deleted_at is null do update set token = excluded.token, updated_at = now()`,
        [generateEntityId(undefined, "hubfrt"), account, token]
      )
    return before?.token ?? null
  }

  /**
   * Cached prices of calculated options, by option id: the key's own row first, else the option's
   * row of the nearest weight band and the newest, from any CEP range (every range an option was
   * priced for is one its service zone serves). `maxAgeMs` bounds how old an answer may be.
   */
  @InjectManager()
  async cachedFreight(account: string, optionIds: string[], key: Omit<FreightCacheKey, "shippingOptionId">, maxAgeMs: number, @MedusaContext() context: Context = {}): Promise<Map<string, CachedFreight>> {
    if (!optionIds.length) return new Map()
    const rows: Array<{ shipping_option_id: string; amount: string; same_key: boolean }> = await managerOf(context).execute(
      `select distinct on (shipping_option_id) shipping_option_id, amount, (cep_range = ? and weight_band = ?) as same_key from hub_freight_cache
        where account = ? and deleted_at is null and updated_at > now() - (? * interval '1 millisecond') and shipping_option_id in (${optionIds.map(() => "?").join(", ")})
        order by shipping_option_id, same_key desc, abs(weight_band::numeric - ?::numeric), updated_at desc`,
      [key.cepRange, key.weightBand, account, maxAgeMs, ...optionIds, key.weightBand]
    )
    return new Map(rows.map((row) => [row.shipping_option_id, { amount: row.amount, sameKey: row.same_key }]))
  }

  /** Keeps a calculated option's fresh price (one statement, last write wins). */
  @InjectManager()
  async storeFreight(account: string, key: FreightCacheKey, amount: string, @MedusaContext() context: Context = {}): Promise<void> {
    await managerOf(context).execute(
      `insert into hub_freight_cache (id, account, shipping_option_id, cep_range, weight_band, amount) values (?, ?, ?, ?, ?, ?)
       on conflict (account, shipping_option_id, cep_range, weight_band) where deleted_at is null do update set amount = excluded.amount, updated_at = now()`,
      [generateEntityId(undefined, "hubfrc"), account, key.shippingOptionId, key.cepRange, key.weightBand, amount]
    )
  }

  private quotesSincePrune = 0

  /** Keeps an answered quote; every 100th in a process also drops the account's quotes past FREIGHT_QUOTES_KEPT_DAYS (a bounded delete). */
  @InjectManager()
  async recordFreightQuote(record: FreightQuoteRecord, @MedusaContext() context: Context = {}): Promise<void> {
    if (++this.quotesSincePrune >= 100) {
      this.quotesSincePrune = 0
      await managerOf(context).execute(
        `delete from hub_freight_quote where id in (select id from hub_freight_quote where account = ? and created_at < now() - (? * interval '1 day') limit 1000)`,
        [record.account, FREIGHT_QUOTES_KEPT_DAYS]
      )
    }
    await managerOf(context).execute(
      `insert into hub_freight_quote (id, account, contract, cep_range, options, ms, cache_hit, unknown_skus, source, timed_out) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [generateEntityId(undefined, "hubfrq"), record.account, record.contract, record.cepRange, record.options, record.ms, record.cacheHit, record.unknownSkus, record.source, record.timedOut]
    )
  }

  /** The account's last quotes, newest first, and the last day's percentiles, misses (no options answered) and answers at the deadline. */
  @InjectManager()
  async freightActivity(account: string, limit: number, @MedusaContext() context: Context = {}): Promise<{ last: Array<FreightQuoteRecord & { at: string }>; day: FreightFigures }> {
    const manager = managerOf(context)
    const rows: Array<{ contract: string; cep_range: string; options: number; ms: number; cache_hit: boolean; unknown_skus: number; source: FreightSource; timed_out: boolean; created_at: Date }> = await manager.execute(
      `select contract, cep_range, options, ms, cache_hit, unknown_skus, source, timed_out, created_at from hub_freight_quote where account = ? and deleted_at is null order by created_at desc limit ?`,
      [account, limit]
    )
    const [day]: Array<{ quotes: string; misses: string; hits: string; timed_out: string; p50: number | null; p95: number | null; p99: number | null }> = await manager.execute(
      `select count(*) as quotes, count(*) filter (where options = 0) as misses, count(*) filter (where cache_hit) as hits, count(*) filter (where timed_out) as timed_out,
              percentile_disc(0.5) within group (order by ms) as p50, percentile_disc(0.95) within group (order by ms) as p95,
              percentile_disc(0.99) within group (order by ms) as p99
         from hub_freight_quote where account = ? and deleted_at is null and created_at > now() - interval '1 day'`,
      [account]
    )
    return {
      last: rows.map((row) => ({ account, contract: row.contract, cepRange: row.cep_range, options: row.options, ms: row.ms, cacheHit: row.cache_hit, unknownSkus: row.unknown_skus, source: row.source, timedOut: row.timed_out, at: new Date(row.created_at).toISOString() })),
      day: { quotes: Number(day.quotes), misses: Number(day.misses), cacheHits: Number(day.hits), timedOut: Number(day.timed_out), p50: day.p50, p95: day.p95, p99: day.p99 },
    }
  }
}
