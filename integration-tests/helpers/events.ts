import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { TestEventUtils } from "@medusajs/test-utils"

/**
 * Resolves once every subscriber of the next `eventName` event has run (Medusa's own
 * `waitSubscribersExecution` on the local event bus; it fails after 15 s if the event never comes).
 * Call it before the action that emits the event: a test that checks what a subscriber did *not*
 * do waits for it to have run, not for a fixed time.
 */
export function subscribersRan(container: MedusaContainer, eventName: string): Promise<unknown> {
  return TestEventUtils.waitSubscribersExecution(eventName, container.resolve(Modules.EVENT_BUS))
}
