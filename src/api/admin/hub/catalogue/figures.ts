import type { MedusaRequest } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../modules/hub"
import type HubModuleService from "../../../../modules/hub/service"
import type { GetHubCatalogue } from "./validators"

/** The asked account's catalogue sync figures and the store's account ids: GET /admin/hub/catalogue's answer, and its alias's. */
export async function catalogueFigures(req: MedusaRequest<unknown, GetHubCatalogue>) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { account } = req.validatedQuery as GetHubCatalogue
  return { figures: await hubModule.account(account).records.catalogueFigures(), accounts: hubModule.accountIds }
}
