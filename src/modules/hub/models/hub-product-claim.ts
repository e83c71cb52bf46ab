import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"

/**
 * A hub product being pushed (src/modules/hub/repositories/hub-product-claim.ts): one row per account and
 * hub product while a flusher holds it, so the product's publication and its SKUs' outbox rows are
 * claimed together, never apart. `hub_product` is the Medusa product id, or `sku:<sku>` for a SKU no
 * product holds. The holder renews `claimed_until` while its push is in flight; a flusher that dies
 * loses the claim then.
 */
export const HubProductClaim = model
  .define("hub_product_claim", {
    id: model.id({ prefix: "hubpcl" }).primaryKey(),
    account: accountColumn(),
    hub_product: model.text(),
    claim_token: model.text(),
    claimed_until: model.dateTime(),
  })
  .indexes([{ on: ["account", "hub_product"], unique: true, where: "deleted_at IS NULL" }, { on: ["claim_token"] }])
