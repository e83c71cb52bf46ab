import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { Modules, ProductEvents, ProductWorkflowEvents } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import { publishProductsChanged } from "../sync/catalogue/catalogue-outbox"

const VARIANT_EVENTS: string[] = [ProductEvents.PRODUCT_VARIANT_CREATED, ProductEvents.PRODUCT_VARIANT_UPDATED, ProductEvents.PRODUCT_VARIANT_DELETED]

/**
 * Option `publishProducts`: a product created, edited or deleted, or one of its variants, is looked at
 * again (published, its changed fields sent, or disabled) once its edits are quiet, by each publishing
 * account whose channel has it or whose hub was sent it.
 */
export default async function productPublicationHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  if (!(container.resolve(HUB_MODULE) as HubModuleService).publishingAccounts.length) return
  let productId = event.data.id
  if (VARIANT_EVENTS.includes(event.name)) {
    const [variant] = await container.resolve(Modules.PRODUCT).listProductVariants({ id: event.data.id }, { select: ["product_id"], withDeleted: true })
    if (!variant?.product_id) return
    productId = variant.product_id
  }
  await publishProductsChanged(container, [productId])
}

export const config: SubscriberConfig = {
  event: [ProductWorkflowEvents.CREATED, ProductWorkflowEvents.UPDATED, ProductWorkflowEvents.DELETED, ...VARIANT_EVENTS],
  context: { subscriberId: "hub-product-publication" },
}
