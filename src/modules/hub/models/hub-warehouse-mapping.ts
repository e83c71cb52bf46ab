import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"

/**
 * One hub account's warehouses besides the default `98` (docs/catalogue.md, *Warehouses*), as the
 * merchant saved them in Settings → Marketplace hub: one row per account; none means what the option
 * `warehouses` says.
 */
export const HubWarehouseMapping = model
  .define("hub_warehouse_mapping", {
    id: model.id({ prefix: "hubwhm" }).primaryKey(),
    account: accountColumn(),
    /** `[{ code, stockLocationId }]`, read back through the option's own schema: a row an older version wrote that no longer parses counts as none. */
    warehouses: model.json(),
  })
  .indexes([{ on: ["account"], unique: true, where: "deleted_at IS NULL" }])
