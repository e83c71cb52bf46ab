import { hubAccountsJob } from "../sync/shared/hub-job"
import { noticeSacUnanswered } from "../notifications/sac-unanswered"

/** Tells the merchant of SAC messages unanswered past `sacUnansweredHours` (src/notifications/sac-unanswered.ts). */
export default hubAccountsJob((container, account) => noticeSacUnanswered(container, account))

export const config = {
  name: "hub-notice-sac-unanswered",
  schedule: "*/5 * * * *",
}
