import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"

/*
 * Medusa's order list searches (`q`) its order's `custom_display_id` (the hub code), `display_id` and
 * e-mail, never metadata: the marketplace's own order number, the one the buyer and the marketplace's
 * support quote, is kept on the plugin's record (`hub_order.remote_code`). This middleware runs on
 * `GET /admin/orders` after Medusa's own query validation (a plugin's middlewares follow Medusa's for
 * the same route), so `req.filterableFields` holds the validated filters the route reads: when `q` is
 * the marketplace number of hub orders, the search becomes those orders' ids; any other `q` is left to
 * Medusa's search as it is.
 */
export async function ordersByMarketplaceNumber(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction): Promise<void> {
  const { q, ...filters } = (req.filterableFields ?? {}) as Record<string, unknown>
  if (typeof q !== "string" || !q.trim()) return next()
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const ids = await hubModule.orderIdsByRemoteCode(q)
  if (!ids.length) return next()
  // Another id filter the caller gave still holds: both must.
  req.filterableFields = filters.id === undefined ? { ...filters, id: ids } : { ...filters, $and: [{ id: filters.id }, { id: ids }] }
  if (filters.id !== undefined) delete req.filterableFields.id
  next()
}
