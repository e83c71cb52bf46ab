import type { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import { noticeHubOutage } from "../notifications/hub-outage"

/** Tells the merchant when the hub has failed every request for minutes (src/notifications/hub-outage.ts). */
export default async function noticeHubOutageJob(container: MedusaContainer) {
  const hub: HubModuleService = container.resolve(HUB_MODULE)
  if (!hub.hubOptions.jobs) return
  await noticeHubOutage(container)
}

export const config = {
  name: "hub-notice-outage",
  schedule: "* * * * *",
}
