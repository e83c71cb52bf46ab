import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { MerchantOrderMoveKind } from "../hub-client"
import { maskPersonalData } from "../mapping/personal-data"
import { accountOfEvent } from "../modules/hub/accounts"
import { HubEvents } from "../modules/hub/events"
import { notifyMerchant } from "../notifications/notify-merchant"

/** A move the hub refused leaves the marketplace order where it was: told once per move, in the hub's words. */
export default async function hubOrderMoveRefusedNotice({
  event,
  container,
}: SubscriberArgs<{ id: string; account?: string; code: string; kind: MerchantOrderMoveKind; error: string | null }>) {
  const { id, code, kind, error } = event.data
  await notifyMerchant(container, {
    account: accountOfEvent(event.data),
    cause: `move-refused:${id}`,
    facts: { about: "move-refused", code, kind, error: error ? maskPersonalData(error) : null },
  })
}

export const config: SubscriberConfig = { event: HubEvents.ORDER_MOVE_REFUSED, context: { subscriberId: "hub-order-move-refused-notice" } }
