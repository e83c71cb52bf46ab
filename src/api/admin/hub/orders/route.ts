import { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { z } from "zod"
import { GetHubOrdersSchema } from "./validators"

/** The hub orders this store has seen: imported, waiting for stock, or set aside with the reason. */
export async function GET(req: MedusaRequest<unknown, z.infer<typeof GetHubOrdersSchema>>, res: MedusaResponse) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data: hub_orders, metadata } = await query.graph({
    entity: "hub_order",
    fields: req.queryConfig.fields,
    filters: req.filterableFields,
    pagination: req.queryConfig.pagination,
  })
  res.json({ hub_orders, count: metadata?.count, offset: metadata?.skip, limit: metadata?.take })
}
