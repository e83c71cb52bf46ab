import { createFindParams } from "@medusajs/medusa/api/utils/validators"
import { z } from "zod"

export const GetHubOrdersSchema = createFindParams({ limit: 50, offset: 0, order: "-updated_at" }).extend({
  import_state: z.enum(["importing", "imported", "needs_stock", "quarantined"]).optional(),
  code: z.string().optional(),
  /** The Medusa order: the order page's widget asks which hub order it came from. */
  order_id: z.string().optional(),
})

export const hubOrderQueryConfig = {
  defaults: [
    "id",
    "code",
    "channel",
    "status_code",
    "status_type",
    "import_state",
    "quarantine_reason",
    "order_id",
    "applied_status_type",
    "attempts",
    "imported_at",
    "updated_at",
  ],
  isList: true,
}
