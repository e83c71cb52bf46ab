import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { accountOfEvent } from "../modules/hub/accounts"
import { HubEvents } from "../modules/hub/events"
import { notifyMerchant } from "../notifications/notify-merchant"
import type { SkuRefusal } from "../modules/hub/types"

/**
 * A SKU a hub refuses keeps its old values on every marketplace of that account: told once per
 * account, SKU and refusal, and again when the same refusal comes back after the hub accepted the
 * SKU in between. An event from before accounts names none: the account default's.
 */
export default async function hubSkuRefusedNotice({ event, container }: SubscriberArgs<SkuRefusal>) {
  const { sku, status, message, fields, lastSentAt } = event.data
  await notifyMerchant(container, {
    account: accountOfEvent(event.data),
    cause: `sku-refused:${sku}:${lastSentAt ?? "never"}:${status}:${message}:${[...fields].sort().join(",")}`,
    facts: { about: "sku-refused", sku, status, message, fields },
  })
}

export const config: SubscriberConfig = { event: HubEvents.SKU_REFUSED, context: { subscriberId: "hub-sku-refused-notice" } }
