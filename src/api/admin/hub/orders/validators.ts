import { createFindParams } from "@medusajs/medusa/api/utils/validators"
import { z } from "zod"
import { HUB_ORDER_IMPORT_STATES } from "../../../../mapping/hub-order-states"

export const GetHubOrdersSchema = createFindParams({ limit: 50, offset: 0, order: "-updated_at" }).extend({
  import_state: z.enum(HUB_ORDER_IMPORT_STATES).optional(),
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
    "set_aside_reason",
    "order_id",
    "applied_status_type",
    "attempts",
    "imported_at",
    "updated_at",
  ],
  isList: true,
}
