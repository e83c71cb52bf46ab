import { model } from "@medusajs/framework/utils"

/** One status of the hub's catalogue (GET /statuses), custom statuses included. */
export const HubStatusEntry = model.define("hub_status", {
  id: model.id({ prefix: "hubsts" }).primaryKey(),
  code: model.text().unique(),
  label: model.text(),
  type: model.text(),
})
