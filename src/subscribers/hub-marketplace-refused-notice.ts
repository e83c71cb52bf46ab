import { createHash } from "node:crypto"
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { HubEvents } from "../modules/hub/events"
import { notifyMerchant } from "../notifications/notify-merchant"
import type { MarketplaceRefusal } from "../workflows/marketplace-refusals/record-marketplace-refusals"

/** Products or orders a marketplace refused after the hub took them: told once per account, error and set of SKUs or codes. */
export default async function hubMarketplaceRefusedNotice({ event, container }: SubscriberArgs<MarketplaceRefusal>) {
  const { account, entity, entity_ids, error_category_code, error_code, message, name, solution } = event.data
  const ids = createHash("sha256").update([...entity_ids].sort().join("\n")).digest("hex").slice(0, 16)
  await notifyMerchant(container, {
    account,
    cause: `marketplace-refused:${entity}:${error_category_code}:${error_code}:${ids}`,
    facts: { about: "marketplace-refused", entity, ids: entity_ids, reason: name ?? message ?? error_code, solution },
  })
}

export const config: SubscriberConfig = { event: HubEvents.MARKETPLACE_REFUSED, context: { subscriberId: "hub-marketplace-refused-notice" } }
