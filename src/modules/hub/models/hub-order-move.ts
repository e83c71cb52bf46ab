import { model } from "@medusajs/framework/utils"

/**
 * One merchant move of a hub order (invoice, ship, deliver, shipment exception, cancel) and how it
 * ended. At most one move of a kind per order is in flight or of unknown outcome (a partial unique
 * index): a double click sends once, and a move whose answer was lost is resolved by reading the
 * hub order before anything is sent again.
 */
export const HubOrderMove = model
  .define("hub_order_move", {
    id: model.id({ prefix: "hubmv" }).primaryKey(),
    hub_order_id: model.text().index(),
    code: model.text(),
    kind: model.enum(["invoice", "ship", "deliver", "shipment_exception", "cancel"]),
    /** What the merchant asked for (invoice key, tracking, dates, observation): no customer data. */
    request: model.json(),
    /**
     * sending: claimed, the request may be on its way; done: the hub order has the target status;
     * rejected: refused (by the hub, or before sending because the hub order's status does not allow
     * it); unknown: sent, answer lost; failed: not sent, or surely not taken (safe to try again).
     */
    state: model.enum(["sending", "done", "rejected", "unknown", "failed"]).default("sending"),
    /** The hub status code the order had when the move ended. */
    hub_status_code: model.text().nullable(),
    error: model.text().nullable(),
    error_status: model.number().nullable(),
    attempts: model.number().default(1),
    claimed_until: model.dateTime().nullable(),
    finished_at: model.dateTime().nullable(),
  })
  .indexes([
    {
      on: ["hub_order_id", "kind"],
      unique: true,
      where: "state IN ('sending', 'unknown') AND deleted_at IS NULL",
    },
  ])
