import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"

/**
 * One hub account's mapping of hub fields to Medusa's (src/mapping/hub-field-mapping.ts), as the merchant
 * saved it in the admin: one row per account; none means what the options say (`brandFrom`, `specificationKeys`).
 */
export const HubFieldMapping = model
  .define("hub_field_mapping", {
    id: model.id({ prefix: "hubmap" }).primaryKey(),
    account: accountColumn(),
    /** `hubFieldMappingSchema`'s output: read back through it, so a row written by an older version still parses. */
    mapping: model.json(),
  })
  .indexes([{ on: ["account"], unique: true, where: "deleted_at IS NULL" }])
