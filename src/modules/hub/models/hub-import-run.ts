import { model } from "@medusajs/framework/utils"
import { accountColumn } from "./account"

/** One run of the order import, for the admin page and the logs. */
export const HubImportRun = model.define("hub_import_run", {
  id: model.id({ prefix: "hubrun" }).primaryKey(),
  account: accountColumn(),
  started_at: model.dateTime(),
  /** How the run read the hub: the orders listing, or the order queue. */
  intake: model.enum(["listing", "queue"]).default("listing"),
  /** A queue run that ended because the queue was empty: it was, at `finished_at`. */
  drained: model.boolean().default(false),
  finished_at: model.dateTime().nullable(),
  /**
   * The running run's lease: moved on while its process holds the import's lock, so a run whose process
   * died (a restart, a deploy) is told apart once it passes (`importRunState`: interrupted).
   */
  held_until: model.dateTime().nullable(),
  seen: model.number().default(0),
  imported: model.number().default(0),
  updated: model.number().default(0),
  set_aside: model.number().default(0),
  duration_ms: model.number().nullable(),
  /** Why the run ended early (the hub unreachable, a listing cut short), if it did. */
  error: model.text().nullable(),
})
  // Last runs reads an account's runs newest first, and each run's end drops those past 30 days.
  .indexes([{ on: ["account", "started_at"] }])
