import { hubJob } from "../sync/shared/hub-job"
import { noticeHubOutage } from "../notifications/hub-outage"

/** Tells the merchant when the hub has failed every request for minutes (src/notifications/hub-outage.ts). */
export default hubJob((container) => noticeHubOutage(container))

export const config = {
  name: "hub-notice-outage",
  schedule: "* * * * *",
}
