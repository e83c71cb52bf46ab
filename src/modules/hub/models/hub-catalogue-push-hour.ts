import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"

/** Catalogue outbox pushes per hour (the hour's start), for the admin page: a handful of rows a day. */
export const HubCataloguePushHour = model
  .define("hub_catalogue_push_hour", {
    id: model.id({ prefix: "hubsph" }).primaryKey(),
    account: accountColumn(),
    hour: model.dateTime(),
    sent: model.number().default(0),
    failed: model.number().default(0),
  })
  .indexes([{ on: ["account", "hour"], unique: true }])
