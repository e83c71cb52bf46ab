import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { HubMarketplaceCategory } from "../../../../../hub-client"
import type { MappedHubCategory } from "../../../../../mapping/hub-field-mapping"
import { HUB_MODULE } from "../../../../../modules/hub"
import type HubModuleService from "../../../../../modules/hub/service"
import type { HubCategoriesPage } from "../../types"
import type { GetHubCategories } from "../validators"

/**
 * A page of the hub's categories as its category service lists them (option `categoryServiceUrl`), each
 * with its attributes, in the form the mapping keeps (what a merchant maps a Medusa category to).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse<HubCategoriesPage>) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { account: accountId, limit, offset } = req.validatedQuery as GetHubCategories
  const account = hubModule.account(accountId)
  if (!account.options.categoryServiceUrl) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `categoryServiceUrl: account ${account.id} has no address for the hub's category service; set the option to map categories`)
  }
  const page = await account.categories.page({ limit, offset })
  res.json({ account: account.id, categories: page.categories.map(mappedCategory), count: page.total, limit, offset })
}

/** A hub category as the mapping keeps it (src/mapping/hub-field-mapping.ts). */
function mappedCategory(category: HubMarketplaceCategory): MappedHubCategory {
  return {
    id: category.id,
    name: category.name,
    ean_required: category.eanRequired,
    attributes: category.attributes.map((attribute) => ({ name_id: attribute.nameId, name: attribute.name, required: attribute.required, variant: attribute.variant, values: attribute.values })),
  }
}
