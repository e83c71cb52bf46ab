import { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../../modules/hub"
import type HubModuleService from "../../modules/hub/service"

/**
 * One instance per application, whichever scope (request, subscriber, step) the caller holds:
 * keyed by the hub module's service, which every scope of one application shares.
 */
export function perApplication<T>(create: (container: MedusaContainer) => T): (container: MedusaContainer) => T {
  const instances = new WeakMap<HubModuleService, T>()
  return (container) => {
    const hub: HubModuleService = container.resolve(HUB_MODULE)
    let instance = instances.get(hub)
    if (!instance) {
      instance = create(container)
      instances.set(hub, instance)
    }
    return instance
  }
}
