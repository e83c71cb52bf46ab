import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"

/**
 * One hub account's price rules (src/mapping/hub-price-rules.ts), as the merchant saved them in the
 * admin: one row per account; none means Medusa's price as it is. A save is applied to the catalogue
 * by walking the account's SKUs in order, a chunk at a time, the walk's place kept here, so a process
 * killed mid-walk leaves the rest to the next one.
 */
export const HubPriceRuleSet = model
  .define("hub_price_rule_set", {
    id: model.id({ prefix: "hubprc" }).primaryKey(),
    account: accountColumn(),
    /** `hubPriceRulesSchema`'s output: read back through it, so a row written by an older version still parses. */
    rules: model.json(),
    /** Raised by each save: a walk applying older rules (`applied_through`) is fenced by it. */
    version: model.number().default(0),
    /** True from a save until every SKU of the account was recorded again under these rules (src/sync/catalogue/price-rules.ts). */
    applying: model.boolean().default(false),
    /** The last SKU (in SKU order) recorded again under these rules; null: none yet. */
    applied_through: model.text().nullable(),
  })
  .indexes([{ on: ["account"], unique: true, where: "deleted_at IS NULL" }])
