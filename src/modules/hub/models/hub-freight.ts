import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"

/*
 * Freight quotes answered by Medusa (docs/freight.md). In PostgreSQL, so any process (server or
 * worker) checks the same token, answers from the same cache and counts in the same figures.
 */

/** The account's quote route token (in its URL): one per account, rotated by the admin's workflow. */
export const HubFreightToken = model
  .define("hub_freight_token", {
    id: model.id({ prefix: "hubfrt" }).primaryKey(),
    account: accountColumn(),
    token: model.text(),
  })
  .indexes([{ on: ["account"], unique: true, where: "deleted_at IS NULL" }])

/** A calculated option's last price for a CEP range, weight band and volume band, for answers past the time budget; pruned past `freight.cacheMaxAgeMinutes`. */
export const HubFreightCache = model
  .define("hub_freight_cache", {
    id: model.id({ prefix: "hubfrc" }).primaryKey(),
    account: accountColumn(),
    shipping_option_id: model.text(),
    /** The CEP's first five digits, never the full CEP. */
    cep_range: model.text(),
    weight_band: model.text(),
    /** The parcel's volume band in litres (carriers price the cubed weight); "" on rows kept before it was keyed. */
    volume_band: model.text().default(""),
    /** Medusa's price before the account's rules, a decimal string. */
    amount: model.text(),
  })
  // Named: the generated name passes PostgreSQL's 63 characters.
  .indexes([
    { name: "IDX_hub_freight_cache_key_unique", on: ["account", "shipping_option_id", "cep_range", "weight_band", "volume_band"], unique: true, where: "deleted_at IS NULL" },
    // The prune's (repositories/hub-freight.ts).
    { on: ["account", "updated_at"] },
  ])

/** One answered quote, for the admin's last quotes and percentiles: no buyer data, five digits of the CEP. */
export const HubFreightQuote = model
  .define("hub_freight_quote", {
    id: model.id({ prefix: "hubfrq" }).primaryKey(),
    account: accountColumn(),
    contract: model.text(),
    cep_range: model.text(),
    options: model.number(),
    ms: model.number(),
    cache_hit: model.boolean().default(false),
    unknown_skus: model.number().default(0),
    /** Where its calculated options were priced from (live, cache, zone_table, zone_cache): the weakest used. */
    source: model.text().default("live"),
    /** Answered at the whole request's deadline with what was priced by then. */
    timed_out: model.boolean().default(false),
  })
  .indexes([{ on: ["account", "created_at"] }])
