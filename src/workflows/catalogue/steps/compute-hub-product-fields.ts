import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type { WantedSkuFields } from "../../../modules/hub/types"
import type HubModuleService from "../../../modules/hub/service"
import { loadAccountReadings, type CatalogueSelector } from "../../../queries/hub-product-fields"

/**
 * The fields one account's hub should hold of the SKUs a change reaches: its default warehouse's, and
 * each other warehouse's qty by store code (option `warehouses`, docs/catalogue.md *Warehouses*).
 */
export type AccountWantedSkuFields = { account: string; wanted: WantedSkuFields[]; warehouses?: Array<{ code: string; wanted: WantedSkuFields[] }> }

/**
 * The fields each hub should hold (qty over its own sales channel's locations and its synced
 * `catalogueFields`, and each mapped location's qty for its warehouse) of every SKU the selector
 * reaches: for `account` alone when named (a reconciliation of that hub), else for every account of
 * the store (none is left out). Reads only.
 */
export const computeHubProductFieldsStep = createStep(
  "compute-hub-product-fields",
  async (selector: CatalogueSelector & { account?: string }, { container }) => {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const accounts = selector.account ? [hubModule.account(selector.account)] : hubModule.accounts
    const byAccount = await loadAccountReadings(
      container,
      selector,
      accounts.map(({ options }) => options)
    )
    return new StepResponse<AccountWantedSkuFields[]>(
      accounts.map(({ id }) => {
        const { skus, warehouses } = byAccount.get(id)!
        return { account: id, wanted: [...skus.values()], ...(warehouses.size ? { warehouses: [...warehouses].map(([code, wanted]) => ({ code, wanted })) } : {}) }
      })
    )
  }
)
