import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../../modules/hub"
import type HubModuleService from "../../../../../modules/hub/service"
import { readSac } from "../../../../../sync/sac"
import type { HubAccountQuery } from "../../account-query"
import { answerConflict } from "../../conflict"

/** Reads the account's SAC tickets and chats now (*Read now*); 409 while another read runs. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const read = await readSac(req.scope, hubModule.account((req.validatedQuery as HubAccountQuery).account))
  if (!read) return answerConflict(res, "A read of the marketplace's customer service is already running for this account")
  res.json({ read })
}
