import { hubAccountsJob } from "../sync/shared/hub-job"
import { noticeHubOutage } from "../notifications/hub-outage"

/** Tells the merchant when an account's hub has failed every request for minutes (src/notifications/hub-outage.ts). */
export default hubAccountsJob((container, account) => noticeHubOutage(container, account.id))

export const config = {
  name: "hub-notice-outage",
  schedule: "* * * * *",
}
