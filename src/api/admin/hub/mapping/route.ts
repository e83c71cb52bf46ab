import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { HubFieldMapping } from "../../../../mapping/hub-field-mapping"
import { HUB_MODULE } from "../../../../modules/hub"
import type { HubAccount } from "../../../../modules/hub/hub-account"
import type HubModuleService from "../../../../modules/hub/service"
import { saveFieldMapping } from "../../../../sync/catalogue/catalogue-outbox"
import type { HubAccountQuery } from "../account-query"
import type { HubFieldMappingAnswer } from "../types"

/** The account's mapping of hub fields (docs/catalogue.md, Mapping); none saved: what its options say. */
export async function GET(req: MedusaRequest, res: MedusaResponse<HubFieldMappingAnswer>) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  res.json(await mappingAnswer(hubModule.account((req.validatedQuery as HubAccountQuery).account)))
}

/**
 * Saves the account's mapping; every product the account's publication holds is pushed again, and each
 * push sends only what the mapping changed of its hub body (a product it does not change: no request).
 */
export async function POST(req: MedusaRequest<HubFieldMapping>, res: MedusaResponse<HubFieldMappingAnswer & { products: number }>) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const account = hubModule.account((req.validatedQuery as HubAccountQuery).account)
  const products = await saveFieldMapping(req.scope, account, req.validatedBody)
  res.json({ ...(await mappingAnswer(account)), products })
}

/** The account's mapping as saved (or as its options say), with how it names categories and whether it reads the hub's. */
async function mappingAnswer({ id: account, options, records }: HubAccount): Promise<HubFieldMappingAnswer> {
  const { saved, ...mapping } = await records.settings.fieldMapping()
  return { account, mapping, saved, category_naming: options.categoryNaming, category_service: Boolean(options.categoryServiceUrl) }
}
