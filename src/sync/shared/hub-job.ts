import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { errorText } from "../../mapping/error-text"
import { HUB_MODULE } from "../../modules/hub"
import type { HubAccount } from "../../modules/hub/hub-account"
import type HubModuleService from "../../modules/hub/service"

/**
 * A scheduled job of the hub (`src/jobs/`), run only in a process whose option `jobs` is on: Medusa
 * runs jobs in every `worker` and `shared` process, and `jobs: false` keeps one out of the hub's work
 * (a store's own job runner, a test). The one place that rule is kept.
 */
export function hubJob(run: (container: MedusaContainer, hubModule: HubModuleService) => Promise<unknown>): (container: MedusaContainer) => Promise<void> {
  return async (container) => {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    if (hubModule.hubOptions.jobs) await run(container, hubModule)
  }
}

/**
 * A scheduled job run for each of the store's hub accounts at once (each within its own budget and
 * locks): one account failing, or slow, never holds the others up; its failure is logged naming it.
 */
export function hubAccountsJob(
  run: (container: MedusaContainer, account: HubAccount) => Promise<unknown>
): (container: MedusaContainer) => Promise<void> {
  return hubJob(async (container, hubModule) => {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    await Promise.all(
      hubModule.accounts.map((account) =>
        run(container, account).catch((error) => logger.warn(`hub: account ${account.id}: ${errorText(error)}`))
      )
    )
  })
}
