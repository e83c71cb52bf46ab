import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"

/** What a sync error is about on the hub: a product (by its SKU) or an order (by its code). */
export const HUB_SYNC_ERROR_ENTITIES = ["products", "orders"] as const

/**
 * Something a marketplace refused after the hub took it (docs/catalogue.md, Refused by the
 * marketplace): one row per account, entity, SKU or order code, and the hub's category and error code,
 * as `GET /sync_errors/{entity}` last listed it, with the hub's words for it (`name`, `solution`).
 * `cleared_at`: the plugin told the hub it is fixed (a push of the product taken since); the hub
 * listing it again brings it back (null). Rows the hub no longer lists are deleted by the next whole
 * read. No customer data: SKUs, order codes and the hub's texts.
 */
export const HubSyncError = model
  .define("hub_sync_error", {
    id: model.id({ prefix: "hubsyn" }).primaryKey(),
    account: accountColumn(),
    entity: model.enum([...HUB_SYNC_ERROR_ENTITIES]),
    entity_id: model.text(),
    error_category_code: model.text(),
    error_code: model.text(),
    message: model.text().nullable(),
    name: model.text().nullable(),
    solution: model.text().nullable(),
    occurrences: model.number().nullable(),
    last_occurrence: model.text().nullable(),
    /** When a read of the hub last listed it. */
    seen_at: model.dateTime(),
    cleared_at: model.dateTime().nullable(),
  })
  .indexes([
    // Named: the generated name passes PostgreSQL's 63 characters.
    { name: "IDX_hub_sync_error_unique", on: ["account", "entity", "entity_id", "error_category_code", "error_code"], unique: true, where: "deleted_at IS NULL" },
    { on: ["account", "entity", "seen_at"] },
  ])
