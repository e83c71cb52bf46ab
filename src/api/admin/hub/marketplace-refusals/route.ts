import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../modules/hub"
import type HubModuleService from "../../../../modules/hub/service"
import type { HubSyncErrorsPage } from "../types"
import { marketplaceRefusalView } from "./fields"
import type { GetHubSyncErrors } from "./validators"

/**
 * A page of what the marketplaces refused of an account's products (by SKU) or orders (by code) after
 * the hub took them, newest first, in the hub's words; those the hub was told are fixed left out.
 */
export async function GET(req: MedusaRequest<unknown, GetHubSyncErrors>, res: MedusaResponse<HubSyncErrorsPage>) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { account, entity, limit, offset } = req.validatedQuery as GetHubSyncErrors
  const { rows, count } = await hubModule.account(account).records.marketplaceRefusals.page(entity, { limit, offset })
  res.json({ account, entity, marketplace_refusals: rows.map(marketplaceRefusalView), count, limit, offset })
}
