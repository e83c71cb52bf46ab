import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../modules/hub"
import { accountKey } from "../modules/hub/accounts"
import { errorText } from "../mapping/error-text"
import type HubModuleService from "../modules/hub/service"
import { noticeText, type MerchantNoticeFacts } from "./notice-texts"

/** What the merchant is told in Medusa's admin notification feed (the bell): a title, a line, never customer data. */
export type MerchantNotice = {
  /** One notice per cause: the same cause again (another run, another process, a restart) is not shown twice. */
  cause: string
  facts: MerchantNoticeFacts
  /** The hub account it is about: named in the title (unless `default`), and part of the cause. */
  account: string
}

/**
 * Puts a notice in Medusa's admin feed: the Notification Module's `feed` channel with the `admin-ui`
 * template (what the dashboard's bell reads; Medusa's default configuration provides the channel).
 * The notification's idempotency key is the cause, taken under a lock of that key, so a cause is one
 * notice across the store's processes and restarts. Off with the `notifications` option; a
 * store without a feed channel gets a warning in the log instead, and nothing else changes.
 */
export async function notifyMerchant(container: MedusaContainer, notice: MerchantNotice): Promise<void> {
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  if (!hubModule.hubOptions.notifications) return
  const { account } = notice
  const data = noticeText(notice.facts, hubModule.hubOptions.notificationLanguage, account)
  try {
    const idempotencyKey = `medusa-plugin-hub:${accountKey(account)}${notice.cause}`
    // The Notification Module checks the key without a lock: two processes at once would both create it.
    await container.resolve(Modules.LOCKING).execute(idempotencyKey, () =>
      container.resolve(Modules.NOTIFICATION).createNotifications({
        to: "",
        channel: "feed",
        template: "admin-ui",
        data,
        idempotency_key: idempotencyKey,
      })
    )
  } catch (error) {
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`hub: the admin feed notice "${data.title}" was not created: ${errorText(error)}`)
  }
}
