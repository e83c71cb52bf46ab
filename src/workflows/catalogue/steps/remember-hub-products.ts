import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type { WantedSkuFields } from "../../../modules/hub/types"
import type HubModuleService from "../../../modules/hub/service"

/**
 * Gives the store's SKUs a reconciliation found equal on an account's hub an outbox row of that account naming their variant
 * and product, so deleting or renaming the variant later finds the SKU to stop selling. No
 * compensation: a row saying what the hub holds is true whatever happens next.
 */
export const rememberHubProductsStep = createStep("remember-hub-products", async ({ account, inSync }: { account: string; inSync: WantedSkuFields[] }, { container }) => {
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  await hubModule.account(account).records.rememberHubProducts(inSync)
  return new StepResponse(undefined)
})
