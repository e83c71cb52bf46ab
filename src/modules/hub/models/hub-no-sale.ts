import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"

/**
 * How an account's hub takes "no sale" in `promotional_price` (src/mapping/hub-no-sale.ts), as learnt
 * from its answers: the way it took last, and the ways it refused with words about the sale price
 * (never sent to it again). One row per account; none: nothing learnt yet.
 */
export const HubNoSale = model
  .define("hub_no_sale", {
    id: model.id({ prefix: "hubnsl" }).primaryKey(),
    account: accountColumn(),
    /** `NoSaleWay`: the way the hub took last; null: none yet. */
    taken: model.text().nullable(),
    /** `NoSaleWay`s the hub refused. */
    refused: model.array().default([]),
  })
  .indexes([{ on: ["account"], unique: true, where: "deleted_at IS NULL" }])
