import { createHash } from "node:crypto"
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { HubEvents } from "../modules/hub/events"
import { notifyMerchant } from "../notifications/notify-merchant"
import type { HeldPrices } from "../workflows/catalogue/record-catalogue-changes"

/**
 * Prices the account's rules hold under their floor, or under one they could not read, stay at the
 * hub's last price: told once per account and set of SKUs and floors held in one recording (the same
 * set recorded again tells nothing new; a SKU recorded alone later, its stock moving, is told once on
 * its own).
 */
export default async function hubPriceHeldNotice({ event, container }: SubscriberArgs<HeldPrices>) {
  const { account, skus } = event.data
  const held = createHash("sha256")
    .update(skus.map((held) => ("floor" in held ? `${held.sku}@${held.floor}` : `${held.sku}?${held.unreadable}`)).sort().join("\n"))
    .digest("hex")
    .slice(0, 16)
  await notifyMerchant(container, { account, cause: `prices-held:${held}`, facts: { about: "prices-held", skus } })
}

export const config: SubscriberConfig = { event: HubEvents.PRICE_HELD, context: { subscriberId: "hub-price-held-notice" } }
