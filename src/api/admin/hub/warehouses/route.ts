import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../../../modules/hub"
import type HubModuleService from "../../../../modules/hub/service"
import type { HubAccountQuery } from "../account-query"
import type { HubWarehousesAnswer } from "../types"

/**
 * A hub account's warehouses (`?account=`; docs/catalogue.md, *Warehouses*): each other warehouse the
 * option `warehouses` maps, with its Medusa stock location by name, its SKUs waiting to be sent and those
 * the hub refused, the newest refusal in the hub's words (an unknown store code is the hub's 404).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const account = hubModule.account((req.validatedQuery as HubAccountQuery).account)
  const mapped = account.options.warehouses
  const [summaries, { data: locations }] = await Promise.all([
    account.records.warehouseStockSummary(),
    mapped.length
      ? req.scope.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "stock_location", fields: ["id", "name"], filters: { id: mapped.map(({ stockLocationId }) => stockLocationId) } })
      : Promise.resolve({ data: [] as Array<{ id: string; name: string }> }),
  ])
  const names = new Map((locations as Array<{ id: string; name: string }>).map((location) => [location.id, location.name]))
  const answer: HubWarehousesAnswer = {
    warehouses: mapped.map(({ code, stockLocationId }) => {
      const summary = summaries.find((entry) => entry.warehouse === code)
      return { code, stock_location: { id: stockLocationId, name: names.get(stockLocationId) ?? null }, pending: summary?.pending ?? 0, refused: summary?.refused ?? 0, refusal: summary?.refusal ?? null }
    }),
  }
  res.json(answer)
}
