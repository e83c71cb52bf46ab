import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../../../../modules/hub"
import type HubModuleService from "../../../../../modules/hub/service"
import { productPublisher } from "../../../../../sync/catalogue/product-publisher"
import { hubProductView } from "../view"

/** The merchant's ask of one product's publication: recorded, then pushed in the background; answers the row. */
export async function publicationAsk(scope: MedusaContainer, productId: string, ask: { publishNow?: boolean; excluded?: boolean }) {
  const hub: HubModuleService = scope.resolve(HUB_MODULE)
  if (!hub.hubOptions.publishProducts) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "Products are not published to the hub: set the plugin option publishProducts (HUB_PUBLISH_PRODUCTS=true)")
  }
  const [product] = await scope.resolve(Modules.PRODUCT).listProducts({ id: productId }, { select: ["id", "title"] })
  if (!product) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Product ${productId} was not found`)
  await hub.askProductPublication(productId, ask)
  void productPublisher(scope).publish()
  const [row] = await hub.listHubProductPublications({ product_id: productId })
  return hubProductView(row, product.title)
}
