import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"

/**
 * Requests to the hub per hour (its start) and endpoint template, added up from every process's
 * hub client (docs/hub-interface.md §7 rule 3: 4xx are counted), for the hub page's chart.
 */
export const HubTrafficHour = model
  .define("hub_traffic_hour", {
    id: model.id({ prefix: "hubtrh" }).primaryKey(),
    account: accountColumn(),
    hour: model.dateTime(),
    /** `POST /orders/{code}/invoice`: the template, never a code or SKU. */
    endpoint: model.text(),
    requests: model.number().default(0),
    /** Every 4xx answer, 429 included. */
    client_errors: model.number().default(0),
    rate_limited: model.number().default(0),
  })
  .indexes([{ on: ["account", "hour", "endpoint"], unique: true }])
