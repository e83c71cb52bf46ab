import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"

/** One status of the hub's catalogue (GET /statuses), custom statuses included. */
export const HubStatusEntry = model
  .define("hub_status", {
    id: model.id({ prefix: "hubsts" }).primaryKey(),
    /** Each hub account has its own catalogue. */
    account: accountColumn(),
    code: model.text(),
    label: model.text(),
    type: model.text(),
  })
  .indexes([{ on: ["account", "code"], unique: true }])
