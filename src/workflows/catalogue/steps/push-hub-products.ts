import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"
import type { ClaimedHubProducts, ClaimedHubProductsReading } from "../../../modules/hub/types"

/**
 * Sends each claimed hub product of one account what its hub should hold, from Medusa's reading, and
 * settles each as its push ends (the account's `catalogue`: src/modules/hub/catalogue-push/hub-products-push.ts).
 */
export const pushHubProductsStep = createStep(
  "push-hub-products",
  async ({ account, claimed, reading }: { account: string; claimed: ClaimedHubProducts; reading: ClaimedHubProductsReading }, { container }) => {
    const { catalogue } = container.resolve<HubModuleService>(HUB_MODULE).account(account)
    return new StepResponse(await catalogue.push(claimed, reading, (productId) => productTitle(container, productId)))
  }
)

/** A product's title, as the merchant knows it, for a problem that names another product. */
async function productTitle(container: MedusaContainer, productId: string): Promise<string | null> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "product", fields: ["title"], filters: { id: productId } })
  return (data[0]?.title as string | undefined) ?? null
}
