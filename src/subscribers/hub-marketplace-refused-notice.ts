import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { HubEvents } from "../modules/hub/events"
import { notifyMerchant } from "../notifications/notify-merchant"
import type { MarketplaceRefusal } from "../sync/sync-errors"

/** A product or an order a marketplace refused after the hub took it: told once per account, entity and error. */
export default async function hubMarketplaceRefusedNotice({ event, container }: SubscriberArgs<MarketplaceRefusal>) {
  const { account, entity, entity_id, error_category_code, error_code, message, name, solution } = event.data
  await notifyMerchant(container, {
    account,
    cause: `marketplace-refused:${entity}:${entity_id}:${error_category_code}:${error_code}`,
    facts: { about: "marketplace-refused", entity, id: entity_id, reason: name ?? message ?? error_code, solution },
  })
}

export const config: SubscriberConfig = { event: HubEvents.MARKETPLACE_REFUSED, context: { subscriberId: "hub-marketplace-refused-notice" } }
