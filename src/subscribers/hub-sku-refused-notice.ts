import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { HubEvents } from "../modules/hub/events"
import { notifyMerchant } from "../notifications/notify-merchant"
import type { SkuRefusal } from "../workflows/catalogue/steps/push-catalogue-changes"

/**
 * A SKU the hub refuses keeps its old values on every marketplace: told once per SKU and refusal,
 * and again when the same refusal comes back after the hub accepted the SKU in between.
 */
export default async function hubSkuRefusedNotice({ event, container }: SubscriberArgs<SkuRefusal>) {
  const { sku, status, message, fields, lastSentAt } = event.data
  await notifyMerchant(container, {
    cause: `sku-refused:${sku}:${lastSentAt ?? "never"}:${status}:${message}:${[...fields].sort().join(",")}`,
    facts: { about: "sku-refused", sku, status, message, fields },
  })
}

export const config: SubscriberConfig = { event: HubEvents.SKU_REFUSED, context: { subscriberId: "hub-sku-refused-notice" } }
