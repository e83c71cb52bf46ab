import type { Context } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { NoSaleMemory, NoSaleWay } from "../../../mapping/hub-no-sale"
import { HubFieldMapping, HubPriceRuleSet, HubWarehouseMapping } from "../models"

/** Where the walk applying an account's saved price rules stands: the rules' version and the last SKU it recorded again. */
export type PriceRulesApply = { version: number; appliedThrough: string | null }

/**
 * Each account's price rules, and the walk that applies a save to the catalogue: the save and the
 * walk's start are one statement, each chunk moves its place on only while no newer save came (the
 * version fences it), so a walk killed at any line is taken up from its place by the next one, and a
 * save made meanwhile starts it over.
 */
export class HubPriceRuleSetRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubPriceRuleSet) {
  /**
   * Saves the rules and starts their walk, in one statement: two admins saving at once leave one, the
   * last. Returns the rules it replaced as stored (a row an older version wrote, unparsed), null if none.
   */
  async save(account: string, rules: unknown, context: Context = {}): Promise<unknown> {
    const [row]: Array<{ previous: unknown }> = await this.getActiveManager<EntityManager>(context).execute(
      `with before as (select rules from hub_price_rule_set where account = ? and deleted_at is null)
       insert into hub_price_rule_set (id, account, rules, version, applying) values (?, ?, ?::jsonb, 1, true)
       on conflict (account) where deleted_at is null do update set
         rules = excluded.rules, version = hub_price_rule_set.version + 1, applying = true, applied_through = null, updated_at = now()
       returning (select rules from before) as previous`,
      [account, generateEntityId(undefined, "hubprc"), account, JSON.stringify(rules)]
    )
    return row?.previous ?? null
  }

  /** The account's rules as stored (unparsed: a row an older version wrote), null if none. */
  async stored(account: string, context: Context = {}): Promise<unknown> {
    const [row]: Array<{ rules: unknown }> = await this.getActiveManager<EntityManager>(context).execute(
      `select rules from hub_price_rule_set where account = ? and deleted_at is null limit 1`,
      [account]
    )
    return row?.rules ?? null
  }

  /** Removes the account's rules (Medusa's price as it is again). */
  async clear(account: string, context: Context = {}): Promise<void> {
    await this.getActiveManager<EntityManager>(context).execute(`delete from hub_price_rule_set where account = ?`, [account])
  }

  /** The walk still to do for the account's saved rules; null when they are applied (or none were saved). */
  async applyState(account: string, context: Context = {}): Promise<PriceRulesApply | null> {
    const [row]: Array<{ version: number; applied_through: string | null }> = await this.getActiveManager<EntityManager>(context).execute(
      `select version, applied_through from hub_price_rule_set where account = ? and deleted_at is null and applying`,
      [account]
    )
    return row ? { version: row.version, appliedThrough: row.applied_through } : null
  }

  /** The account's next `limit` SKUs of the outbox after `after` (SKU order): what the walk records again next. */
  async skusAfter(account: string, after: string | null, limit: number, context: Context = {}): Promise<string[]> {
    const rows: Array<{ sku: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `select sku from hub_catalogue_change where account = ? and warehouse = '98' and deleted_at is null and (?::text is null or sku > ?::text) order by sku limit ?`,
      [account, after, after, limit]
    )
    return rows.map((row) => row.sku)
  }

  /** Moves the walk's place on to `through` (null: the walk is over), unless a newer save came; whether it did. */
  async advanceApply(account: string, version: number, through: string | null, context: Context = {}): Promise<boolean> {
    const rows: unknown[] = await this.getActiveManager<EntityManager>(context).execute(
      `update hub_price_rule_set set applied_through = ?, applying = ?::text is not null, updated_at = now()
        where account = ? and deleted_at is null and version = ? and applying returning id`,
      [through, through, account, version]
    )
    return rows.length > 0
  }

  /** What the account's hub taught of "no sale" (src/mapping/hub-no-sale.ts); nothing learnt: no row. */
  async noSale(account: string, context: Context = {}): Promise<NoSaleMemory> {
    const [row]: Array<{ taken: NoSaleWay | null; refused: NoSaleWay[] }> = await this.getActiveManager<EntityManager>(context).execute(
      `select taken, refused from hub_no_sale where account = ? and deleted_at is null`,
      [account]
    )
    return row ? { taken: row.taken, refused: row.refused } : { taken: null, refused: [] }
  }

  /**
   * The hub took `taken`, or refused `refused` (a way is never both): one statement, so two workers
   * learning at once both land; a refused way stays refused.
   */
  async learnNoSale(account: string, learnt: { taken: NoSaleWay } | { refused: NoSaleWay }, context: Context = {}): Promise<void> {
    const taken = "taken" in learnt ? learnt.taken : null
    const refused = "refused" in learnt ? learnt.refused : null
    await this.getActiveManager<EntityManager>(context).execute(
      `insert into hub_no_sale (id, account, taken, refused) values (?, ?, ?, case when ?::text is null then '{}'::text[] else array[?::text] end)
       on conflict (account) where deleted_at is null do update set
         taken = case when ?::text is not null and not (?::text = any(hub_no_sale.refused)) then ?::text
                      when hub_no_sale.taken = ?::text then null else hub_no_sale.taken end,
         refused = case when ?::text is null or ?::text = any(hub_no_sale.refused) then hub_no_sale.refused else array_append(hub_no_sale.refused, ?::text) end,
         updated_at = now()`,
      [generateEntityId(undefined, "hubnsl"), account, taken, refused, refused, taken, taken, taken, refused, refused, refused, refused]
    )
  }

  /** How far the walk is: SKUs recorded again, of how many the account has (null when nothing is being applied). */
  async applyProgress(account: string, context: Context = {}): Promise<{ recorded: number; skus: number } | null> {
    const [row]: Array<{ recorded: string; skus: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `select count(*) filter (where r.applied_through is not null and c.sku <= r.applied_through) as recorded, count(c.id) as skus
         from hub_price_rule_set as r left join hub_catalogue_change as c on c.account = r.account and c.warehouse = '98' and c.deleted_at is null
        where r.account = ? and r.deleted_at is null and r.applying
        group by r.id`,
      [account]
    )
    return row ? { recorded: Number(row.recorded), skus: Number(row.skus) } : null
  }

  /** When the last walk went through the whole catalogue, and over how many SKUs it has now (null: rules never saved, or a walk going on). */
  async lastApplied(account: string, context: Context = {}): Promise<{ at: Date; skus: number } | null> {
    // The walk's end is the row's last write: a save starts a walk, each round moves it on, the last one ends it.
    const [row]: Array<{ at: Date; skus: string }> = await this.getActiveManager<EntityManager>(context).execute(
      `select r.updated_at as at, (select count(*) from hub_catalogue_change c where c.account = r.account and c.warehouse = '98' and c.deleted_at is null) as skus
         from hub_price_rule_set as r where r.account = ? and r.deleted_at is null and not r.applying`,
      [account]
    )
    return row ? { at: row.at, skus: Number(row.skus) } : null
  }
}

/** Each account's mapping of hub fields. */
export class HubFieldMappingRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubFieldMapping) {
  /** Saves the mapping in one statement (two admins saving at once leave one, the last); returns the one it replaced as stored, null if none. */
  async save(account: string, mapping: unknown, context: Context = {}): Promise<unknown> {
    const [row]: Array<{ previous: unknown }> = await this.getActiveManager<EntityManager>(context).execute(
      `with before as (select mapping from hub_field_mapping where account = ? and deleted_at is null)
       insert into hub_field_mapping (id, account, mapping) values (?, ?, ?::jsonb)
       on conflict (account) where deleted_at is null do update set mapping = excluded.mapping, updated_at = now()
       returning (select mapping from before) as previous`,
      [account, generateEntityId(undefined, "hubmap"), account, JSON.stringify(mapping)]
    )
    return row?.previous ?? null
  }

  /** The account's mapping as stored (unparsed: a row an older version wrote), null if none. */
  async stored(account: string, context: Context = {}): Promise<unknown> {
    const [row]: Array<{ mapping: unknown }> = await this.getActiveManager<EntityManager>(context).execute(
      `select mapping from hub_field_mapping where account = ? and deleted_at is null limit 1`,
      [account]
    )
    return row?.mapping ?? null
  }

  /** Removes the account's mapping (what its options say again). */
  async clear(account: string, context: Context = {}): Promise<void> {
    await this.getActiveManager<EntityManager>(context).execute(`delete from hub_field_mapping where account = ?`, [account])
  }
}

/** Each account's warehouses as the merchant saved them. */
export class HubWarehouseMappingRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubWarehouseMapping) {
  /** Saves the warehouses in one statement (two admins saving at once leave one, the last); returns those it replaced as stored, null if none. */
  async save(account: string, warehouses: unknown, context: Context = {}): Promise<unknown> {
    const [row]: Array<{ previous: unknown }> = await this.getActiveManager<EntityManager>(context).execute(
      `with before as (select warehouses from hub_warehouse_mapping where account = ? and deleted_at is null)
       insert into hub_warehouse_mapping (id, account, warehouses) values (?, ?, ?::jsonb)
       on conflict (account) where deleted_at is null do update set warehouses = excluded.warehouses, updated_at = now()
       returning (select warehouses from before) as previous`,
      [account, generateEntityId(undefined, "hubwhm"), account, JSON.stringify(warehouses)]
    )
    return row?.previous ?? null
  }

  /** Each of these accounts' warehouses as stored (unparsed), for those that saved some. */
  async stored(accounts: string[], context: Context = {}): Promise<Map<string, unknown>> {
    if (!accounts.length) return new Map()
    const rows: Array<{ account: string; warehouses: unknown }> = await this.getActiveManager<EntityManager>(context).execute(
      `select account, warehouses from hub_warehouse_mapping where account in (select jsonb_array_elements_text(?::jsonb)) and deleted_at is null`,
      [JSON.stringify(accounts)]
    )
    return new Map(rows.map((row) => [row.account, row.warehouses]))
  }

  /** Removes the account's warehouses (what its option says again). */
  async clear(account: string, context: Context = {}): Promise<void> {
    await this.getActiveManager<EntityManager>(context).execute(`delete from hub_warehouse_mapping where account = ?`, [account])
  }
}
