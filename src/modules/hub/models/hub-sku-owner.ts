import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"

/**
 * A hub SKU's owner (a product's or a variation's SKU) on an account's hub: one Medusa product, which
 * takes it before the hub is read or written for it: two products of the store mapping to one SKU never share a hub
 * product, whether their pushes run one after the other, in one round, or on two workers at once (the
 * unique index decides). Kept while the product may hold that SKU on the hub; released when its
 * publication is gone or the product maps to another hub product (the old one disabled first).
 */
export const HubSkuOwner = model
  .define("hub_sku_owner", {
    id: model.id({ prefix: "hubsku" }).primaryKey(),
    account: accountColumn(),
    sku: model.text(),
    product_id: model.text(),
  })
  .indexes([{ on: ["account", "sku"], unique: true }, { on: ["account", "product_id"] }])
