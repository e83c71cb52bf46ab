import type { MedusaContainer } from "@medusajs/framework/types"
import type { HubFiguresSnapshot } from "../hub-client"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import { notifyMerchant } from "./notify-merchant"

/** A hub failing this long (every request a 429, a 5xx or no answer) is the merchant's to know. */
export const HUB_OUTAGE_NOTICE_AFTER_MS = 5 * 60_000

/** The last failure must be this recent: a store idle since one failure is not in an outage. */
const STILL_FAILING_WITHIN_MS = 2 * 60_000

const HOUR_MS = 60 * 60_000

/** Whole minutes the hub has been failing at `now`, when that is an outage (at least `afterMs`, failing still); else null. */
export function hubOutageMinutes(failing: HubFiguresSnapshot["failing"], now: number, afterMs = HUB_OUTAGE_NOTICE_AFTER_MS): number | null {
  if (!failing) return null
  const since = Date.parse(failing.since)
  if (now - since < afterMs || now - Date.parse(failing.lastAt) > STILL_FAILING_WITHIN_MS) return null
  return Math.floor((now - since) / 60_000)
}

/**
 * Tells the merchant when this process has seen an account's hub fail for minutes: marketplaces then keep
 * selling on stale quantities, and new orders wait. At most one notice an hour across the store's
 * processes (the cause is the hour), again in a later hour while the outage lasts or recurs.
 */
export async function noticeHubOutage(
  container: MedusaContainer,
  account: string,
  { now = Date.now(), afterMs = HUB_OUTAGE_NOTICE_AFTER_MS }: { now?: number; afterMs?: number } = {}
): Promise<boolean> {
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  const minutes = hubOutageMinutes(hubModule.account(account).figures().failing, now, afterMs)
  if (minutes === null) return false
  await notifyMerchant(container, {
    account,
    cause: `hub-outage:${new Date(Math.floor(now / HOUR_MS) * HOUR_MS).toISOString()}`,
    facts: { about: "outage", minutes },
  })
  return true
}
