import type { Context } from "@medusajs/framework/types"
import { DALUtils, generateEntityId } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { HubPriceRules } from "../../../mapping/hub-price-rules"
import { HubPriceRuleSet } from "../models"

/** Each account's price rules: saved in one statement, so two admins saving at once leave one set, the last. */
export class HubPriceRuleSetRepository extends DALUtils.mikroOrmBaseRepositoryFactory(HubPriceRuleSet) {
  async save(account: string, rules: HubPriceRules, context: Context = {}): Promise<void> {
    await this.getActiveManager<EntityManager>(context).execute(
      `insert into hub_price_rule_set (id, account, rules) values (?, ?, ?::jsonb)
       on conflict (account) where deleted_at is null do update set rules = excluded.rules, updated_at = now()`,
      [generateEntityId(undefined, "hubprc"), account, JSON.stringify(rules)]
    )
  }
}
