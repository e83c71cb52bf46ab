import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"

/** How a seller's answer in a SAC chat ended: in flight, taken by the hub, outcome unknown (its answer lost), or not taken. */
export const HUB_SAC_ANSWER_STATES = ["sending", "sent", "unknown", "failed"] as const

/**
 * The merchant's answer in a chat of a SAC ticket (docs/after-sale.md), sent once: one answer of a chat
 * in flight or of unknown outcome at a time (the partial unique index), and an answer whose outcome is
 * unknown read back from the hub's chat before anything is sent there again. `error`: the hub's words
 * when it refused.
 */
export const HubSacAnswer = model
  .define("hub_sac_answer", {
    id: model.id({ prefix: "hubsaa" }).primaryKey(),
    account: accountColumn(),
    ticket_code: model.text(),
    parts: model.text(),
    content: model.text(),
    state: model.enum([...HUB_SAC_ANSWER_STATES]).default("sending"),
    error: model.text().nullable(),
    sent_at: model.dateTime().nullable(),
  })
  .indexes([
    { name: "IDX_hub_sac_answer_in_flight", on: ["account", "ticket_code", "parts"], unique: true, where: "state IN ('sending', 'unknown') AND deleted_at IS NULL" },
    { on: ["account", "ticket_code"] },
  ])
