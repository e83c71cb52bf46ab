import type { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../../modules/hub"
import type HubModuleService from "../../modules/hub/service"

/**
 * A scheduled job of the hub (`src/jobs/`), run only in a process whose option `jobs` is on: Medusa
 * runs jobs in every `worker` and `shared` process, and `jobs: false` keeps one out of the hub's work
 * (a store's own job runner, a test). The one place that rule is kept.
 */
export function hubJob(run: (container: MedusaContainer, hub: HubModuleService) => Promise<unknown>): (container: MedusaContainer) => Promise<void> {
  return async (container) => {
    const hub: HubModuleService = container.resolve(HUB_MODULE)
    if (hub.hubOptions.jobs) await run(container, hub)
  }
}
