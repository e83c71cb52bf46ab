import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../../modules/hub"
import type HubModuleService from "../../../../../modules/hub/service"
import { readSyncErrors } from "../../../../../sync/sync-errors"
import type { HubAccountQuery } from "../../account-query"
import { answerConflict } from "../../conflict"

/** Reads what the marketplaces refused of the account's products and orders now (*Read now*); 409 while another read runs. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const read = await readSyncErrors(req.scope, hubModule.account((req.validatedQuery as HubAccountQuery).account))
  if (!read) return answerConflict(res, "A read of what the marketplaces refused is already running for this account")
  res.json({ read })
}
