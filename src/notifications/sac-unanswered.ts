import type { MedusaContainer } from "@medusajs/framework/types"
import type { HubAccount } from "../modules/hub/hub-account"
import { notifyMerchant } from "./notify-merchant"

const HOUR_MS = 60 * 60_000

/** The most tickets one round tells of (the longest waiting first); the next round goes on with the rest. */
const TICKETS_PER_ROUND = 200

/**
 * Tells the merchant of an account's SAC tickets whose oldest message to the seller has waited longer
 * than `sacUnansweredHours` (docs/after-sale.md): once per ticket and waiting message, across processes
 * and restarts (an answer and a new message later is told anew). `now` is the caller's clock.
 */
export async function noticeSacUnanswered(container: MedusaContainer, account: HubAccount, { now = Date.now() }: { now?: number } = {}): Promise<number> {
  const waiting = await account.records.sac.unanswered(new Date(now - account.options.sacUnansweredHours * HOUR_MS), TICKETS_PER_ROUND)
  for (const ticket of waiting) {
    const since = new Date(ticket.waiting_since).toISOString()
    await notifyMerchant(container, { account: account.id, cause: `sac-unanswered:${ticket.code}:${since}`, facts: { about: "sac-unanswered", ticket: ticket.code, orderCode: ticket.order_code, since } })
  }
  return waiting.length
}
