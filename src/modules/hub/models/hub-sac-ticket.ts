import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"

/**
 * A ticket of the marketplace's customer service (docs/after-sale.md): one row per account and hub
 * code, as the last read of `GET /sac` and the ticket's chats, lines and refunds gave it. Its order is
 * the hub order of `order_code` in the same account (read through `hub_order`, so a ticket whose
 * order the store never imported is kept all the same, with the hub's code). `chats`: each chat's parts
 * and statuses and its messages (when, the author's role, the text, when the seller answered): never
 * the buyer's name or e-mail. `waiting_since`: the oldest message to the seller still unanswered in any
 * of its chats (null when none waits).
 */
export const HubSacTicket = model
  .define("hub_sac_ticket", {
    id: model.id({ prefix: "hubsac" }).primaryKey(),
    account: accountColumn(),
    code: model.text(),
    order_code: model.text().nullable(),
    status: model.text().nullable(),
    platform: model.text().nullable(),
    mediation: model.boolean().nullable(),
    warehouse: model.text().nullable(),
    action: model.json().nullable(),
    cause: model.json().nullable(),
    items: model.json().nullable(),
    refunds: model.json().nullable(),
    chats: model.json().nullable(),
    hub_created_at: model.text().nullable(),
    hub_updated_at: model.text().nullable(),
    unread: model.boolean().default(false),
    waiting_since: model.dateTime().nullable(),
    /** When a read of the hub last listed it, and last read its chats. */
    seen_at: model.dateTime(),
    chats_read_at: model.dateTime().nullable(),
  })
  .indexes([
    { name: "IDX_hub_sac_ticket_unique", on: ["account", "code"], unique: true, where: "deleted_at IS NULL" },
    { on: ["account", "unread", "waiting_since"] },
  ])
