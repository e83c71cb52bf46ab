import { hubAccountsJob } from "../sync/shared/hub-job"
import { noticeShipBy } from "../notifications/ship-by"

/** Tells the merchant of orders near or past their ship-by date and not yet shipped (src/notifications/ship-by.ts). */
export default hubAccountsJob((container, account) => noticeShipBy(container, account))

export const config = {
  name: "hub-notice-ship-by",
  schedule: "*/5 * * * *",
}
