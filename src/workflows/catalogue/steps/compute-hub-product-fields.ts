import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type { WantedSkuFields } from "../../../modules/hub/models/hub-catalogue-change"
import type HubModuleService from "../../../modules/hub/service"
import { loadHubProductFieldsByAccount, type CatalogueSelector } from "../../../queries/hub-product-fields"

/** The fields one account's hub should hold of the SKUs a change reaches. */
export type AccountWantedSkuFields = { account: string; wanted: WantedSkuFields[] }

/**
 * The fields each hub should hold (qty over its own sales channel's locations and its synced
 * `catalogueFields`) of every SKU the selector reaches: for `account` alone when named (a
 * reconciliation of that hub), else for every account of the store (none is left out). Reads only.
 */
export const computeHubProductFieldsStep = createStep(
  "compute-hub-product-fields",
  async (selector: CatalogueSelector & { account?: string }, { container }) => {
    const hub: HubModuleService = container.resolve(HUB_MODULE)
    const accounts = selector.account ? [hub.account(selector.account)] : hub.accounts
    const byAccount = await loadHubProductFieldsByAccount(
      container,
      selector,
      accounts.map(({ options }) => options)
    )
    return new StepResponse<AccountWantedSkuFields[]>(accounts.map(({ id }) => ({ account: id, wanted: [...byAccount.get(id)!.values()] })))
  }
)
