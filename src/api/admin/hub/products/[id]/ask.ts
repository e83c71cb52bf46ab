import type { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../../../../../modules/hub"
import type HubModuleService from "../../../../../modules/hub/service"
import { catalogueFlusher } from "../../../../../sync/catalogue/catalogue-flusher"
import { askHubProductPublicationWorkflow } from "../../../../../workflows/catalogue/ask-hub-product-publication"
import type { ProductPublicationAsk } from "../../../../../workflows/catalogue/steps/ask-hub-product-publication"
import { hubProductView } from "../view"

/**
 * The merchant's ask of one product's publication on one hub account (an unknown one is a 400 naming
 * it): recorded by its workflow, then pushed in the background by that account's flusher; answers the row.
 */
export async function publicationAsk(scope: MedusaContainer, accountId: string, productId: string, ask: ProductPublicationAsk) {
  const hubModule: HubModuleService = scope.resolve(HUB_MODULE)
  const account = hubModule.account(accountId)
  const { result: product } = await askHubProductPublicationWorkflow(scope).run({ input: { account: account.id, productId, ask } })
  void catalogueFlusher(scope, account).flush()
  const row = await account.records.publications.of(productId)
  // The ask's workflow made or kept the row: it is there to answer.
  return hubProductView(row!, product.title)
}
