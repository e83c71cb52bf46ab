import type { MedusaContainer } from "@medusajs/framework/types"
import { hubDeliveryOf } from "../hub-client/delivery"
import type { HubAccount } from "../modules/hub/hub-account"
import { notifyMerchant } from "./notify-merchant"

const HOUR_MS = 60 * 60_000

/**
 * How long after its deadline an order still unshipped is looked at: it was told when it passed (the
 * job runs every few minutes); one imported later than this past its deadline is not told anew.
 */
export const SHIP_BY_PASSED_LOOKBACK_MS = 72 * HOUR_MS

/** The most orders one round tells of (soonest deadline first); the next round goes on with the rest. */
const ORDERS_PER_ROUND = 200

/**
 * Tells the merchant of an account's orders still to be shipped (APPROVED or INVOICED on the hub) whose
 * dispatch deadline (*ship by*, the hub's `expedition_limit_date`) is within `shipByNoticeHours`, and
 * again once it has passed: one notice per order, deadline and cause, across processes and restarts
 * (a deadline the hub moves is told anew). Orders the marketplace's own warehouse ships are not the
 * merchant's to dispatch. `now` is the caller's clock.
 */
export async function noticeShipBy(container: MedusaContainer, account: HubAccount, { now = Date.now() }: { now?: number } = {}): Promise<{ near: number; passed: number }> {
  const due = await account.records.shipByDue(
    { after: new Date(now - SHIP_BY_PASSED_LOOKBACK_MS), until: new Date(now + account.options.shipByNoticeHours * HOUR_MS) },
    ORDERS_PER_ROUND
  )
  const told = { near: 0, passed: 0 }
  for (const order of due.filter((row) => hubDeliveryOf(row) !== "fulfillment")) {
    const shipBy = new Date(order.expedition_limit_date).toISOString()
    const about = Date.parse(shipBy) <= now ? "ship-by-passed" : "ship-by-near"
    await notifyMerchant(container, {
      account: account.id,
      cause: `${about}:${order.id}:${shipBy}`,
      facts: { about, code: order.code, remoteCode: order.remote_code, shipBy },
    })
    told[about === "ship-by-passed" ? "passed" : "near"]++
  }
  return told
}
