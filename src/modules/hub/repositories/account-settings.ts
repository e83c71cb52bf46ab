import type { Context } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { HubFieldMapping as FieldMapping } from "../../../mapping/hub-field-mapping"
import type { HubPriceRules } from "../../../mapping/hub-price-rules"
import { HubFieldMapping, HubPriceRuleSet } from "../models"

/**
 * An account's settings row (one per account) saved in one statement, so two admins saving at once
 * leave one, the last.
 */
function saveOne(manager: EntityManager, table: string, prefix: string, column: string, account: string, value: unknown) {
  return manager.execute(
    `insert into ${table} (id, account, ${column}) values (?, ?, ?::jsonb)
     on conflict (account) where deleted_at is null do update set ${column} = excluded.${column}, updated_at = now()`,
    [generateEntityId(undefined, prefix), account, JSON.stringify(value)]
  )
}

/** Each account's price rules. */
export class HubPriceRuleSetRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubPriceRuleSet) {
  async save(account: string, rules: HubPriceRules, context: Context = {}): Promise<void> {
    await saveOne(this.getActiveManager<EntityManager>(context), "hub_price_rule_set", "hubprc", "rules", account, rules)
  }
}

/** Each account's mapping of hub fields. */
export class HubFieldMappingRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubFieldMapping) {
  async save(account: string, mapping: FieldMapping, context: Context = {}): Promise<void> {
    await saveOne(this.getActiveManager<EntityManager>(context), "hub_field_mapping", "hubmap", "mapping", account, mapping)
  }
}
