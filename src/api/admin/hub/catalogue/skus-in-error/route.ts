import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../../modules/hub"
import type HubModuleService from "../../../../../modules/hub/service"
import type { HubSkusInErrorPage } from "../../types"
import type { GetHubSkusInError } from "./validators"

/** A page of the SKUs an account's hub refused (4xx), or whose last push failed, newest first, with the reason; and how many in all. */
export async function GET(req: MedusaRequest<unknown, GetHubSkusInError>, res: MedusaResponse<HubSkusInErrorPage>) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { limit, offset, account } = req.validatedQuery as GetHubSkusInError
  const { skus, count } = await hubModule.account(account).records.listSkusInError({ limit, offset })
  res.json({ skus_in_error: skus, count, limit, offset })
}
