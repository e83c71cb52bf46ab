import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { HUB_MODULE } from "../modules/hub"
import { HubEvents } from "../modules/hub/events"
import type HubModuleService from "../modules/hub/service"
import { queueCatalogueChange } from "../sync/catalogue/catalogue-outbox"

/** SKUs recorded per step: a catalogue of 50,000 is never read in one go. */
const RECORD_CHUNK = 500

/**
 * An account's price rules saved: every SKU of that account recorded again, a chunk at a time (the
 * recorder reads each SKU's fields as Medusa makes them now), so the outbox sends the prices that
 * changed, on that account's hub alone. A process that dies part way leaves the rest to the next
 * reconciliation, which finds their prices different.
 */
export default async function hubPriceRulesSavedHandler({ event, container }: SubscriberArgs<{ account: string }>) {
  const hub: HubModuleService = container.resolve(HUB_MODULE)
  const { id: account } = hub.account(event.data.account)
  for (let skip = 0; ; skip += RECORD_CHUNK) {
    const rows = await hub.listHubCatalogueChanges({ account }, { select: ["sku"], order: { sku: "ASC" }, skip, take: RECORD_CHUNK })
    if (rows.length) await queueCatalogueChange(container, { account, skus: rows.map((row) => row.sku) })
    if (rows.length < RECORD_CHUNK) return
  }
}

export const config: SubscriberConfig = { event: HubEvents.PRICE_RULES_SAVED, context: { subscriberId: "hub-price-rules-saved" } }
