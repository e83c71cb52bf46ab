import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { PricingEvents } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import { queueCatalogueChange } from "../sync/catalogue/catalogue-outbox"

/** A price created, changed or deleted (a variant's own, or a price list's): when prices are synced, its variant's SKU goes to the outbox. */
export default async function priceHubFieldsHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  if (!(container.resolve(HUB_MODULE) as HubModuleService).syncsPrices) return
  await queueCatalogueChange(container, { priceIds: [event.data.id] })
}

export const config: SubscriberConfig = {
  event: [PricingEvents.PRICE_CREATED, PricingEvents.PRICE_UPDATED, PricingEvents.PRICE_DELETED],
  context: { subscriberId: "hub-fields-price" },
}
