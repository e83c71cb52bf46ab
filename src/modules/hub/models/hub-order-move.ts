import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"
import { HUB_ORDER_MOVE_STATES, MERCHANT_MOVE_KINDS, OPEN_MOVE_STATES } from "../../../mapping/hub-order-states"

/**
 * One merchant move of a hub order (invoice, ship, deliver, shipment exception, cancel) and how it
 * ended. At most one move of a kind per order is in flight or of unknown outcome (a partial unique
 * index): a double click sends once, and a move whose answer was lost is resolved by reading the
 * hub order before anything is sent again. A move Medusa's fulfillment flow asked for is keyed by
 * its fulfillment instead (`claim_key`).
 */
export const HubOrderMove = model
  .define("hub_order_move", {
    id: model.id({ prefix: "hubmv" }).primaryKey(),
    account: accountColumn(),
    hub_order_id: model.text().index(),
    code: model.text(),
    kind: model.enum([...MERCHANT_MOVE_KINDS]),
    /** What the merchant asked for (invoice key, tracking, dates, observation): no customer data. */
    request: model.json(),
    /** See HUB_ORDER_MOVE_STATES (src/mapping/hub-order-states.ts). */
    state: model.enum([...HUB_ORDER_MOVE_STATES]).default("sending"),
    /** The hub status code the order had when the move ended. */
    hub_status_code: model.text().nullable(),
    error: model.text().nullable(),
    error_status: model.number().nullable(),
    attempts: model.number().default(1),
    claimed_until: model.dateTime().nullable(),
    finished_at: model.dateTime().nullable(),
    /**
     * Set on a move asked for by Medusa's own fulfillment flow (`ship:<fulfillment id>`,
     * `deliver:<fulfillment id>`): one row per key ever, so a redelivered event sends nothing again.
     * Null for the card's moves.
     */
    claim_key: model.text().nullable(),
    /** Why recording a move the hub took in Medusa (fulfillment, shipment, delivery, metadata) failed; null once recorded. */
    medusa_error: model.text().nullable(),
  })
  .indexes([
    {
      on: ["hub_order_id", "kind"],
      unique: true,
      where: `state IN (${OPEN_MOVE_STATES.map((state) => `'${state}'`).join(", ")}) AND claim_key IS NULL AND deleted_at IS NULL`,
    },
    { on: ["claim_key"], unique: true, where: "claim_key IS NOT NULL AND deleted_at IS NULL" },
  ])
