import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"
import { HUB_ORDER_IMPORT_STATES } from "../../../mapping/hub-order-states"

/**
 * One hub order as this store knows it: the claim that makes its import happen once (the code
 * is unique in its account), the Medusa order it became, and the hub status last seen. The customer's personal
 * data is not copied here: it lives on the Medusa order and customer, where Medusa keeps it.
 */
export const HubOrder = model
  .define("hub_order", {
    id: model.id({ prefix: "hubord" }).primaryKey(),
    account: accountColumn(),
    /** Unique within its account: two hub accounts may each have an order of the same code. */
    code: model.text(),
    channel: model.text().nullable(),
    /** Who carries it, in the order's words (`hubDeliveryOf`: the marketplace's Correios, Direct or warehouse, or the merchant). */
    calculation_type: model.text().nullable(),
    shipping_method: model.text().nullable(),
    shipping_carrier: model.text().nullable(),
    /** The marketplace's own order number (`import_info.remote_code`): the one the buyer and its support quote. */
    remote_code: model.text().nullable(),
    /** The dispatch deadline the marketplace holds the seller to (`expedition_limit_date`). */
    expedition_limit_date: model.dateTime().nullable(),
    status_code: model.text(),
    /** The status type (NEW, APPROVED, ...) the code resolved to; decisions go by it. */
    status_type: model.text(),
    import_state: model.enum([...HUB_ORDER_IMPORT_STATES]).default("importing"),
    /** Why the order was set aside (never personal data). */
    set_aside_reason: model.text().nullable(),
    /** sha256 of the hub's representation, to tell a changed order from one seen before. */
    payload_digest: model.text(),
    /** The Medusa order it became: the one record of that relation. */
    order_id: model.text().index().nullable(),
    /** The hub status type whose effect (paid, canceled) has been applied to the Medusa order. */
    applied_status_type: model.text().nullable(),
    claimed_at: model.dateTime().nullable(),
    imported_at: model.dateTime().nullable(),
    attempts: model.number().default(0),
    /**
     * A canceled order's last check for stock Medusa still reserves for it, when it was clean: null
     * while never checked or still leaking. Set by SQL alone, so `updated_at` says what changed since.
     */
    leak_checked_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["account", "code"], unique: true },
    { on: ["import_state"] },
    // Found by the marketplace's number; the orders to ship listed by their deadline.
    { on: ["account", "remote_code"] },
    { on: ["account", "expedition_limit_date"] },
  ])
