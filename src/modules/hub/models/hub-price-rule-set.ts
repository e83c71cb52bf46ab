import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"

/**
 * One hub account's price rules (src/mapping/hub-price-rules.ts), as the merchant saved them in the
 * admin: one row per account; none means Medusa's price as it is.
 */
export const HubPriceRuleSet = model
  .define("hub_price_rule_set", {
    id: model.id({ prefix: "hubprc" }).primaryKey(),
    account: accountColumn(),
    /** `hubPriceRulesSchema`'s output: read back through it, so a row written by an older version still parses. */
    rules: model.json(),
  })
  .indexes([{ on: ["account"], unique: true, where: "deleted_at IS NULL" }])
