import { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { z } from "zod"
import { GetHubOrdersSchema } from "./validators"

/** A page of the hub orders this store has seen (imported, waiting for stock, or set aside with the reason), and how many in all. */
export async function GET(req: MedusaRequest<unknown, z.infer<typeof GetHubOrdersSchema>>, res: MedusaResponse) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data: hub_orders, metadata } = await query.graph({
    entity: "hub_order",
    fields: req.queryConfig.fields,
    filters: req.filterableFields,
    // The row's id after the asked order, so that pages never overlap on rows updated together.
    pagination: { ...req.queryConfig.pagination, order: { ...req.queryConfig.pagination.order, id: "ASC" } },
  })
  res.json({ hub_orders, count: metadata?.count, offset: metadata?.skip, limit: metadata?.take })
}
