import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../../../../modules/hub"
import { isDefaultAccount } from "../../../../../modules/hub/accounts"
import type HubModuleService from "../../../../../modules/hub/service"
import { catalogueFlusher } from "../../../../../sync/catalogue/catalogue-flusher"
import { hubProductView } from "../view"

/**
 * The merchant's ask of one product's publication on one hub account (an unknown one is a 400 naming
 * it): recorded, then pushed in the background by that account's flusher; answers the row.
 */
export async function publicationAsk(scope: MedusaContainer, accountId: string, productId: string, ask: { publishNow?: boolean; excluded?: boolean }) {
  const hub: HubModuleService = scope.resolve(HUB_MODULE)
  const { id: account, options } = hub.account(accountId)
  if (!options.publishProducts) {
    const where = isDefaultAccount(account) ? "the plugin option publishProducts (HUB_PUBLISH_PRODUCTS=true)" : `publishProducts in hub account ${account}'s options`
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Products are not published to the hub: set ${where}`)
  }
  const [product] = await scope.resolve(Modules.PRODUCT).listProducts({ id: productId }, { select: ["id", "title"] })
  if (!product) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Product ${productId} was not found`)
  await hub.account(account).records.askProductPublication(productId, ask)
  void catalogueFlusher(scope, account).flush()
  const [row] = await hub.listHubProductPublications({ account, product_id: productId })
  return hubProductView(row, product.title)
}
