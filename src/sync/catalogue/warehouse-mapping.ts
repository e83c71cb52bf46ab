import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { accountInLog } from "../../modules/hub/accounts"
import type { HubAccount } from "../../modules/hub/hub-account"
import type { HubWarehouse } from "../../modules/hub/options"
import { maskPersonalData } from "../../mapping/personal-data"
import { saveHubWarehousesWorkflow } from "../../workflows/catalogue/save-hub-warehouses"
import { reconcileCatalogue } from "./catalogue-reconciliation"

/**
 * An account's warehouses saved by their workflow (POST /admin/hub/warehouses), then a reconciliation of
 * its catalogue started in the background (followed on GET /admin/hub/catalogue): a location moved into
 * or out of a warehouse changes what that warehouse and the default sell, and the walk sends each SKU's
 * qty where it differs. One running already read the warehouses at its start: the next one, scheduled
 * or asked, takes them up.
 */
export async function saveWarehouses(container: MedusaContainer, account: HubAccount, warehouses: HubWarehouse[] | null): Promise<void> {
  await saveHubWarehousesWorkflow(container).run({ input: { account: account.id, warehouses } })
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  reconcileCatalogue(container, account).then(
    (result) => result || logger.info(`${accountInLog(account.id)} warehouses saved while a reconciliation runs: the next one sends their stock`),
    (error: unknown) => logger.warn(`${accountInLog(account.id)} the reconciliation after saving the warehouses failed: ${maskPersonalData(String((error as Error)?.message ?? error))}`)
  )
}
