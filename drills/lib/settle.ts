import { setTimeout as sleep } from "node:timers/promises"
import type { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../../src/modules/hub"
import type HubModuleService from "../../src/modules/hub/service"
import { flushCatalogueOutbox } from "../../src/sync/catalogue/catalogue-outbox"

/**
 * Flushes every account's catalogue outbox until nothing is waiting and no change has come for `quietMs`; false
 * when that takes longer than `timeoutMs`.
 */
export async function settleStock(container: MedusaContainer, { quietMs = 1_500, timeoutMs = 120_000 } = {}): Promise<boolean> {
  const hub: HubModuleService = container.resolve(HUB_MODULE)
  const deadline = Date.now() + timeoutMs
  let quietSince = Date.now()
  while (Date.now() < deadline) {
    await flushCatalogueOutbox(container).catch(() => undefined)
    const backlogs = await Promise.all(hub.accountIds.map((account) => hub.account(account).records.catalogueBacklog()))
    if (backlogs.some((backlog) => backlog !== 0)) quietSince = Date.now()
    else if (Date.now() - quietSince >= quietMs) return true
    await sleep(250)
  }
  return false
}
