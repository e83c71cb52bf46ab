import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { HubEvents } from "../modules/hub/events"
import { notifyMerchant } from "../notifications/notify-merchant"
import type { SacMessageArrived } from "../workflows/after-sale/record-sac-tickets"

/** A new message to the seller on a SAC ticket: told once per ticket and newest message, never its text or author. */
export default async function hubSacMessageNotice({ event, container }: SubscriberArgs<SacMessageArrived>) {
  const { account, ticket, order_code, at } = event.data
  await notifyMerchant(container, { account, cause: `sac-message:${ticket}:${at}`, facts: { about: "sac-message", ticket, orderCode: order_code, since: at } })
}

export const config: SubscriberConfig = { event: HubEvents.SAC_MESSAGE, context: { subscriberId: "hub-sac-message-notice" } }
