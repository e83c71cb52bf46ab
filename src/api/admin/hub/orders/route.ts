import { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { z } from "zod"
import { HUB_MODULE } from "../../../../modules/hub"
import type HubModuleService from "../../../../modules/hub/service"
import type { HubOrderSort } from "../../../../modules/hub/types"
import { GetHubOrdersSchema } from "./validators"

/**
 * A page of the hub orders this store has seen (imported, waiting for stock, or set aside with the
 * reason), and how many in all: the page found and ordered by the module's SQL (searched by the
 * marketplace's number, ordered by ship-by), its rows read with the asked fields through Query.
 */
export async function GET(req: MedusaRequest<unknown, z.infer<typeof GetHubOrdersSchema>>, res: MedusaResponse) {
  const { account, import_state, code, order_id, q, order, limit, offset } = req.validatedQuery as z.infer<typeof GetHubOrdersSchema>
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const page = await hubModule.hubOrderPage({
    account,
    importStates: import_state === undefined ? undefined : [import_state].flat(),
    code,
    orderId: order_id,
    q,
    sort: { field: order.replace(/^-/, "") as HubOrderSort, descending: order.startsWith("-") },
    limit,
    offset,
  })
  const { data } = page.ids.length
    ? await req.scope.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "hub_order", fields: req.queryConfig.fields, filters: { id: page.ids } })
    : { data: [] }
  const rows = new Map(data.map((row: { id: string }) => [row.id, row]))
  res.json({ hub_orders: page.ids.flatMap((id) => rows.get(id) ?? []), count: page.count, offset, limit })
}
