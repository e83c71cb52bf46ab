import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { DEFAULT_ACCOUNT } from "../modules/hub/accounts"
import { HubEvents } from "../modules/hub/events"
import { notifyMerchant } from "../notifications/notify-merchant"
import type { SkuRefusal } from "../workflows/catalogue/steps/push-catalogue-changes"

/**
 * A SKU a hub refuses keeps its old values on every marketplace of that account: told once per
 * account, SKU and refusal, and again when the same refusal comes back after the hub accepted the
 * SKU in between. The account default keeps the cause it had before accounts (no notice twice).
 */
export default async function hubSkuRefusedNotice({ event, container }: SubscriberArgs<SkuRefusal>) {
  const { sku, status, message, fields, lastSentAt } = event.data
  // An event published before accounts names none: the default account's.
  const account = event.data.account ?? DEFAULT_ACCOUNT
  const accountCause = account === DEFAULT_ACCOUNT ? "" : `${account}:`
  await notifyMerchant(container, {
    cause: `sku-refused:${accountCause}${sku}:${lastSentAt ?? "never"}:${status}:${message}:${[...fields].sort().join(",")}`,
    facts: { about: "sku-refused", account, sku, status, message, fields },
  })
}

export const config: SubscriberConfig = { event: HubEvents.SKU_REFUSED, context: { subscriberId: "hub-sku-refused-notice" } }
