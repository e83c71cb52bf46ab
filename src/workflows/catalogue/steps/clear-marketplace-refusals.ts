import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { errorText } from "../../../mapping/error-text"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

/** The SKUs of the products an account's hub took in a round of the publication (their product fields sent). */
export type TakenProducts = { account: string; skus: string[] }

/**
 * Tells the account's hub that what a marketplace refused of these SKUs is fixed
 * (`PATCH /sync_errors/products`, docs/catalogue.md, Refused by the marketplace): the merchant changed
 * the product in Medusa and the hub took the product again. The marketplace looks again; an error it
 * still finds is listed again, and the next read shows it again. The PATCH is safe to repeat (clearing
 * a cleared error changes nothing), so an answer lost leaves the errors open for the next push to clear;
 * a hub that refuses it (4xx) leaves them open too, said in the log, never resent unchanged (the client).
 */
export const clearMarketplaceRefusalsStep = createStep("clear-marketplace-refusals", async ({ account, skus }: TakenProducts, { container }) => {
  if (!skus.length) return new StepResponse({ cleared: 0 })
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  const { marketplaceRefusals } = hubModule.account(account).records
  const open = await marketplaceRefusals.open("products", skus)
  if (!open.length) return new StepResponse({ cleared: 0 })
  try {
    await hubModule.account(account).syncErrors.clear(
      "products",
      open.map((error) => ({ entityId: error.entity_id, errorCategoryCode: error.error_category_code, errorCode: error.error_code }))
    )
  } catch (error) {
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`hub: account ${account}: the marketplace's refusals of ${open.length} SKU(s) were not cleared: ${errorText(error)}`)
    return new StepResponse({ cleared: 0 })
  }
  await marketplaceRefusals.clear(open.map((error) => error.id))
  return new StepResponse({ cleared: open.length })
})
