import type { MedusaRequest } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { createFindParams } from "@medusajs/medusa/api/utils/validators"
import { z } from "zod"
import { HUB_ORDER_IMPORT_STATES } from "../../../../mapping/hub-order-states"
import { unsafeHubOrderCode } from "../../../../mapping/listed-hub-order"
import { accountIdSchema } from "../../../../modules/hub/accounts"
import { HUB_ORDER_SORTS } from "../../../../modules/hub/types"

/** What the list is ordered by, newest or latest first with a `-` (`-updated_at`, `expedition_limit_date`: the soonest ship-by first); absent values last. */
const HUB_ORDER_ORDERS = HUB_ORDER_SORTS.flatMap((field) => [field, `-${field}`] as const)

const importState = z.enum(HUB_ORDER_IMPORT_STATES, { error: `import_state must be one of ${HUB_ORDER_IMPORT_STATES.join(", ")}` })

/** `GET /admin/hub/orders`: a page (limit, offset; Medusa's 400 names a bad field), of one import state or several. */
export const GetHubOrdersSchema = createFindParams({ limit: 50, offset: 0, order: "-updated_at" }).extend({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** One state, or several (`import_state[]=set_aside&import_state[]=needs_stock`): the hub page lists those needing the merchant as one. */
  import_state: z.union([importState, z.array(importState).min(1)]).optional(),
  code: z.string().optional(),
  /** One hub account's orders (every account's when not named: the order page's widget finds an order's by its Medusa order). */
  account: accountIdSchema.optional(),
  /** The Medusa order: the order page's widget asks which hub order it came from. */
  order_id: z.string().optional(),
  /** A part of the hub code or of the marketplace's own order number (`remote_code`), case aside. */
  q: z.string().trim().min(1, "q must not be empty").max(100, "q must be at most 100 characters").optional(),
  order: z.enum(HUB_ORDER_ORDERS, { error: `order must be one of ${HUB_ORDER_ORDERS.join(", ")}` }).default("-updated_at"),
})

export const hubOrderQueryConfig = {
  defaults: [
    "id",
    "account",
    "code",
    "channel",
    "calculation_type",
    "shipping_method",
    "shipping_carrier",
    "status_code",
    "status_type",
    "import_state",
    "set_aside_reason",
    "order_id",
    "applied_status_type",
    "remote_code",
    "expedition_limit_date",
    "attempts",
    "imported_at",
    "updated_at",
  ],
  isList: true,
}

/**
 * A hub order code as a route's path gives it (`/admin/hub/orders/:code/...`), checked as the import
 * checks the hub's (`unsafeHubOrderCode`): Express decodes `%2E%2E` to `..`, which `encodeURIComponent`
 * leaves as it is, so it would reach the hub as a path segment.
 */
export const HubOrderCodeParamSchema = z.string().superRefine((code, context) => {
  const problem = unsafeHubOrderCode(code)
  if (problem) context.addIssue({ code: "custom", message: problem })
})

/** The path's hub order code, or a 400 naming the field (the middlewares validate bodies and queries, not paths). */
export function hubOrderCodeParam(req: MedusaRequest): string {
  const parsed = HubOrderCodeParamSchema.safeParse(req.params.code)
  if (!parsed.success) throw new MedusaError(MedusaError.Types.INVALID_DATA, `code: ${parsed.error.issues[0].message}`)
  return parsed.data
}
