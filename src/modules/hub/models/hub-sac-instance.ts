import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"

/** How the seller's instance ended on the hub: in flight, taken, outcome unknown (its answer lost), or refused. */
export const HUB_SAC_INSTANCE_STATES = ["sending", "sent", "unknown", "failed"] as const

/**
 * What the seller does about a SAC ticket (docs/after-sale.md): the hub's instance (`CANCEL`, `RETURN`,
 * `EXCHANGE`) and Medusa's own cancellation, return or exchange carried out for it. One live instance a
 * ticket (the partial unique index: in flight, of unknown outcome, or taken), and one of unknown outcome
 * read back from the hub's instances before anything is sent again. `request`: the body sent;
 * `hub_instance`: the hub's answer or what a read back found; `error`: the hub's words when it refused;
 * `return_id` / `exchange_id`: Medusa's return or exchange; `received_at`: the goods back in stock;
 * `refund_reason_id`: the Medusa refund reason the merchant chose for the buyer's refund (the plugin's when
 * none); `refund_id`: Medusa's refund recorded when the goods were received.
 */
export const HubSacInstance = model
  .define("hub_sac_instance", {
    id: model.id({ prefix: "hubsai" }).primaryKey(),
    account: accountColumn(),
    ticket_code: model.text(),
    action: model.enum(["CANCEL", "RETURN", "EXCHANGE"]),
    order_id: model.text(),
    request: model.json(),
    state: model.enum([...HUB_SAC_INSTANCE_STATES]).default("sending"),
    error: model.text().nullable(),
    hub_instance: model.json().nullable(),
    hub_status: model.text().nullable(),
    return_id: model.text().nullable(),
    exchange_id: model.text().nullable(),
    received_at: model.dateTime().nullable(),
    refund_reason_id: model.text().nullable(),
    refund_id: model.text().nullable(),
  })
  .indexes([
    { name: "IDX_hub_sac_instance_live", on: ["account", "ticket_code"], unique: true, where: "state IN ('sending', 'unknown', 'sent') AND deleted_at IS NULL" },
    { on: ["account", "order_id"] },
  ])
