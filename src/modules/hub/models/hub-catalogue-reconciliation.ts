import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"

/** One walk of the hub's products comparing their synced fields (qty and `catalogueFields`) with Medusa's. */
export const HubCatalogueReconciliation = model.define("hub_catalogue_reconciliation", {
  id: model.id({ prefix: "hubrec" }).primaryKey(),
  account: accountColumn(),
  started_at: model.dateTime(),
  finished_at: model.dateTime().nullable(),
  /** Hub products read. */
  seen: model.number().default(0),
  /** Seen products whose hub qty differed from Medusa's available quantity (queued to fix). */
  differing: model.number().default(0),
  /** The same per field: `{ qty: 3, price: 1 }`. */
  differing_fields: model.json().default({}),
  /** Of those, the pushes that landed. */
  fixed: model.number().default(0),
  /** Hub products with no Medusa variant of that SKU (left alone). */
  unknown: model.number().default(0),
  /**
   * Canceled hub orders whose Medusa order still held reserved stock when the walk ended: units the
   * hub is told are not there (see GET /admin/hub/stock/leaks).
   */
  leaked_orders: model.number().default(0),
  /** The account's other warehouses' part (option `warehouses`), by store code: `{ "02": { seen: 120, differing: 3 } }`. */
  warehouses: model.json().default({}),
  /** Why the walk ended early, if it did: products not seen were left untouched. */
  error: model.text().nullable(),
})
