import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { PricingEvents } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import { queueCatalogueChange } from "../sync/catalogue/catalogue-outbox"

/** A price list created, changed (status, dates, type) or deleted: when prices are synced, the SKUs it prices go to the outbox. */
export default async function priceListHubFieldsHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  if (!(container.resolve(HUB_MODULE) as HubModuleService).syncsPrices) return
  await queueCatalogueChange(container, { priceListIds: [event.data.id] })
}

export const config: SubscriberConfig = {
  event: [PricingEvents.PRICE_LIST_CREATED, PricingEvents.PRICE_LIST_UPDATED, PricingEvents.PRICE_LIST_DELETED],
  context: { subscriberId: "hub-fields-price-list" },
}
