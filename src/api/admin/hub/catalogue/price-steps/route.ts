import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../../modules/hub"
import type HubModuleService from "../../../../../modules/hub/service"
import { hubPricesView } from "../../products/prices"
import type { HubPriceStepsPage } from "../../types"
import type { GetHubSkusInError } from "../skus-in-error/validators"

/**
 * A page of the account's SKUs whose price goes down in steps now (the hub refuses a cut of half or
 * more at once; docs/catalogue.md, The hub's price cut limit): what the hub holds, the price Medusa wants,
 * the next step's and how many are left; and how many in all.
 */
export async function GET(req: MedusaRequest<unknown, GetHubSkusInError>, res: MedusaResponse<HubPriceStepsPage>) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { limit, offset, account } = req.validatedQuery as GetHubSkusInError
  const { options, records } = hubModule.account(account)
  const { rows, count } = await records.listPriceSteps({ limit, offset })
  res.json({ price_steps: hubPricesView(rows, options), count, limit, offset })
}
